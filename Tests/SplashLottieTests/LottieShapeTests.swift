import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Shape layers: which paths each fill and stroke paints, in which order, with which colour
/// and opacity; animated geometry; what is not drawn, warned about.
@Suite("Lottie shapes: styles paint the paths before them, first items on top, unsupported items warned")
struct LottieShapeTests {
  typealias Support = LottieTestSupport

  private func shapeLayer(_ shapes: String, name: String = "shapes") -> String {
    #"{"ty":4,"nm":"\#(name)","ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}"#
  }

  private let square = #"{"ty":"rc","nm":"A","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
  private let circle = #"{"ty":"el","nm":"B","p":{"a":0,"k":[50,0]},"s":{"a":0,"k":[20,20]}}"#

  private func fill(_ rgba: String, opacity: Double = 100) -> String {
    #"{"ty":"fl","c":{"a":0,"k":\#(rgba)},"o":{"a":0,"k":\#(opacity)},"r":1}"#
  }

  private func stroke(_ rgba: String, width: Double) -> String {
    #"{"ty":"st","c":{"a":0,"k":\#(rgba)},"o":{"a":0,"k":100},"w":{"a":0,"k":\#(width)},"lc":2,"lj":1,"ml":4}"#
  }

  /// The shape layers under the Lottie layer, bottom to top, each with the containers above it.
  private func painted(_ scene: Scene) throws -> [(chain: [PresentationLayer], layer: PresentationLayer)] {
    var result: [(chain: [PresentationLayer], layer: PresentationLayer)] = []
    func visit(_ layer: PresentationLayer, _ chain: [PresentationLayer]) {
      if layer.kind == .shape { result.append((chain + [layer], layer)) }
      for sublayer in layer.sublayers { visit(sublayer, chain + [layer]) }
    }
    for root in scene.presentation(at: 0).layers { visit(root, []) }
    return result
  }

  @Test(
    "[square, group {circle, red fill}, blue stroke, green fill]: green under blue, one shape of square and circle; red on top, the circle only"
  )
  func paintingOrder() throws {
    let group = #"{"ty":"gr","nm":"G","it":[\#(circle),\#(fill("[1,0,0,1]")),{"ty":"tr","p":{"a":0,"k":[0,20]}}]}"#
    let items = [square, group, stroke("[0,0,1,1]", width: 3), fill("[0,1,0,1]")].joined(separator: ",")
    let layers = try painted(try Support.compile(Support.document(layers: shapeLayer(items))))
    let summary = layers.map { entry in
      (
        fill: entry.layer.properties.shape.fillColor, stroke: entry.layer.properties.shape.strokeColor,
        insideGroup: Support.canvasPoint(Point(x: 0, y: 0), through: entry.chain) != Point(x: 0, y: 0)
      )
    }
    // Bottom to top: green on the square and the circle (brought out of G by its transform, one
    // path, as players fill them) and blue over them likewise, one shape layer filling and
    // stroking the one path as a `CAShapeLayer` does; red on the circle in G's transform (G's
    // one shape, which carries the transform itself: its origin lands at G's (0, 20)).
    let green = Color(red: 0, green: 1, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)
    let red = Color(red: 1, green: 0, blue: 0)
    #expect(summary.count == 2, "\(summary)")
    guard summary.count == 2 else { return }
    #expect(summary[0].fill == green && summary[0].stroke == blue && !summary[0].insideGroup)
    #expect(summary[1].fill == red && summary[1].stroke == .clear && summary[1].insideGroup)
    #expect(layers[0].layer.properties.shape.lineWidth == 3 && layers[0].layer.properties.shape.lineCap == .round)
    // The group's transform moves its circle: centre (50, 0) + (0, 20), in G and in the path
    // the outer styles paint (the circle's lowest point, 10 below its centre, at y = 30).
    let centre = Support.canvasPoint(Point(x: 50, y: 0), through: layers[1].chain)
    #expect(abs(centre.x - 50) < 1e-9 && abs(centre.y - 20) < 1e-9, "\(centre)")
    for entry in layers.prefix(1) {
      let points = (entry.layer.properties.shape.path?.elements ?? []).compactMap { element -> Point? in
        switch element {
        case .move(let point), .line(let point), .cubicCurve(_, _, let point), .quadCurve(_, let point): point
        case .close: nil
        }
      }
      #expect(points.contains { abs($0.x - 50) < 1e-9 && abs($0.y - 30) < 1e-9 }, "the moved circle in \(points)")
      #expect(points.contains { abs($0.x - 5) < 1e-9 && abs($0.y + 5) < 1e-9 }, "the square's corner in \(points)")
    }
  }

