import Foundation
import SplashCore
import SplashLottie
import SplashModel
import Testing

/// A Lottie repeater's copies hold one array of layers, which the evaluator presents once for
/// all of them (`SiblingSublayers`), to the trees `Scene.presentation(at:)` gives.
@Suite("A repeater's copies are presented once for all")
struct RepeaterEvaluationTests {
  /// A group repeated 5 times: a square sliding and turning, filled, its copies stepped by a
  /// position that itself animates (so every copy moves), fading from 100 % to 40 %; and a
  /// second repeater, of 3 copies of a still circle.
  static let document: String = {
    let slide =
      #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":20,"s":[30,10]},{"t":40,"s":[30,10]}]}"#
    let square = #"{"ty":"rc","p":\#(slide),"s":{"a":0,"k":[12,12]},"r":{"a":0,"k":2}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[0.9,0.3,0.2,1]},"o":{"a":0,"k":100}}"#
    let step = #"{"a":1,"k":[{"t":0,"s":[14,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[18,6]}]}"#
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":5},"o":{"a":0,"k":0},"m":1,"tr":{"a":{"a":0,"k":[0,0]},"p":\#(step),"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":8},"so":{"a":0,"k":100},"eo":{"a":0,"k":40}}}"#
    let turn =
      #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":40,"s":[90]}]},"o":{"a":0,"k":100}}"#
    let group = #"{"ty":"gr","it":[\#(square),\#(fill),\#(turn)]}"#
    let circle = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}"#
    let still =
      #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,15]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let layer =
      #"{"ty":4,"nm":"shapes","ip":0,"op":40,"ks":{"p":{"a":0,"k":[40,60]}},"shapes":[\#(group),\#(repeater),\#(circle),\#(fill),\#(still)]}"#
    return #"{"v":"5.7.4","fr":20,"ip":0,"op":40,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
  }()

  static func scene() throws -> Scene {
    try LottieCompiler.compile(Data(document.utf8), file: "repeater.json")
  }

  /// The layers whose ids end in " (repeater)", depth first.
  static func repeaters(in layers: [PresentationLayer]) -> [PresentationLayer] {
    layers.flatMap { ($0.id.hasSuffix(" (repeater)") ? [$0] : []) + repeaters(in: $0.sublayers) }
  }

  static func address(_ layers: [PresentationLayer]) -> UnsafeRawPointer? {
    layers.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  @Test("copies that move alike present one array of layers")
  func presentedOnce() throws {
    let scene = try Self.scene()
    let tree = SceneEvaluator(scene).presentation(at: 0.7)
    // The second repeater repeats the items above it, the first repeater's copies among them.
    let found = Self.repeaters(in: tree.layers)
    #expect(found.count >= 2)
    var taken = 0
    for repeater in found {
      // Copy 0 stays where the layer is; the others move with the animated step. A copy's
      // motion is part of what its layers are presented with.
      var firstByMotion: [Bool: UnsafeRawPointer] = [:]
      for copy in repeater.sublayers {
        let address = try #require(Self.address(copy.sublayers))
        if let first = firstByMotion[copy.isMoving] {
          #expect(address == first, "\(copy.id) takes the layers of the first copy moving as it does")
          taken += 1
        } else {
          firstByMotion[copy.isMoving] = address
        }
      }
    }
    #expect(taken >= 3)
  }

  @Test("the trees are those evaluated alone, frame after frame and from far-off frames")
  func sameTrees() throws {
    EvaluatedTrees.expectSameAsAlone(try Self.scene(), at: (0...44).map { -0.1 + 2.2 * Double($0) / 44 })
  }
}
