import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Gradient fills and strokes: a gradient layer masked by the paths, its points where the file
/// puts them, its colour and opacity stops merged, its animations, and what is warned about.
@Suite("Lottie gradients: a gradient layer masked by the paths, stops merged, points mapped exactly")
struct LottieGradientTests {
  typealias Support = LottieTestSupport

  private func shapeLayer(_ shapes: String) -> String {
    #"{"ty":4,"nm":"shapes","ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}"#
  }

  /// A 160 × 100 rectangle centred on (100, 75).
  private let rectangle = #"{"ty":"rc","p":{"a":0,"k":[100,75]},"s":{"a":0,"k":[160,100]},"r":{"a":0,"k":0}}"#

  private func gradientFill(
    type: Int = 1, start: String = #"{"a":0,"k":[20,75]}"#, end: String = #"{"a":0,"k":[180,75]}"#, count: Int = 2,
    stops: String = #"{"a":0,"k":[0,1,0,0,1,0,0,1]}"#, opacity: Double = 100, extra: String = ""
  ) -> String {
    #"{"ty":"gf","t":\#(type),"s":\#(start),"e":\#(end),"o":{"a":0,"k":\#(opacity)},"r":1,"g":{"p":\#(count),"k":\#(stops)}\#(extra)}"#
  }

