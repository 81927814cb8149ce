import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Layer transforms and keyframe timing, checked by where a point of the content lands on the
/// canvas at chosen frames, worked out from the file's numbers.
@Suite("Lottie transforms and keyframes: anchor, position, scale, rotation, easing, holds, parents, start times")
struct LottieTransformTests {
  typealias Support = LottieTestSupport

  /// A shape layer `name` holding a 10 × 10 square at its origin, with transform `ks` and `extra` members.
  private func layer(_ name: String, ks: String, extra: String = "") -> String {
    """
    {"ty":4,"nm":"\(name)","ind":\(name.count),"ip":0,"op":60,"st":0,"ks":\(ks)\(extra.isEmpty ? "" : "," + extra),
     "shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
    """
  }

  /// Where point `point` of layer `name`'s content is at scene time `time`.
  private func canvasPosition(_ point: Point, of name: String, in scene: Scene, at time: Double) throws -> Point {
    // As inspect reads it: some frames are at or past the layer's out point.
    let tree = scene.presentation(at: time, keepsHiddenSubtrees: true)
    let chain = try #require(Support.chain(in: tree) { $0 == name })
    return Support.canvasPoint(point, through: chain)
  }

  private func expectNear(_ found: Point, _ expected: Point, _ label: String, tolerance: Double = 1e-6) {
    #expect(abs(found.x - expected.x) < tolerance && abs(found.y - expected.y) < tolerance, "\(label): \(found), expected \(expected)")
  }

  @Test("p + R·S·(q − a): anchor, position, scale and rotation place a point as After Effects does")
  func staticTransform() throws {
    let ks = Support.transform(position: "[100,50]", anchor: "[5,5]", scale: "[200,50]", rotation: "90")
    let scene = try Support.compile(Support.document(layers: layer("box", ks: ks)))
    // q = (10, 5): q − a = (5, 0); scaled (10, 0); turned 90° clockwise (y down): (0, 10).
    expectNear(try canvasPosition(Point(x: 10, y: 5), of: "box", in: scene, at: 0), Point(x: 100, y: 60), "right edge")
    expectNear(try canvasPosition(Point(x: 5, y: 5), of: "box", in: scene, at: 0), Point(x: 100, y: 50), "the anchor at p")
  }

  @Test("position keyframes ease by their o and i control points, per segment, in scene seconds")
  func easedPosition() throws {
    let ks = """
      {"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0.42,"y":0},"i":{"x":0.58,"y":1}},{"t":30,"s":[100,40],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[0,40]}]}}
      """
    let scene = try Support.compile(Support.document(layers: layer("box", ks: ks)))
    for frame in [0.0, 7.5, 15, 22.5, 30, 45, 60, 75] {
      let eased: Point
      if frame <= 30 {
        let progress = Support.bezier(0.42, 0, 0.58, 1, at: frame / 30)
        eased = Point(x: 100 * progress, y: 40 * progress)
      } else {
        eased = Point(x: 100 - 100 * min((frame - 30) / 30, 1), y: 40)
      }
      expectNear(try canvasPosition(.zero, of: "box", in: scene, at: frame / 30), eased, "frame \(frame)", tolerance: 1e-4)
    }
  }

  @Test("dimensions that ease differently move separately; a hold keeps its value until the next keyframe")
  func perDimensionEasingAndHold() throws {
    let ks = """
      {"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0,0.5],"y":[0,0]},"i":{"x":[1,0.5],"y":[1,1]}},{"t":30,"s":[60,60],"h":1},{"t":45,"s":[0,0]}]}}
      """
    let scene = try Support.compile(Support.document(layers: layer("box", ks: ks)))
    let middle = try canvasPosition(.zero, of: "box", in: scene, at: 0.5)  // frame 15
    let y = 60 * Support.bezier(0.5, 0, 0.5, 1, at: 0.5)
    expectNear(middle, Point(x: 30, y: y), "x linear, y eased", tolerance: 1e-4)
    expectNear(try canvasPosition(.zero, of: "box", in: scene, at: 44.9 / 30), Point(x: 60, y: 60), "held just before frame 45")
    expectNear(try canvasPosition(.zero, of: "box", in: scene, at: 1.5), .zero, "jumped at frame 45")
  }