  @Test("a face with its eyes in a group inside it, wound the other way, is filled with the eyes as holes, as players fill it")
  func holesAcrossGroups() throws {
    // A 40-wide square (clockwise) and, in a group moved by (10, 0), a 10-wide square wound
    // anticlockwise (d: 3): one path, non-zero rule, so the inner square is a hole.
    let face = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    let eye = #"{"ty":"rc","d":3,"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let eyes = #"{"ty":"gr","nm":"eyes","it":[\#(eye),{"ty":"tr","p":{"a":0,"k":[10,0]}}]}"#
    let layers = try painted(
      try Support.compile(Support.document(layers: shapeLayer([face, eyes, fill("[1,0,0,1]")].joined(separator: ",")))))
    #expect(layers.count == 1, "one fill, one layer: \(layers.count)")
    let path = try #require(layers.first?.layer.properties.shape.path)
    #expect(path.contains(Point(x: -15, y: 0), fillRule: .nonZero), "the face is filled")
    #expect(!path.contains(Point(x: 10, y: 0), fillRule: .nonZero), "the eye, moved by its group, is a hole")
    // A group at half opacity keeps a layer of its own: its paths fade apart from the others.
    let faded = #"{"ty":"gr","nm":"eyes","it":[\#(eye),{"ty":"tr","p":{"a":0,"k":[10,0]},"o":{"a":0,"k":50}}]}"#
    let separate = try painted(
      try Support.compile(Support.document(layers: shapeLayer([face, faded, fill("[1,0,0,1]")].joined(separator: ",")))))
    #expect(separate.count == 2 && separate[1].chain.count > 2, "\(separate.count)")
  }

