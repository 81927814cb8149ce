import Foundation
import SplashCore
import SplashLottie
import Testing

@testable import SplashModel

/// A precomposition used several times is compiled once for each use; its copies' layers hold
/// one storage of values and one array of animations (`Layer.shareEqualProperties`), and the
/// evaluator applies each pair once a frame for all of them (`AppliedAnimations`), to the trees
/// `Scene.presentation(at:)` gives.
@Suite("A precomposition's copies are applied once a frame")
struct PrecompositionCopiesTests {
  /// A composition of two dots, one sliding and one fading as it grows, used five times: three
  /// side by side at the same times; once as the alpha matte of a bar; once replayed through a
  /// time remap (its dots the same layers at other times); and once started 10 frames late (its
  /// animations shifted, so not copies of the others').
  static let document: String = {
    let slide =
      #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":30,"s":[40,10]}]}"#
    let grow = #"{"a":1,"k":[{"t":5,"s":[50,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":40,"s":[150,150]}]}"#
    let fade = #"{"a":1,"k":[{"t":0,"s":[100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":50,"s":[20]}]}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[0.2,0.5,0.9,1]},"o":{"a":0,"k":100}}"#
    let round = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[16,16]}}"#
    let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[12,12]},"r":{"a":0,"k":0}}"#
    let sliding = #"{"ty":4,"nm":"sliding","ip":0,"op":60,"st":0,"ks":{"p":\#(slide)},"shapes":[\#(round),\#(fill)]}"#
    let growing =
      #"{"ty":4,"nm":"growing","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[20,30]},"s":\#(grow),"o":\#(fade)},"shapes":[\#(square),\#(fill)]}"#
    let dots = #"{"id":"dots","layers":[\#(sliding),\#(growing)]}"#
    func use(_ name: String, x: Double, y: Double, extra: String = "") -> String {
      #"{"ty":0,"nm":"\#(name)","refId":"dots","w":80,"h":60,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[\#(x),\#(y)]},"a":{"a":0,"k":[0,0]}}\#(extra)}"#
    }
    let replay = #","tm":{"a":1,"k":[{"t":0,"s":[1.5],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[0]}]}"#
    let bar =
      #"{"ty":4,"nm":"bar","tt":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[0,150]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[60,20]},"s":{"a":0,"k":[120,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.9,0.4,0.1,1]},"o":{"a":0,"k":100}}]}"#
    let layers = [
      use("left", x: 10, y: 10), use("middle", x: 70, y: 10), use("right", x: 130, y: 10),
      use("matte", x: 0, y: 130, extra: #","td":1"#), bar,
      use("replayed", x: 10, y: 70, extra: replay),
      #"{"ty":0,"nm":"late","refId":"dots","w":80,"h":60,"ip":0,"op":60,"st":10,"ks":{"p":{"a":0,"k":[100,70]},"a":{"a":0,"k":[0,0]}}}"#,
    ]
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[\#(dots)],"layers":[\#(layers.joined(separator: ","))]}"#
  }()

  static func scene() throws -> Scene {
    try LottieCompiler.compile(Data(document.utf8), file: "copies.json")
  }

  /// The same composition used twice, one use after the other (in and out points 0–30 and
  /// 30–60 of the same scene time), or overlapping by `overlap` frames.
  static func oneAfterTheOther(overlap: Int = 0) throws -> Scene {
    let layers = try #require(
      (try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])?["layers"] as? [[String: Any]])
    var first = try #require(layers.first { $0["nm"] as? String == "left" })
    var second = try #require(layers.first { $0["nm"] as? String == "middle" })
    first["op"] = 30 + overlap
    second["ip"] = 30
    var root = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
    root["layers"] = [first, second]
    return try LottieCompiler.compile(try JSONSerialization.data(withJSONObject: root), file: "one-after-the-other.json")
  }

  /// The model layer with `id`, depth first, masks included.
  static func model(_ id: String, in layers: [Layer]) -> Layer? {
    for layer in layers {
      if layer.id == id { return layer }
      if let found = model(id, in: layer.sublayers + (layer.mask.map { [$0] } ?? [])) { return found }
    }
    return nil
  }

  /// The ids of the dot `name` in each use, by use.
  static func dots(_ name: String) -> [String: String] {
    Dictionary(uniqueKeysWithValues: ["left", "middle", "right", "matte", "replayed", "late"].map { ($0, "\($0)/\(name)") })
  }

  @Test("the copies' layers hold one storage of values and one array of animations")
  func modelShared() throws {
    let scene = try Self.scene()
    for name in ["sliding", "growing"] {
      let ids = Self.dots(name)
      let left = try #require(Self.model(ids["left"]!, in: scene.layers), "\(ids["left"]!)")
      #expect(!left.animations.isEmpty)
      for use in ["middle", "right", "matte", "replayed"] {
        let copy = try #require(Self.model(ids[use]!, in: scene.layers), "\(ids[use]!)")
        #expect(copy.propertiesStorage.isIdentical(to: left.propertiesStorage), "\(copy.id)'s values")
        #expect(copy.animations.sharesStorage(with: left.animations), "\(copy.id)'s animations")
      }
      // Started late, its keyframes are shifted: other animations, which stay its own.
      let late = try #require(Self.model(ids["late"]!, in: scene.layers))
      #expect(late.animations != left.animations)
      #expect(!late.animations.sharesStorage(with: left.animations))
    }
  }

  @Test("copies are numbered where two may show at once, not when one follows the other")
  func copiesThatMeet() throws {
    // Each dot's values and animations, held by six uses that overlap (the late one's are
    // its own, the replayed one's count in scene time above its remap).
    #expect(AnimatedCopies(try Self.scene().layers).count == 2)
    #expect(AnimatedCopies(try Self.oneAfterTheOther().layers).count == 0)
    #expect(AnimatedCopies(try Self.oneAfterTheOther(overlap: 1).layers).count == 2)
    EvaluatedTrees.expectSameAsAlone(try Self.oneAfterTheOther(overlap: 1), at: (0...20).map { Double($0) / 10 })
  }

  @Test("copies at one time are presented with the values applied once")
  func appliedOnce() throws {
    let scene = try Self.scene()
    let evaluator = SceneEvaluator(scene)
    for time in [0.2, 0.5, 1.1] {
      let tree = evaluator.presentation(at: time)
      for name in ["sliding", "growing"] {
        let ids = Self.dots(name)
        let left = try #require(tree.layer(withID: ids["left"]!))
        for use in ["middle", "right", "matte"] {
          let copy = try #require(tree.layer(withID: ids[use]!), "\(ids[use]!) at \(time) s")
          #expect(copy.$properties.isIdentical(to: left.$properties), "\(copy.id) takes the left copy's values at \(time) s")
        }
        // Replayed, the same layers show other times: values of their own.
        let replayed = try #require(tree.layer(withID: ids["replayed"]!))
        #expect(replayed.properties != left.properties, "\(replayed.id) at \(time) s")
        #expect(replayed == scene.presentation(at: time).layer(withID: ids["replayed"]!))
      }
    }
  }

  @Test("the trees are those evaluated alone, frame after frame and from far-off frames")
  func sameTrees() throws {
    let scene = try Self.scene()
    var markedMoving = 0
    EvaluatedTrees.expectSameAsAlone(scene, at: (0...44).map { -0.1 + 2.2 * Double($0) / 44 }) { tree, alone, time in
      // Marked moving as when evaluated alone, layer by layer (the growing dot fades, so the
      // motion probe looks at it, through the values its copies placed a moment later).
      for name in ["sliding", "growing"] {
        for (_, id) in Self.dots(name) {
          #expect(tree.layer(withID: id)?.isMoving == alone.layer(withID: id)?.isMoving, "\(id) at \(time) s")
          if tree.layer(withID: id)?.isMoving == true { markedMoving += 1 }
        }
      }
    }
    #expect(markedMoving > 100)
  }
}
