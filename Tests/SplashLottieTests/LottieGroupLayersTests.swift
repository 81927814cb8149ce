import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashLottie

/// Shape groups and masks compile to no more layers than they need: a group that moves nothing
/// adds none, a group of one shape hands its transform to the shape, one mask is the mask layer
/// itself. Each layer is evaluated, listed and placed every frame, so a layer that changes no
/// pixel still costs.
@Suite("Lottie groups and masks: no layer that changes nothing, a lone shape carrying its group's transform")
struct LottieGroupLayersTests {
  typealias Support = LottieTestSupport

  private let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
  private let redFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
  private let blueStroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#

  /// A Lottie shape layer "box" at (100, 100) holding `shapes`.
  private func scene(_ shapes: [String]) throws -> Scene {
    let layer =
      #"{"ty":4,"nm":"box","ind":1,"ip":0,"op":60,"ks":\#(Support.transform(position: "[100,100]")),"shapes":[\#(shapes.joined(separator: ","))]}"#
    return try Support.compile(Support.document(layers: layer))
  }

  /// A group named `name` holding `items`, then its transform: `tr`'s members (a `ks`-style
  /// object) as the `tr` item.
  private func group(_ name: String, _ items: [String], tr: String) -> String {
    let transform = #"{"ty":"tr","# + tr.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst()
    return #"{"ty":"gr","nm":"\#(name)","it":[\#((items + [transform]).joined(separator: ","))]}"#
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

  /// The layers directly under the Lottie layer at `time`.
  private func contents(_ scene: Scene, at time: Double = 0) throws -> [PresentationLayer] {
    try #require(scene.presentation(at: time).layers.first).sublayers
  }

  @Test("a group that leaves every point where it is adds no layer: its shapes are the Lottie layer's own")
  func identityGroup() throws {
    // The default transform, and one whose anchor is at its position (p + (q − a) = q).
    for tr in [Support.transform(), Support.transform(position: "[30,40]", anchor: "[30,40]")] {
      let layers = try contents(try scene([group("G", [square, redFill, blueStroke], tr: tr)]))
      #expect(layers.count == 2 && layers.allSatisfy { $0.kind == .shape }, "\(layers.map(\.id))")
    }
  }

  @Test("a group of one shape hands the shape its transform, and its name: the shape lands where the group put it")
  func loneShape() throws {
    let tr = Support.transform(position: "[30,10]", anchor: "[5,5]", scale: "[200,50]", rotation: "90")
    let tree = try scene([group("G", [square, redFill], tr: tr)]).presentation(at: 0)
    let layers = try #require(tree.layers.first).sublayers
    #expect(layers.count == 1)
    let shape = try #require(layers.first)
    #expect(shape.kind == .shape && shape.id.hasPrefix("box/G ") && shape.sublayers.isEmpty, "\(shape.id)")
    // p + R·S·(q − a): the square's corner (10, 10) is (5, 5) from the anchor, scaled to
    // (10, 2.5), turned a quarter clockwise (y down) to (−2.5, 10), at (30, 10) + (100, 100).
    let chain = try #require(Support.chain(in: tree) { $0 == shape.id })
    let corner = Support.canvasPoint(Point(x: 10, y: 10), through: chain)
    #expect(abs(corner.x - 127.5) < 1e-9 && abs(corner.y - 120) < 1e-9, "\(corner)")
  }

  @Test("a lone shape's group that moves takes the shape with it, at each frame")
  func animatedLoneShape() throws {
    let moving = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[60,0]}]},"a":{"a":0,"k":[0,0]},
       "s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
      """#
    let built = try scene([group("G", [square, redFill], tr: moving)])
    for (time, x) in [(0.0, 100.0), (0.5, 130), (1, 160)] {
      let layers = try contents(built, at: time)
      #expect(layers.count == 1 && layers[0].kind == .shape)
      let origin = Support.canvasPoint(.zero, through: [try #require(built.presentation(at: time).layers.first), layers[0]])
      #expect(abs(origin.x - x) < 1e-9 && abs(origin.y - 100) < 1e-9, "at \(time): \(origin)")
    }
  }

  @Test("a group that fades, or holds two shapes, stays a layer of its own holding them")
  func containers() throws {
    let faded = try contents(try scene([group("G", [square, redFill], tr: Support.transform(position: "[30,10]", opacity: "50"))]))
    #expect(faded.count == 1 && faded[0].kind == .layer && faded[0].properties.opacity == 0.5 && faded[0].sublayers.count == 1)
    let two = try contents(try scene([group("G", [square, redFill, blueStroke], tr: Support.transform(position: "[30,10]"))]))
    #expect(two.count == 1 && two[0].kind == .layer && two[0].sublayers.count == 2)
    // A shape's own opacity stays its own when its group's transform is handed to it (and the
    // shape, shifted once and for all, is then the Lottie layer itself).
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":40}}"#
    let lone = try #require(
      try scene([group("G", [square, fill], tr: Support.transform(position: "[30,10]"))]).presentation(at: 0).layers.first)
    #expect(lone.kind == .shape && lone.sublayers.isEmpty && abs(lone.properties.opacity - 0.4) < 1e-12)
  }

  @Test("only a shape at its superlayer's origin, unmoved, with no timing of its own, takes a group's transform")
  func placedWhereItsSuperlayerIs() {
    func animation(_ keyPath: LayerKeyPath, _ value: AnimatableValue) -> Animation {
      .property(PropertyAnimation(keyPath: keyPath, timing: MediaTiming(duration: 1), values: .basic(from: nil, to: value, by: nil)))
    }
    let shape = Layer(id: "s", kind: .shape)
    #expect(LottieShapeBuilder.isPlacedWhereItsSuperlayerIs(shape))
    var faded = shape
    faded.animations = [animation(LayerPropertyRegistry.opacity.keyPath, .scalar(0.5))]
    #expect(LottieShapeBuilder.isPlacedWhereItsSuperlayerIs(faded), "an opacity places nothing")
    var refused: [(String, Layer)] = []
    var moved = shape
    moved.properties.position = Point(x: 1, y: 0)
    refused.append(("moved", moved))
    var turned = shape
    turned.properties.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
    refused.append(("turned", turned))
    var sized = shape
    sized.properties.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
    refused.append(("sized", sized))
    var raised = shape
    raised.properties.zPosition = 1
    refused.append(("raised", raised))
    var sliding = shape
    sliding.animations = [animation(LayerPropertyRegistry.positionX.keyPath, .scalar(3))]
    refused.append(("sliding", sliding))
    var climbing = shape
    climbing.animations = [animation(LayerPropertyRegistry.zPosition.keyPath, .scalar(3))]
    refused.append(("climbing", climbing))
    refused.append(("a plain layer", Layer(id: "l")))
    refused.append(("timed", Layer(id: "t", kind: .shape, lifetime: LayerLifetime(addedAt: 1))))
    for (name, layer) in refused { #expect(!LottieShapeBuilder.isPlacedWhereItsSuperlayerIs(layer), "\(name)") }
  }

  @Test("a shape layer of one shape, opaque, unmasked, with no effect, is that shape, with the layer's name, place and lifetime")
  func shapeLayerIsItsShape() throws {
    let layer =
      #"{"ty":4,"nm":"box","ind":1,"ip":15,"op":45,"ks":\#(Support.transform(position: "[100,100]", anchor: "[10,10]", rotation: "90")),"shapes":[\#(square),\#(redFill)]}"#
    let scene = try Support.compile(Support.document(layers: layer))
    for (time, shown) in [(0.25, false), (1.0, true), (1.75, false)] {
      let layers = scene.presentation(at: time).layers
      #expect(layers.count == 1 && layers[0].kind == .shape && layers[0].id == "box" && layers[0].sublayers.isEmpty)
      #expect(layers[0].properties.isHidden == !shown, "at \(time)")
      // The square's corner (10, 10) is the anchor: at the position. (0, 10) turns to (100, 90).
      #expect(Support.canvasPoint(Point(x: 10, y: 10), through: layers) == Point(x: 100, y: 100))
      let turned = Support.canvasPoint(Point(x: 0, y: 10), through: layers)
      #expect(abs(turned.x - 100) < 1e-9 && abs(turned.y - 90) < 1e-9, "\(turned)")
    }
    // The fill's own opacity stays the shape's.
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":40}}"#
    let faint = #"{"ty":4,"nm":"faint","ip":0,"op":60,"ks":{},"shapes":[\#(square),\#(fill)]}"#
    let shape = try #require(try Support.compile(Support.document(layers: faint)).presentation(at: 0).layers.first)
    #expect(shape.kind == .shape && abs(shape.properties.opacity - 0.4) < 1e-12)
  }

  @Test("a shape layer that fades, is masked, or holds two shapes stays a layer holding its shapes")
  func shapeLayerKeepsItsLayer() throws {
    func top(ks: String = "{}", shapes: [String], extra: String = "") throws -> PresentationLayer {
      let layer = #"{"ty":4,"nm":"box","ip":0,"op":60,"ks":\#(ks),"shapes":[\#(shapes.joined(separator: ","))]\#(extra)}"#
      return try #require(try Support.compile(Support.document(layers: layer)).presentation(at: 0).layers.first)
    }
    let faded = try top(ks: Support.transform(opacity: "50"), shapes: [square, redFill])
    #expect(faded.kind == .layer && faded.properties.opacity == 0.5 && faded.sublayers.count == 1)
    let path = #"{"a":0,"k":{"c":true,"v":[[0,0],[5,0],[5,5]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}"#
    let masked = try top(shapes: [square, redFill], extra: #","masksProperties":[{"mode":"a","pt":\#(path),"o":{"a":0,"k":100}}]"#)
    #expect(masked.kind == .layer && masked.mask != nil && masked.sublayers.count == 1)
    let two = try top(shapes: [square, redFill, blueStroke])
    #expect(two.kind == .layer && two.sublayers.count == 2)
  }

  @Test("a fill right under a stroke of the same path is one shape filling and stroking it, each opacity in its colour")
  func fillUnderStroke() throws {
    let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":50},"w":{"a":0,"k":3},"lc":2,"lj":1}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":40}}"#
    // The group only shifts its shape: the shape is drawn in the Lottie layer's space, as the
    // Lottie layer itself.
    let top = try #require(
      try scene([group("G", [square, stroke, fill], tr: Support.transform(position: "[30,10]"))]).presentation(at: 0).layers.first)
    #expect(top.kind == .shape && top.sublayers.isEmpty, "\(top.id)")
    let shape = top.properties
    #expect(shape.opacity == 1 && shape.position == Point(x: 100, y: 100))
    // The square of side 20 about (0, 0), shifted by (30, 10).
    let corners = endPoints(of: try #require(shape.shape.path))
    #expect(corners.map(\.x).min() == 20 && corners.map(\.x).max() == 40 && corners.map(\.y).min() == 0 && corners.map(\.y).max() == 20)
    #expect(shape.shape.fillColor == Color(red: 1, green: 0, blue: 0, alpha: 0.4))
    #expect(shape.shape.strokeColor == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    #expect(shape.shape.lineWidth == 3 && shape.shape.lineCap == .round && shape.shape.lineJoin == .miter)
  }

  @Test("a fill over its stroke, a trimmed stroke, a fading paint and an animated faded colour each keep two layers")
  func fillAndStrokeApart() throws {
    /// The shape layers drawing `items`: the Lottie layer itself when it is one shape.
    func count(_ items: [String]) throws -> Int {
      let top = try #require(try scene(items).presentation(at: 0).layers.first)
      return top.kind == .shape ? 1 : top.sublayers.count
    }
    let fading = #"{"a":1,"k":[{"t":0,"s":[100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0]}]}"#
    let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
    let fadingStroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":\#(fading),"w":{"a":0,"k":2}}"#
    let redToBlue = #"{"a":1,"k":[{"t":0,"s":[1,0,0,1],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0,0,1,1]}]}"#
    let fadedChangingFill = #"{"ty":"fl","c":\#(redToBlue),"o":{"a":0,"k":50}}"#
    let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
    #expect(try count([square, stroke, redFill]) == 1, "the pair merges")
    #expect(try count([square, redFill, stroke]) == 2, "fill over stroke")
    #expect(try count([square, trim, stroke, redFill]) == 2, "trimmed stroke")
    #expect(try count([square, fadingStroke, redFill]) == 2, "fading stroke")
    #expect(try count([square, stroke, fadedChangingFill]) == 2, "faded fill whose colour animates")
  }

  @Test("merging a fill and a stroke asks for the same path throughout, and a constant opacity under a colour that animates")
  func mergingConditions() {
    func animation(_ keyPath: LayerKeyPath, _ value: AnimatableValue) -> Animation {
      .property(PropertyAnimation(keyPath: keyPath, timing: MediaTiming(duration: 1), values: .basic(from: nil, to: value, by: nil)))
    }
    let square = Path(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)), .close])
    var fill = Layer(id: "fill", kind: .shape)
    fill.properties.shape.path = square
    var stroke = fill
    stroke.properties.shape.fillColor = .clear
    stroke.properties.shape.strokeColor = .black
    #expect(LottieShapeBuilder.mergingFillsUnderStrokes([fill, stroke]).count == 1)
    #expect(LottieShapeBuilder.mergingFillsUnderStrokes([stroke, fill]).count == 2, "a fill over its stroke")
    var growing = fill
    growing.animations = [animation(LayerPropertyRegistry.path.keyPath, .path(Path(elements: [.move(to: .zero), .close])))]
    #expect(LottieShapeBuilder.mergingFillsUnderStrokes([growing, stroke]).count == 2, "the fill's path animates, the stroke's not")
    var fadedTurning = stroke
    fadedTurning.properties.opacity = 0.5
    fadedTurning.animations = [animation(LayerPropertyRegistry.strokeColor.keyPath, .color(.white))]
    #expect(LottieShapeBuilder.mergingFillsUnderStrokes([fill, fadedTurning]).count == 2, "a faded stroke whose colour animates")
    var faded = stroke
    faded.properties.opacity = 0.5
    let merged = LottieShapeBuilder.mergingFillsUnderStrokes([fill, faded])
    #expect(merged.count == 1 && merged.first?.properties.shape.strokeColor.alpha == 0.5 && merged.first?.properties.opacity == 1)
    var holed = fill
    holed.properties.shape.fillRule = .evenOdd
    let evenOdd = LottieShapeBuilder.mergingFillsUnderStrokes([holed, stroke])
    #expect(
      evenOdd.count == 1 && evenOdd.first?.properties.shape.fillRule == .evenOdd && evenOdd.first?.properties.shape.strokeColor == .black)
  }

  @Test("one mask is the mask layer itself; two are a layer holding both")
  func masks() throws {
    let square =
      #"{"a":0,"k":{"c":true,"v":[[50,50],[150,50],[150,150],[50,150]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
    let mask = #"{"mode":"a","pt":\#(square),"o":{"a":0,"k":100}}"#
    func solid(_ masks: [String]) throws -> PresentationLayer {
      let layer =
        ##"{"ty":1,"nm":"blue","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#0000ff","masksProperties":[\##(masks.joined(separator: ","))]}"##
      return try #require(try Support.compile(Support.document(layers: layer)).presentation(at: 0).layers.first)
    }
    let one = try #require(try solid([mask]).mask)
    #expect(one.kind == .shape && one.sublayers.isEmpty && one.properties.shape.path != nil)
    let two = try #require(try solid([mask, mask]).mask)
    #expect(two.kind == .layer && two.sublayers.count == 2 && two.sublayers.allSatisfy { $0.kind == .shape })
  }
}