  @Test("a group scaled to half its width, stroked and trimmed outside it: the path is scaled, the stroke's width is not")
  func trimmedGroupKeepsStrokeWidth() throws {
    // A 20-wide circle at the origin in a group scaled 50 % × 100 %, then a 4-wide stroke and
    // a trim keeping half of it, after the group, as a globe's meridians are drawn.
    let circle = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}}"#
    let group = #"{"ty":"gr","nm":"meridian","it":[\#(circle),{"ty":"tr","s":{"a":0,"k":[50,100]}}]}"#
    let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
    let layers = try painted(
      try Support.compile(Support.document(layers: shapeLayer([group, stroke("[0,0,1,1]", width: 4), trim].joined(separator: ",")))))
    #expect(layers.count == 1, "one stroke, one layer: \(layers.count)")
    let entry = try #require(layers.first)
    #expect(entry.layer.properties.shape.lineWidth == 4)
    #expect(
      entry.chain.allSatisfy { $0.properties.transform.isIdentity },
      "no layer of the group's scale above the stroke: \(entry.chain.map(\.id))")
    #expect(entry.layer.properties.shape.strokeEnd == 0.5)
    let points = (entry.layer.properties.shape.path?.elements ?? []).compactMap { element -> Point? in
      switch element {
      case .move(let point), .line(let point), .cubicCurve(_, _, let point), .quadCurve(_, let point): point
      case .close: nil
      }
    }
    let widest = points.map { abs($0.x) }.max() ?? 0
    let tallest = points.map { abs($0.y) }.max() ?? 0
    #expect(abs(widest - 5) < 1e-9 && abs(tallest - 10) < 1e-9, "the circle halved across, in the path: \(widest) × \(tallest)")
  }

  @Test("a fill's opacity is its layer's opacity; colours from 0…1, or 0…255 in old files; evenOdd kept")
  func fillStyle() throws {
    let items = [square, #"{"ty":"fl","c":{"a":0,"k":[255,128,51]},"o":{"a":0,"k":40},"r":2}"#].joined(separator: ",")
    let layers = try painted(try Support.compile(Support.document(layers: shapeLayer(items))))
    let shape = try #require(layers.first).layer
    #expect(abs(shape.properties.opacity - 0.4) < 1e-12)
    #expect(shape.properties.shape.fillRule == .evenOdd)
    let colour = shape.properties.shape.fillColor
    #expect(colour.red == 1 && abs(colour.green - 128.0 / 255) < 1e-12 && abs(colour.blue - 0.2) < 1e-12 && colour.alpha == 1)
  }

  @Test("an animated rectangle is sampled per frame: its width at frame 15 is halfway")
  func animatedRectangle() throws {
    let rectangle = """
      {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[50,10]}]},"r":{"a":0,"k":0}}
      """
    let scene = try Support.compile(Support.document(layers: shapeLayer([rectangle, fill("[1,1,1,1]")].joined(separator: ","))))
    func width(at time: Double) throws -> Double {
      var found: Double?
      func visit(_ layer: PresentationLayer) {
        if layer.kind == .shape, let path = layer.properties.shape.path {
          let xs = path.elements.compactMap { element -> Double? in
            switch element {
            case .move(let point), .line(let point): point.x
            case .cubicCurve(_, _, let point), .quadCurve(_, let point): point.x
            case .close: nil
            }
          }
          if let low = xs.min(), let high = xs.max() { found = high - low }
        }
        layer.sublayers.forEach(visit)
      }
      // Frame 60 is the layer's out point: its values are read as inspect reads them.
      scene.presentation(at: time, keepsHiddenSubtrees: true).layers.forEach(visit)
      return try #require(found)
    }
    #expect(abs(try width(at: 0) - 10) < 1e-9)
    #expect(abs(try width(at: 0.5) - 30) < 1e-6)
    #expect(abs(try width(at: 2) - 50) < 1e-9)
  }

  @Test("what is not drawn is warned about once per feature, with the first place and the count, in the file's order")
  func warnings() throws {
    let trim = #"{"ty":"mm","mm":1}"#
    let layers = [
      shapeLayer([square, trim, fill("[1,0,0,1]")].joined(separator: ","), name: "one"),
      shapeLayer([square, trim, fill("[1,0,0,1]")].joined(separator: ","), name: "two"),
      #"{"ty":5,"nm":"title","ip":0,"op":60,"ks":{"o":{"a":0,"k":100,"x":"'twice'"}},"t":{"d":{"k":[{"t":0,"s":{"t":""}}]},"a":[{}]}}"#,
      #"{"ty":4,"nm":"fx","ip":0,"op":60,"ks":{},"ef":[{"ty":22}],"bm":17,"shapes":[]}"#,
    ].joined(separator: ",")
    var warnings: [DocumentError] = []
    _ = try Support.compile(Support.document(layers: layers), warnings: &warnings)
    #expect(
      warnings.map(\.description) == [
        "test.json: layers[0].shapes[1]: warning: merge paths (mm) are not applied (2 places)",
        "test.json: layers[2].ks.o.x: warning: an expression is not run (Error: the expression gives string, not a number or an array of numbers at frame 0): the keyframes are drawn",
        "test.json: layers[2].t.a[0]: warning: text animators (t.a) are not applied",
        "test.json: layers[3].bm: warning: blend mode 17 is not applied",
        "test.json: layers[3].ef[0]: warning: effects other than drop shadows, Gaussian blurs and fills are not drawn",
      ])
  }

  @Test("a stroke's dash offset animates as lineDashPhase (marching dots); animated dash lengths keep their first value, warned")
  func dashOffset() throws {
    let dashed = #"""
      {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":2,"lj":1,"d":[
        {"n":"d","v":{"a":0,"k":0}},{"n":"g","v":{"a":0,"k":15}},
        {"n":"o","v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[30]}]}}]}
      """#
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: shapeLayer([square, dashed].joined(separator: ","))), warnings: &warnings)
    #expect(warnings.isEmpty, "an animated offset is drawn: \(warnings)")
    for (time, phase) in [(0.0, 0.0), (0.5, 15.0), (1.0, 30.0), (1.5, 30.0)] {
      let stroke = try #require(scene.presentation(at: time).layers.flatMap { Self.shapes(in: $0) }.first)
      #expect(abs(stroke.properties.shape.lineDashPhase - phase) < 1e-6, "at \(time) s: \(stroke.properties.shape.lineDashPhase)")
      #expect(stroke.properties.shape.lineDashPattern == [0, 15])
    }

    let growing = dashed.replacingOccurrences(
      of: #"{"n":"d","v":{"a":0,"k":0}}"#, with: #"{"n":"d","v":{"a":1,"k":[{"t":0,"s":[2]},{"t":30,"s":[8]}]}}"#)
    warnings = []
    _ = try Support.compile(Support.document(layers: shapeLayer([square, growing].joined(separator: ","))), warnings: &warnings)
    #expect(warnings.contains { "\($0)".contains("shapes[1].d[0]") && "\($0)".contains("first value") }, "\(warnings)")
  }

  private static func shapes(in layer: PresentationLayer) -> [PresentationLayer] {
    (layer.kind == .shape ? [layer] : []) + layer.sublayers.flatMap { shapes(in: $0) }
  }

  @Test("a colour's fourth component is ignored as players ignore it; 0…255 only when all three channels are above 1")
  func colourComponents() throws {
    func filled(_ rgba: String) throws -> Color {
      let scene = try Support.compile(Support.document(layers: shapeLayer([square, fill(rgba)].joined(separator: ","))))
      return try #require(scene.presentation(at: 0).layers.flatMap { Self.shapes(in: $0) }.first).properties.shape.fillColor
    }
    #expect(try filled("[1,0,0,0]") == Color(red: 1, green: 0, blue: 0), "alpha 0 in c: still opaque red")
    #expect(try filled("[0.2,0.4,0.6,0.5]") == Color(red: 0.2, green: 0.4, blue: 0.6))
    #expect(try filled("[255,102,51]") == Color(red: 1, green: 0.4, blue: 0.2), "0…255")
    #expect(try filled("[2,0.5,0]") == Color(red: 1, green: 0.5, blue: 0), "one channel above 1 is clamped, not rescaled")
  }
}