  @Test("scale from 0 % grows both axes and keeps the rotation, never collapsing one axis for good")
  func scaleFromZero() throws {
    let ks = """
      {"s":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[100,100]}]},"r":{"a":0,"k":90},"p":{"a":0,"k":[100,100]}}
      """
    let scene = try Support.compile(Support.document(layers: layer("box", ks: ks)))
    expectNear(
      try canvasPosition(Point(x: 10, y: 0), of: "box", in: scene, at: 0.5), Point(x: 100, y: 105), "half size, turned", tolerance: 1e-4)
    expectNear(
      try canvasPosition(Point(x: 0, y: 10), of: "box", in: scene, at: 1), Point(x: 90, y: 100), "full size, turned", tolerance: 1e-4)
  }

  @Test("a parent lends its transform, not its opacity; a layer's start time leaves its keyframes in composition time")
  func parentsAndStartTimes() throws {
    let parent = """
      {"ty":3,"nm":"parent","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,0]},"o":{"a":0,"k":0},"r":{"a":0,"k":90}}}
      """
    let childKS = """
      {"p":{"a":1,"k":[{"t":0,"s":[10,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[20,0]}]}}
      """
    let child = layer("child", ks: childKS, extra: #""parent":1"#).replacingOccurrences(of: #""st":0"#, with: #""st":15"#)
    let scene = try Support.compile(Support.document(layers: child + "," + parent))
    // Frame 30 of the scene is the child's key at 30 (its st 15 moves nothing): x = 20 in the
    // parent's space, which is turned 90° and moved to (50, 0).
    expectNear(try canvasPosition(.zero, of: "child", in: scene, at: 1), Point(x: 50, y: 20), "through the parent", tolerance: 1e-4)
    expectNear(
      try canvasPosition(.zero, of: "child", in: scene, at: 0.5), Point(x: 50, y: 15), "half way at frame 15", tolerance: 1e-4)
    let tree = scene.presentation(at: 1)
    let chain = try #require(Support.chain(in: tree) { $0 == "child" })
    #expect(chain.allSatisfy { $0.properties.opacity == 1 }, "the parent's opacity 0 is not lent")
    #expect(Support.chain(in: tree) { $0 == "parent" } == nil, "a null draws nothing of its own")
  }

  @Test("a layer shows from its in point to its out point")
  func inAndOutPoints() throws {
    let box = layer("box", ks: Support.transform()).replacingOccurrences(of: #""ip":0,"op":60"#, with: #""ip":10,"op":20"#)
    let scene = try Support.compile(Support.document(layers: box))
    func shown(_ time: Double) -> Bool {
      Support.chain(in: scene.presentation(at: time)) { $0 == "box" }?.last?.properties.isHidden == false
    }
    #expect(!shown(9.9 / 30) && shown(10 / 30) && shown(19.9 / 30) && !shown(20 / 30))
    let outOnly = layer("box", ks: Support.transform()).replacingOccurrences(of: #""ip":0,"op":60"#, with: #""op":20"#)
    let open = try Support.compile(Support.document(layers: outOnly))
    #expect(
      Support.chain(in: open.presentation(at: 0)) { $0 == "box" }?.last?.properties.isHidden == false, "no in point: shown from the start")
  }

  @Test("a time remap freezes or reverses a precomposition's time: its layers' keyframes and in points follow it")
  func timeRemap() throws {
    let fade =
      #"{"ty":3,"nm":"fade","ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[100]}]}}}"#
    let late = #"{"ty":4,"nm":"late","ip":20,"op":60,"ks":{},"shapes":[]}"#
    let assets = #"{"id":"inner","layers":[\#(fade.replacingOccurrences(of: #""ty":3"#, with: #""ty":4,"shapes":[]"#)),\#(late)]}"#
    func opacity(remap: String, at time: Double) throws -> (Double, Bool) {
      let layer = #"{"ty":0,"nm":"pre","refId":"inner","ip":0,"op":60,"w":200,"h":200,"ks":{},"tm":\#(remap)}"#
      let tree = try Support.compile(Support.document(layers: layer, assets: assets)).presentation(at: time)
      let fading = try #require(Support.chain(in: tree) { $0.hasSuffix("fade") }?.last)
      let lateShown = Support.chain(in: tree) { $0.hasSuffix("late") }?.last?.properties.isHidden == false
      return (fading.properties.opacity, lateShown)
    }
    // Frozen at 0.5 s, the precomposition's frame 15, whatever the scene time.
    for time in [0.0, 1.0, 1.9] {
      let (value, lateShown) = try opacity(remap: #"{"a":0,"k":0.5}"#, at: time)
      #expect(abs(value - 0.5) < 1e-9 && !lateShown, "frozen at \(time): \(value)")
    }
    // Run backwards: 1 s (frame 30) at frame 0, down to 0 s at frame 30.
    let backwards = #"{"a":1,"k":[{"t":0,"s":[1],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0]}]}"#
    let (start, startLate) = try opacity(remap: backwards, at: 0)
    #expect(abs(start - 1) < 1e-9 && startLate, "at scene frame 0 the precomposition shows its frame 30")
    let (quarter, _) = try opacity(remap: backwards, at: 0.25)
    #expect(abs(quarter - 0.75) < 1e-6, "\(quarter)")
  }

  @Test(
    "rx and ry turn a layer in 3D and Core Animation draws it flat without perspective: x turns shorten it vertically, y turns horizontally"
  )
  func rotationsAboutXAndY() throws {
    func placed(_ point: Point, rx: Double = 0, ry: Double = 0, rz: Double = 0) throws -> Point {
      let ks = #"{"p":{"a":0,"k":[100,100]},"rx":{"a":0,"k":\#(rx)},"ry":{"a":0,"k":\#(ry)},"rz":{"a":0,"k":\#(rz)}}"#
      return try canvasPosition(point, of: "box", in: try Support.compile(Support.document(layers: layer("box", ks: ks))), at: 0)
    }
    // cos 60° = 0.5: an x turn halves heights, a y turn widths; the other axis is untouched.
    expectNear(try placed(Point(x: 10, y: 10), rx: 60), Point(x: 110, y: 105), "rx 60")
    expectNear(try placed(Point(x: 10, y: 10), ry: 60), Point(x: 105, y: 110), "ry 60")
    // The iOS player's order: z first, then x. (10, 0) turned 90° clockwise is (0, 10), then
    // foreshortened to (0, 5); x first would leave it at (0, 10).
    expectNear(try placed(Point(x: 10, y: 0), rx: 60, rz: 90), Point(x: 100, y: 105), "rz then rx")
    // y then x, in 3D before the layer is flattened: Core Animation's rotation matrices
    // (CATransform3DMakeRotation) take (10, 10, 0) by ry 60° to (5, 10, −8.66), and rx 60° moves
    // y to 10 cos 60° − (−8.66) sin 60° = 12.5. Flattening between the turns would give 5.
    expectNear(try placed(Point(x: 10, y: 10), rx: 60, ry: 60), Point(x: 105, y: 112.5), "ry then rx", tolerance: 1e-3)
  }

  @Test("an animated x turn is sampled per frame: the layer's height follows cos(rx) as rx eases")
  func animatedRotationAboutX() throws {
    let ks = #"{"p":{"a":0,"k":[0,0]},"rx":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90]}]}}"#
    let scene = try Support.compile(Support.document(layers: layer("box", ks: ks)))
    for frame in [0.0, 10, 20, 27] {
      let height = try canvasPosition(Point(x: 0, y: 10), of: "box", in: scene, at: frame / 30).y
      let expected = 10 * cos(3 * frame * .pi / 180)
      #expect(abs(height - expected) < 1e-3, "frame \(frame): \(height), expected \(expected)")
    }
  }

  @Test("skew shears along its axis, counterclockwise from x, as After Effects, lottie-web and ThorVG draw it, on a group and a layer")
  func skew() throws {
    func groupLayer(skew: Double, axis: Double) -> String {
      #"""
      {"ty":4,"nm":"box","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","nm":"g","it":[
        {"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
        {"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},
         "sk":{"a":0,"k":\#(skew)},"sa":{"a":0,"k":\#(axis)}}]}]}
      """#
    }
    func placed(_ point: Point, skew: Double, axis: Double) throws -> Point {
      let tree = try Support.compile(Support.document(layers: groupLayer(skew: skew, axis: axis))).presentation(at: 0)
      // The group is the layer whose position is the group's (50, 50).
      let chain = try #require(Support.chain(in: tree) { $0.contains("/g ") })
      return Support.canvasPoint(point, through: chain)
    }
    /// Where a skew of `skew` degrees along an axis `axis` degrees counterclockwise (on
    /// screen, y down) from x takes `point`: along the axis by −tan(skew) times the point's
    /// distance across it, so the axis itself stays put.
    func sheared(_ point: Point, skew: Double, axis: Double) -> Point {
      let radians = axis * Double.pi / 180
      let along = Point(x: cos(radians), y: -sin(radians))
      let across = point.x * sin(radians) + point.y * cos(radians)
      let shift = -tan(skew * Double.pi / 180) * across
      return Point(x: point.x + shift * along.x, y: point.y + shift * along.y)
    }
    let shear = 10 * tan(30 * Double.pi / 180)
    // Axis 0: x moves by −tan(skew) per unit of y (lower points lean left, as players draw it).
    expectNear(try placed(Point(x: 0, y: 10), skew: 30, axis: 0), Point(x: 50 - shear, y: 60), "skew 30 along 0°", tolerance: 1e-6)
    expectNear(try placed(Point(x: 10, y: 0), skew: 30, axis: 0), Point(x: 60, y: 50), "the axis itself stays", tolerance: 1e-6)
    // Axis 90°: y moves by tan(skew) per unit of x.
    expectNear(try placed(Point(x: 10, y: 0), skew: 30, axis: 90), Point(x: 60, y: 50 + shear), "skew 30 along 90°", tolerance: 1e-6)
    // An oblique axis tells the turn's sense apart: at 45° the axis points up and right, and
    // a point on it stays; 18° and −46° are the stones of a walking figure's path.
    let onAxis = Point(x: 10 / 2.0.squareRoot(), y: -10 / 2.0.squareRoot())
    expectNear(try placed(onAxis, skew: 20, axis: 45), Point(x: 50 + onAxis.x, y: 50 + onAxis.y), "the 45° axis stays", tolerance: 1e-6)
    for (skew, axis) in [(20.0, 45.0), (-46, 18)] {
      for point in [Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: -7, y: 3)] {
        let expected = sheared(point, skew: skew, axis: axis)
        expectNear(
          try placed(point, skew: skew, axis: axis), Point(x: 50 + expected.x, y: 50 + expected.y),
          "skew \(skew) along \(axis)° of \(point)", tolerance: 1e-6)
      }
    }

    // A layer's skew is drawn too, with no warning, composed as a group's.
    var warnings: [DocumentError] = []
    let ks = #"{"p":{"a":0,"k":[0,0]},"sk":{"a":0,"k":20},"sa":{"a":0,"k":45}}"#
    let scene = try Support.compile(Support.document(layers: layer("box", ks: ks)), warnings: &warnings)
    for point in [Point(x: 0, y: 10), Point(x: 10, y: 0)] {
      expectNear(
        try canvasPosition(point, of: "box", in: scene, at: 0), sheared(point, skew: 20, axis: 45), "layer skew of \(point)",
        tolerance: 1e-6)
    }
    #expect(warnings.isEmpty, "\(warnings)")
  }
}
