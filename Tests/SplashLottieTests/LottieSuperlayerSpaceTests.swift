import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashLottie

/// A lone shape whose group places it once and for all is drawn in its holder's space and is
/// the holder (`LottieShapeBuilder.drawnInSuperlayerSpace`): its path mapped, its stroke's
/// lengths scaled, each point landing where the two layers put it.
@Suite("A lone shape placed once and for all is drawn in its holder's space, as the holder")
struct LottieSuperlayerSpaceTests {
  typealias Support = LottieTestSupport

  private let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
  /// A rectangle growing from 20 × 10 at frame 0 to 40 × 30 at frame 30.
  private let growingRectangle =
    #"{"ty":"rc","p":{"a":0,"k":[5,0]},"s":{"a":1,"k":[{"t":0,"s":[20,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[40,30]}]},"r":{"a":0,"k":0}}"#
  private let dashedStroke = #"""
    {"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":1,"k":[{"t":0,"s":[2],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[4]}]},
     "lc":2,"lj":1,"d":[{"n":"d","v":{"a":0,"k":4}},{"n":"g","v":{"a":0,"k":2}},{"n":"o","v":{"a":0,"k":1}}]}
    """#
  /// Moves from (60, 70) to (140, 120) over frames 0 to 30, turning from 10° to −40°.
  private let moving = #"""
    {"p":{"a":1,"k":[{"t":0,"s":[60,70],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[140,120]}]},"a":{"a":0,"k":[4,-3]},
     "s":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[-40]}]},"o":{"a":0,"k":100}}
    """#

  /// A moving Lottie layer "box" (at `opacity` %) holding a group "G" of `items` under the
  /// group transform `tr`.
  private func scene(_ items: [String], tr: String, opacity: String = "100") throws -> Scene {
    let ks = moving.replacingOccurrences(of: #""o":{"a":0,"k":100}"#, with: #""o":{"a":0,"k":\#(opacity)}"#)
    let transform = #"{"ty":"tr","# + tr.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst()
    let group = #"{"ty":"gr","nm":"G","it":[\#((items + [transform]).joined(separator: ","))]}"#
    let layer = #"{"ty":4,"nm":"box","ind":1,"ip":0,"op":60,"ks":\#(ks),"shapes":[\#(group)]}"#
    return try Support.compile(Support.document(layers: layer))
  }

  /// The chain from the top layer down to the layer that draws the shape.
  private func shapeChain(_ scene: Scene, at time: Double) throws -> [PresentationLayer] {
    var chain = [try #require(scene.presentation(at: time).layers.first)]
    while chain[chain.count - 1].kind != .shape, let next = chain[chain.count - 1].sublayers.first { chain.append(next) }
    return chain
  }

  /// The points each element of `path` ends at.
  private func endPoints(of path: Path) -> [Point] {
    path.elements.compactMap { element in
      switch element {
      case .move(let point), .line(let point), .quadCurve(_, let point), .cubicCurve(_, _, let point): point
      case .close: nil
      }
    }
  }

  @Test(
    "a group that scales, turns and shifts its one shape makes no layer: the moving Lottie layer draws the shape, every point where it was")
  func pointsLandAsBefore() throws {
    let tr = Support.transform(position: "[30,10]", anchor: "[2,3]", scale: "[150,150]", rotation: "90")
    let folded = try scene([growingRectangle, dashedStroke], tr: tr)
    // At 50 % the Lottie layer fades itself and keeps the group's shape as a layer of its own.
    let kept = try scene([growingRectangle, dashedStroke], tr: tr, opacity: "50")
    for time in [0, 0.25, 0.5, 1] {
      let one = try shapeChain(folded, at: time)
      let two = try shapeChain(kept, at: time)
      #expect(one.count == 1 && one[0].id == "box" && one[0].sublayers.isEmpty, "\(one.map(\.id))")
      #expect(two.count == 2 && two[1].kind == .shape, "\(two.map(\.id))")
      let onePoints = endPoints(of: try #require(one[0].properties.shape.path))
      let twoPoints = endPoints(of: try #require(two[1].properties.shape.path))
      #expect(onePoints.count == twoPoints.count && onePoints.count >= 4)
      for (mapped, original) in zip(onePoints, twoPoints) {
        let here = Support.canvasPoint(mapped, through: one)
        let there = Support.canvasPoint(original, through: two)
        #expect(abs(here.x - there.x) < 1e-9 && abs(here.y - there.y) < 1e-9, "at \(time): \(here) against \(there)")
      }
      // Lengths grow by the group's 150 %: the width (animated from 2 to 4) and the dashes.
      let width = two[1].properties.shape.lineWidth
      #expect(abs(one[0].properties.shape.lineWidth - 1.5 * width) < 1e-12, "at \(time)")
      #expect(one[0].properties.shape.lineDashPattern == [6, 3] && one[0].properties.shape.lineDashPhase == 1.5)
      #expect(two[1].properties.shape.lineDashPattern == [4, 2] && two[1].properties.shape.lineDashPhase == 1)
    }
  }

  @Test("a group that squeezes its shape, or moves it, keeps the shape a layer of its own")
  func keptApart() throws {
    let squeezed = try shapeChain(try scene([square, dashedStroke], tr: Support.transform(scale: "[150,80]")), at: 0.5)
    #expect(squeezed.count == 2, "\(squeezed.map(\.id))")
    let sliding = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[20,0]}]},"a":{"a":0,"k":[0,0]},
       "s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
      """#
    let moved = try shapeChain(try scene([square, dashedStroke], tr: sliding), at: 0.5)
    #expect(moved.count == 2, "\(moved.map(\.id))")
  }

  @Test("only a shape drawing nothing in its own space but its path, animated in keyframes, is redrawn in its superlayer's")
  func conditions() {
    func keyframes(_ keyPath: LayerKeyPath, _ values: [AnimatableValue], additive: Bool = false) -> Animation {
      .property(
        PropertyAnimation(
          keyPath: keyPath, timing: MediaTiming(duration: 1), values: .keyframes(KeyframeTrack(values: values)),
          isAdditive: additive))
    }
    let triangle = Path(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 0, y: 10)), .close])
    var shape = Layer(id: "s", kind: .shape)
    shape.properties.shape.path = triangle
    shape.properties.shape.lineWidth = 2
    shape.properties.position = Point(x: 5, y: 7)
    shape.properties.transform = Transform3D(scaleX: 2, y: 2)
    shape.animations = [
      keyframes(LayerPropertyRegistry.path.keyPath, [.path(triangle), .path(triangle.applying(AffineTransform(translationX: 1, y: 0)))]),
      keyframes(LayerPropertyRegistry.lineWidth.keyPath, [.scalar(1), .scalar(3)]),
      keyframes(LayerPropertyRegistry.strokeEnd.keyPath, [.scalar(0), .scalar(1)]),
    ]
    let drawn = LottieShapeBuilder.drawnInSuperlayerSpace(shape)
    #expect(drawn.map(LottieShapeBuilder.isPlacedWhereItsSuperlayerIs) == true)
    // (10, 0) scaled by 2 and placed at (5, 7); the width 2, and 1 to 3, doubled; the trim as it was.
    #expect(drawn.flatMap { endPoints(of: $0.properties.shape.path ?? Path())[1] } == Point(x: 25, y: 7))
    #expect(drawn?.properties.shape.lineWidth == 4)
    let animated = drawn?.animations.compactMap { animation -> [AnimatableValue]? in
      guard case .property(let property) = animation, case .keyframes(let track) = property.values else { return nil }
      return track.values
    }
    #expect(
      animated?[0] == [
        .path(triangle.applying(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 7))),
        .path(
          triangle.applying(AffineTransform(translationX: 1, y: 0)).applying(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 7))),
      ])
    #expect(animated?[1] == [.scalar(2), .scalar(6)] && animated?[2] == [.scalar(0), .scalar(1)])

    var refused: [(String, Layer)] = []
    /// `shape` changed by `change`, expected to be refused.
    func refuse(_ name: String, _ change: (inout Layer) -> Void) {
      var layer = shape
      change(&layer)
      refused.append((name, layer))
    }
    refuse("squeezed") { $0.properties.transform = Transform3D(scaleX: 2, y: 1) }
    refuse("sized") { $0.properties.bounds = Rect(x: 0, y: 0, width: 4, height: 4) }
    refuse("shadowed") { $0.properties.shadow.opacity = 0.5 }
    refuse("blurred") { $0.properties.blurRadius = 2 }
    refuse("masked") { $0.mask = Layer(id: "m", kind: .shape) }
    refuse("holding a sublayer") { $0.sublayers = [Layer(id: "child")] }
    refuse("sliding") { $0.animations.append(keyframes(LayerPropertyRegistry.positionX.keyPath, [.scalar(0), .scalar(3)])) }
    refuse("animating its background") {
      $0.animations.append(keyframes(LayerPropertyRegistry.backgroundColor.keyPath, [.color(.black), .color(.white)]))
    }
    refuse("adding to its width") {
      $0.animations = [keyframes(LayerPropertyRegistry.lineWidth.keyPath, [.scalar(1), .scalar(3)], additive: true)]
    }
    refuse("a basic animation of its path") {
      $0.animations = [
        .property(
          PropertyAnimation(
            keyPath: LayerPropertyRegistry.path.keyPath, timing: MediaTiming(duration: 1),
            values: .basic(from: nil, to: .path(triangle), by: nil)))
      ]
    }
    refused.append(("a plain layer", Layer(id: "l")))
    for (name, layer) in refused { #expect(LottieShapeBuilder.drawnInSuperlayerSpace(layer) == nil, "\(name)") }
  }
}