  /// The gradient layers of the scene at `time`, depth first.
  private func gradients(_ scene: Scene, at time: Double = 0) -> [PresentationLayer] {
    var found: [PresentationLayer] = []
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .gradient { found.append(layer) }
      layer.sublayers.forEach(visit)
    }
    scene.presentation(at: time).layers.forEach(visit)
    return found
  }

  /// Where a point given in unit coordinates of a layer's bounds is in the layer's own space,
  /// which for these layers is the paths' space (bounds origin at the position, anchor 0).
  private func place(_ unit: Point, in layer: PresentationLayer) -> Point {
    let bounds = layer.properties.bounds
    return Point(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
  }

  private func expectClose(_ found: Point, _ expected: Point, _ label: String, tolerance: Double = 1e-9) {
    #expect(abs(found.x - expected.x) < tolerance && abs(found.y - expected.y) < tolerance, "\(label): \(found), expected \(expected)")
  }

  private func expectClose(_ found: Color, _ expected: Color, _ label: String) {
    let differences = [found.red - expected.red, found.green - expected.green, found.blue - expected.blue, found.alpha - expected.alpha]
    #expect(differences.allSatisfy { abs($0) < 1e-9 }, "\(label): \(found), expected \(expected)")
  }

  // MARK: Stops

  @Test("opacity stops between colour stops: the colour is interpolated at the opacity stop, the opacity at the colour stops")
  func mergedStops() {
    // Colours red at 0, blue at 1; opacity 1 at 0, 0.2 at 0.5, 1 at 1.
    let stops = LottieGradientStops([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0.2, 1, 1], colorCount: 2)
    #expect(stops.locations == [0, 0.5, 1])
    #expect(stops.colors.count == 3)
    guard stops.colors.count == 3 else { return }
    expectClose(stops.colors[0], Color(red: 1, green: 0, blue: 0, alpha: 1), "red at 0")
    expectClose(stops.colors[1], Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.2), "halfway colour, the opacity stop's alpha")
    expectClose(stops.colors[2], Color(red: 0, green: 0, blue: 1, alpha: 1), "blue at 1")
  }

  @Test("colour stops between opacity stops get the interpolated opacity; ends hold beyond the last stop")
  func opacityAtColourStops() {
    // Colours: black at 0.2, white at 0.6; opacity 1 at 0, 0 at 1.
    let stops = LottieGradientStops([0.2, 0, 0, 0, 0.6, 1, 1, 1, 0, 1, 1, 0], colorCount: 2)
    #expect(stops.locations == [0, 0.2, 0.6, 1])
    guard stops.colors.count == 4 else { return }
    expectClose(stops.colors[0], Color(red: 0, green: 0, blue: 0, alpha: 1), "before the first colour stop: its colour")
    expectClose(stops.colors[1], Color(red: 0, green: 0, blue: 0, alpha: 0.8), "opacity at 0.2")
    expectClose(stops.colors[2], Color(red: 1, green: 1, blue: 1, alpha: 0.4), "opacity at 0.6")
    expectClose(stops.colors[3], Color(red: 1, green: 1, blue: 1, alpha: 0), "after the last colour stop: its colour")
  }

  @Test("two colour stops at one offset stay a hard edge; no opacity stops means opaque; unsorted offsets are sorted")
  func hardEdge() {
    let stops = LottieGradientStops([1, 0, 0, 1, 0, 1, 0, 0, 0.5, 1, 0, 0, 0.5, 0, 1, 0], colorCount: 4)
    #expect(stops.locations == [0, 0.5, 0.5, 1])
    #expect(
      stops.colors == [
        Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0),
        Color(red: 0, green: 0, blue: 1),
      ])
  }

  // MARK: Layers

  @Test("a linear gradient fill: a gradient layer whose start and end points land on s and e, masked by the rectangle")
  func linearFill() throws {
    let items = [rectangle, gradientFill(opacity: 40)].joined(separator: ",")
    let layers = gradients(try Support.compile(Support.document(layers: shapeLayer(items))))
    let layer = try #require(layers.first)
    #expect(layers.count == 1)
    #expect(layer.properties.gradient.kind == .axial)
    expectClose(place(layer.properties.gradient.startPoint, in: layer), Point(x: 20, y: 75), "start")
    expectClose(place(layer.properties.gradient.endPoint, in: layer), Point(x: 180, y: 75), "end")
    #expect(layer.properties.gradient.colors == [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
    #expect(layer.properties.gradient.locations == [0, 1])
    #expect(abs(layer.properties.opacity - 0.4) < 1e-12)
    // Its own space is its superlayer's: the anchor is the bounds' origin, at the position.
    #expect(layer.properties.anchorPoint == .zero && layer.properties.position == layer.properties.bounds.origin)
    // The bounds hold the rectangle with room to spare.
    let bounds = layer.properties.bounds
    #expect(bounds.minX < 20 && bounds.minY < 25 && bounds.maxX > 180 && bounds.maxY > 125)
    // One path layer is the mask itself, with no container around it.
    let shape = try #require(layer.mask)
    #expect(shape.sublayers.isEmpty)
    #expect(shape.kind == .shape && shape.properties.shape.fillColor.alpha == 1 && shape.properties.opacity == 1)
    #expect(shape.properties.shape.fillRule == .nonZero)
    // The mask draws the rectangle's own path, as a plain fill would.
    #expect(shape.properties.shape.path == LottieShapePaths.rectangle(center: [100, 75], size: [160, 100], radius: 0, isReversed: false))
  }

  @Test("a radial gradient: centred on s, its end point at s + (r, r), r = |e − s|, so a circle in any box")
  func radialFill() throws {
    let items = [rectangle, gradientFill(type: 2, start: #"{"a":0,"k":[100,70]}"#, end: #"{"a":0,"k":[130,110]}"#)]
    let layer = try #require(gradients(try Support.compile(Support.document(layers: shapeLayer(items.joined(separator: ","))))).first)
    #expect(layer.properties.gradient.kind == .radial)
    let start = place(layer.properties.gradient.startPoint, in: layer)
    let end = place(layer.properties.gradient.endPoint, in: layer)
    expectClose(start, Point(x: 100, y: 70), "centre")
    expectClose(end, Point(x: 150, y: 120), "end: radius 50 along each axis", tolerance: 1e-8)
  }

  @Test("a radial highlight is warned about with its JSON path unless its length is 0; gf, gs and sr are not warned")
  func highlightWarning() throws {
    let highlighted = gradientFill(type: 2, extra: #","h":{"a":0,"k":30},"a":{"a":0,"k":45}"#)
    var warnings: [DocumentError] = []
    _ = try Support.compile(Support.document(layers: shapeLayer([rectangle, highlighted].joined(separator: ","))), warnings: &warnings)
    #expect(
      warnings.map(\.description) == [
        "test.json: layers[0].shapes[1].h: warning: radial gradient highlights (h, a) are not applied: the gradient is centred on its start point"
      ])
    let plain = gradientFill(type: 2, extra: #","h":{"a":0,"k":0},"a":{"a":0,"k":45}"#)
    let stroke =
      #"{"ty":"gs","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}"#
    let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"ir":{"a":0,"k":4}}"#
    _ = try Support.compile(
      Support.document(layers: shapeLayer([star, rectangle, plain, stroke].joined(separator: ","))), warnings: &warnings)
    #expect(warnings.isEmpty, "\(warnings)")
  }

  @Test("a gradient stroke: the mask strokes the path with the width, caps, joins and dashes, unfilled; the opacity is the gradient's")
  func gradientStroke() throws {
    let stroke = """
      {"ty":"gs","t":1,"s":{"a":0,"k":[20,75]},"e":{"a":0,"k":[180,75]},"o":{"a":0,"k":50},"w":{"a":0,"k":6},"lc":2,"lj":3,"ml":3,
       "d":[{"n":"d","v":{"a":0,"k":4}},{"n":"g","v":{"a":0,"k":2}}],"g":{"p":2,"k":{"a":0,"k":[0,0,1,0,1,1,0,1]}}}
      """
    let layer = try #require(
      gradients(try Support.compile(Support.document(layers: shapeLayer([rectangle, stroke].joined(separator: ","))))).first)
    #expect(abs(layer.properties.opacity - 0.5) < 1e-12)
    let shape = try #require(layer.mask).properties
    #expect(shape.opacity == 1)
    #expect(shape.shape.fillColor == .clear && shape.shape.strokeColor.alpha == 1)
    #expect(shape.shape.lineWidth == 6 && shape.shape.lineCap == .round && shape.shape.lineJoin == .bevel)
    #expect(shape.shape.miterLimit == 3 && shape.shape.lineDashPattern == [4, 2])
    #expect(layer.properties.gradient.colors == [Color(red: 0, green: 1, blue: 0), Color(red: 1, green: 0, blue: 1)])
  }

  @Test("a gradient in an outer group paints the inner group's path through the inner group's transform, in its own space")
  func nestedGroup() throws {
    let inner = #"{"ty":"gr","nm":"inner","it":[\#(rectangle),{"ty":"tr","p":{"a":0,"k":[30,0]}}]}"#
    let layer = try #require(
      gradients(try Support.compile(Support.document(layers: shapeLayer([inner, gradientFill()].joined(separator: ","))))).first)
    // The points stay where the file puts them in the outer group's space.
    expectClose(place(layer.properties.gradient.startPoint, in: layer), Point(x: 20, y: 75), "start")
    // The inner group's path is brought into the gradient's space, moved by (30, 0): one mask path.
    let mask = try #require(layer.mask)
    #expect(mask.kind == .shape)
    let path = try #require(mask.properties.shape.path)
    #expect(path.contains(Point(x: 205, y: 75), fillRule: .nonZero) && !path.contains(Point(x: 25, y: 75), fillRule: .nonZero))
    // The box holds the moved rectangle (50…210).
    #expect(layer.properties.bounds.maxX > 210)
  }

  @Test("a trim before a gradient stroke trims its mask by strokeStart and strokeEnd, as lottie-ios trims it")
  func trimmedStroke() throws {
    let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":40},"o":{"a":0,"k":0},"m":1}"#
    let stroke =
      #"{"ty":"gs","t":1,"s":{"a":0,"k":[20,75]},"e":{"a":0,"k":[180,75]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
    let layer = try #require(
      gradients(try Support.compile(Support.document(layers: shapeLayer([rectangle, trim, stroke].joined(separator: ","))))).first)
    let shape = try #require(layer.mask).properties.shape
    #expect(shape.strokeStart == 0 && abs(shape.strokeEnd - 0.4) < 1e-12 && shape.strokeColor.alpha == 1)
  }

  @Test("a gradient after a repeater: one gradient layer whose mask holds the copies, its box reaching the last copy")
  func repeatedMask() throws {
    // Five copies 1000 points apart: the last rectangle spans 4020…4180.
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":5},"o":{"a":0,"k":0},"m":1,"tr":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[1000,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let scene = try Support.compile(Support.document(layers: shapeLayer([rectangle, repeater, gradientFill()].joined(separator: ","))))
    let layers = gradients(scene)
    #expect(layers.count == 1)
    let layer = try #require(layers.first)
    // The copies are the one layer the gradient paints through: its mask.
    let repeated = try #require(layer.mask)
    #expect(repeated.id.hasSuffix("(repeater)"), "\(repeated.id)")
    #expect(repeated.sublayers.count == 5, "\(repeated.sublayers.map(\.id))")
    #expect(layer.properties.bounds.maxX > 4180, "\(layer.properties.bounds)")
    // The gradient itself is not repeated: its points stay where the file puts them.
    expectClose(place(layer.properties.gradient.endPoint, in: layer), Point(x: 180, y: 75), "end")
  }

  // MARK: Animation

  @Test("animated start and end points map keyframe by keyframe, easing kept: at frame 15 of a linear move, halfway")
  func animatedPoints() throws {
    let start = #"{"a":1,"k":[{"t":0,"s":[20,75],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[60,35]}]}"#
    let end = #"{"a":1,"k":[{"t":0,"s":[180,75],"o":{"x":0.42,"y":0},"i":{"x":0.58,"y":1}},{"t":30,"s":[100,175]}]}"#
    let scene = try Support.compile(
      Support.document(layers: shapeLayer([rectangle, gradientFill(start: start, end: end)].joined(separator: ","))))
    let middle = try #require(gradients(scene, at: 0.5).first)
    expectClose(place(middle.properties.gradient.startPoint, in: middle), Point(x: 40, y: 55), "start at frame 15", tolerance: 1e-6)
    let eased = Support.bezier(0.42, 0, 0.58, 1, at: 0.25)
    expectClose(
      place(try #require(gradients(scene, at: 0.25).first).properties.gradient.endPoint, in: middle),
      Point(x: 180 - 80 * eased, y: 75 + 100 * eased), "end at frame 7.5, eased", tolerance: 1e-5)
    let done = try #require(gradients(scene, at: 1.5).first)
    expectClose(place(done.properties.gradient.endPoint, in: done), Point(x: 100, y: 175), "end after the last keyframe", tolerance: 1e-9)
  }

  @Test("an animated radial end point is sampled per frame: the radius follows |e − s| frame by frame")
  func animatedRadial() throws {
    // e turns a quarter circle about s: |e − s| stays 40, though a straight line would shorten it.
    var keyframes: [String] = []
    for frame in 0...30 {
      let angle = Double(frame) / 30 * Double.pi / 2
      keyframes.append(#"{"t":\#(frame),"s":[\#(100 + 40 * cos(angle)),\#(75 + 40 * sin(angle))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}}"#)
    }
    let end = #"{"a":1,"k":[\#(keyframes.joined(separator: ","))]}"#
    let scene = try Support.compile(
      Support.document(
        layers: shapeLayer([rectangle, gradientFill(type: 2, start: #"{"a":0,"k":[100,75]}"#, end: end)].joined(separator: ","))))
    let layer = try #require(gradients(scene, at: 0.5).first)
    let centre = place(layer.properties.gradient.startPoint, in: layer)
    let reach = place(layer.properties.gradient.endPoint, in: layer)
    #expect(abs(reach.x - centre.x - 40) < 1e-6 && abs(reach.y - centre.y - 40) < 1e-6, "\(centre) → \(reach)")
  }

  @Test("animated colours at fixed offsets interpolate keyframe by keyframe; moving offsets are sampled with their locations")
  func animatedColours() throws {
    let fixed = #"{"a":1,"k":[{"t":0,"s":[0,1,0,0,1,0,0,1],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0,0,1,0,1,1,1,1]}]}"#
    let scene = try Support.compile(Support.document(layers: shapeLayer([rectangle, gradientFill(stops: fixed)].joined(separator: ","))))
    let middle = try #require(gradients(scene, at: 0.5).first).properties.gradient
    #expect(middle.colors.count == 2)
    expectClose(middle.colors[0], Color(red: 0.5, green: 0.5, blue: 0), "first stop halfway from red to green")
    expectClose(middle.colors[1], Color(red: 0.5, green: 0.5, blue: 1), "second stop halfway from blue to white")
    #expect(middle.locations == [0, 1])

    // The second colour stop moves from 1 to 0.5 while an opacity stop stays at 0.75.
    let moving =
      #"{"a":1,"k":[{"t":0,"s":[0,1,0,0,1,0,0,1,0,1,0.75,1],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0,1,0,0,0.5,0,0,1,0,1,0.75,1]}]}"#
    let sampled = try Support.compile(
      Support.document(layers: shapeLayer([rectangle, gradientFill(stops: moving)].joined(separator: ","))))
    let gradient = try #require(gradients(sampled, at: 0.5).first).properties.gradient
    // At frame 15 the stop is at 0.75, where the opacity stop is: two stops.
    #expect(gradient.locations.count == gradient.colors.count)
    #expect(gradient.locations.map { ($0 * 1e9).rounded() / 1e9 } == [0, 0.75], "\(gradient.locations)")
    let end = try #require(gradients(sampled, at: 1.5).first).properties.gradient
    #expect(end.locations == [0, 0.5, 0.75])
  }

  // MARK: Errors

  @Test("colours shorter than p colour stops are refused with the JSON path")
  func shortColours() {
    let message = Support.failure(Support.document(layers: shapeLayer([rectangle, gradientFill(count: 3)].joined(separator: ","))))
    #expect(
      message
        == "test.json: layers[0].shapes[1].g.k.k: expected at least 12 numbers: offset, red, green and blue of each of the 3 colour stops (p), found an array of 8",
      "\(message)")
  }

  @Test("a colour stop count beyond the limit is refused before anything is read for it")
  func tooManyStops() {
    let message = Support.failure(
      Support.document(layers: shapeLayer([rectangle, gradientFill(count: 1_000_000_000)].joined(separator: ","))))
    #expect(
      message == "test.json: layers[0].shapes[1].g.p: expected a number of colour stops from 0 to 10000, found 1000000000", "\(message)")
  }
}
