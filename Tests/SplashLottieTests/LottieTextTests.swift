import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Text layers (`ty: 5`): where glyphs from `chars` land (advances, tracking, justification,
/// lines, paragraph boxes), which font and style a text drawn with fonts gets, how document
/// keyframes hold, and what is warned about. Positions are worked out by hand from each
/// document's numbers.
@Suite("Lottie text: glyphs placed by advance, tracking and justification, fonts mapped onto text layers")
struct LottieTextTests {
  typealias Support = LottieTestSupport

  /// Glyphs of the family "Blocky": "I" a bar from x 10 to 30 advancing 40, "O" a ring
  /// advancing 80, a space advancing 30, all at size 100.
  private let chars = """
    "fonts":{"list":[{"fName":"Blocky-Regular","fFamily":"Blocky","fStyle":"Regular","ascent":70}]},
    "chars":[
     {"ch":"I","size":50,"style":"Regular","fFamily":"Blocky","w":40,"data":{"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[10,-70],[30,-70],[30,0],[10,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}},
     {"ch":"O","size":50,"style":"Regular","fFamily":"Blocky","w":80,"data":{"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[5,-70],[75,-70],[75,0],[5,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},
       {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[25,-50],[25,-20],[55,-20],[55,-50]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}},
     {"ch":" ","size":50,"style":"Regular","fFamily":"Blocky","w":30,"data":{}}
    ],
    """

  /// A document whose layers are `layers`, with `extra` members (fonts, chars) before them.
  private func document(_ layers: String, extra: String = "") -> String {
    """
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":400,"h":300,\(extra)"layers":[\(layers)]}
    """
  }

  /// A text layer at `position` whose one document is `fields` (JSON members).
  private func textLayer(_ fields: String, position: String = "[0,0]") -> String {
    """
    {"ty":5,"nm":"text","ip":0,"op":60,"ks":{"p":{"a":0,"k":\(position)}},
     "t":{"d":{"k":[{"t":0,"s":{\(fields)}}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}
    """
  }

  /// Where the shown glyph layers' origins land on the canvas, by id, at time `time`: the
  /// layers named after a character of these glyphs ("text/O 2").
  private func glyphOrigins(_ text: String, at time: Double = 0) throws -> [String: Point] {
    let tree = try Support.compile(text).presentation(at: time)
    var origins: [String: Point] = [:]
    func visit(_ layer: PresentationLayer, _ chain: [PresentationLayer]) {
      let chain = chain + [layer]
      let name = layer.id.split(separator: "/").last.map(String.init) ?? ""
      if ["I ", "O "].contains(name.prefix(2)), Int(name.dropFirst(2)) != nil {
        origins[layer.id] = Support.canvasPoint(.zero, through: chain)
      }
      for sublayer in layer.sublayers where !sublayer.properties.isHidden { visit(sublayer, chain) }
    }
    for root in tree.layers where !root.properties.isHidden { visit(root, []) }
    return origins
  }

  private func text(_ fields: String, position: String = "[0,0]") throws -> [String: Point] {
    try glyphOrigins(document(textLayer(fields, position: position), extra: chars))
  }

  @Test("glyphs advance by w × size / 100 plus tracking (tr thousandths of the size) from the layer's origin")
  func advancesAndTracking() throws {
    // Size 50: I advances 20, O 40; tracking 100 → 5 points after each character.
    let origins = try text(#""t":"IOI","s":50,"f":"Blocky-Regular","tr":100,"fc":[0,0,0]"#, position: "[20,60]")
    #expect(origins == ["text/I 1": Point(x: 20, y: 60), "text/O 2": Point(x: 45, y: 60), "text/I 3": Point(x: 90, y: 60)])
  }

  @Test("a glyph's outline is scaled by size / 100 about its origin on the baseline; a text of one glyph is that glyph")
  func glyphScale() throws {
    let text = document(textLayer(#""t":"II","s":50,"f":"Blocky-Regular","fc":[0,0,0]"#, position: "[20,60]"), extra: chars)
    let tree = try Support.compile(text).presentation(at: 0)
    let chain = try #require(Support.chain(in: tree) { $0 == "text/I 1" })
    // The bar's top left corner (10, −70) at half size.
    #expect(Support.canvasPoint(Point(x: 10, y: -70), through: chain) == Point(x: 25, y: 25))
    // Alone, the glyph's outline is drawn in the text layer's space, already scaled and placed
    // (`LottieShapeBuilder.drawnInSuperlayerSpace`): the same corner is (5, −35) there.
    let single = document(textLayer(#""t":"I","s":50,"f":"Blocky-Regular","fc":[0,0,0]"#, position: "[20,60]"), extra: chars)
    let layers = try Support.compile(single).presentation(at: 0).layers
    #expect(layers.count == 1 && layers[0].kind == .shape && layers[0].id == "text" && layers[0].sublayers.isEmpty)
    #expect(Support.canvasPoint(Point(x: 5, y: -35), through: layers) == Point(x: 25, y: 25))
  }

  @Test(
    "justification places each line: left from the origin, right ending at it, centred on it; trailing spaces and the last tracking do not count",
    arguments: [(0, 0.0), (1, -65.0), (2, -32.5)])
  func justification(justify: Int, offset: Double) throws {
    // "IO " at size 50 with tracking 5: I at 0, O at 25 ending at 65; the space is not measured.
    let origins = try text(#""t":"IO ","s":50,"f":"Blocky-Regular","tr":100,"j":\#(justify),"fc":[0,0,0]"#, position: "[200,100]")
    #expect(origins["text/I 1"] == Point(x: 200 + offset, y: 100))
    #expect(origins["text/O 2"] == Point(x: 225 + offset, y: 100))
  }

  @Test("a second line starts again at the left, lh lower; each line is justified on its own")
  func lines() throws {
    let left = try text(#""t":"IO\rI","s":50,"f":"Blocky-Regular","lh":60,"fc":[0,0,0]"#, position: "[20,60]")
    #expect(left["text/I 3"] == Point(x: 20, y: 120), "\(left)")
    let right = try text(#""t":"IO\nI","s":50,"f":"Blocky-Regular","lh":60,"j":1,"fc":[0,0,0]"#, position: "[200,60]")
    #expect(right["text/I 1"] == Point(x: 140, y: 60))
    #expect(right["text/I 3"] == Point(x: 180, y: 120))
  }

  @Test("without lh the lines are 1.2 × the size apart; a baseline shift ls raises every line")
  func defaultLineHeightAndShift() throws {
    let origins = try text(#""t":"I\r\nI","s":50,"f":"Blocky-Regular","ls":10,"fc":[0,0,0]"#, position: "[20,100]")
    // "\r\n" is one break, not two: the second line is 60 below the first.
    #expect(origins == ["text/I 1": Point(x: 20, y: 90), "text/I 2": Point(x: 20, y: 150)])
  }

  @Test("paragraph text wraps before the word that crosses its box, and its first baseline is the ascent below the box's top")
  func paragraph() throws {
    // Box 100 wide at (10, 20), size 50: "IO" is 60 wide, "IO I" would reach 95 + 20 = 115.
    let origins = try text(
      #""t":"IO IO","s":50,"f":"Blocky-Regular","lh":50,"sz":[100,200],"ps":[10,20],"j":1,"fc":[0,0,0]"#)
    // Ascent 70 at size 50: 35 below the top. Right-justified: each 60-wide line ends at 110.
    #expect(origins["text/I 1"] == Point(x: 50, y: 55))
    #expect(origins["text/O 2"] == Point(x: 70, y: 55))
    // The space where the line broke is dropped.
    #expect(origins["text/I 3"] == Point(x: 50, y: 105))
    #expect(origins["text/O 4"] == Point(x: 70, y: 105))
    #expect(origins.count == 4)
  }

  @Test("a word wider than the box breaks before the character that crosses it")
  func longWord() {
    let lines = LottieTextLayout.wrapped(["I", "I", "I"], width: 50, tracking: 0) { _ in 20 }
    #expect(lines == [["I", "I"], ["I"]])
  }

  @Test("a glyph only filled is one shape layer, placed and scaled itself; filled and stroked, a layer holding both")
  func glyphLayers() throws {
    func glyph(_ styles: String) throws -> PresentationLayer {
      let text = document(textLayer(#""t":"II","s":50,"f":"Blocky-Regular",\#(styles)"#, position: "[20,60]"), extra: chars)
      return try #require(Support.chain(in: try Support.compile(text).presentation(at: 0)) { $0 == "text/I 1" }?.last)
    }
    let filled = try glyph(#""fc":[1,0,0]"#)
    #expect(filled.kind == .shape && filled.sublayers.isEmpty && filled.properties.shape.fillColor == Color(red: 1, green: 0, blue: 0))
    #expect(filled.properties.position == Point(x: 0, y: 0) && filled.properties.transform == Transform3D(scaleX: 0.5, y: 0.5))
    let both = try glyph(#""fc":[1,0,0],"sc":[0,0,1],"sw":4"#)
    #expect(both.kind == .layer && both.sublayers.count == 2)
  }

  @Test("the glyphs are filled with fc and stroked with sc at sw points wide, the stroke under the fill unless of (then one layer)")
  func glyphStyles() throws {
    func shapes(_ strokeOverFill: Int) throws -> [LayerProperties] {
      let text = document(
        textLayer(#""t":"II","s":50,"f":"Blocky-Regular","fc":[1,0,0],"sc":[0,0,1],"sw":4,"of":\#(strokeOverFill)"#),
        extra: chars)
      let tree = try Support.compile(text).presentation(at: 0)
      let glyph = try #require(Support.chain(in: tree) { $0 == "text/I 1" }?.last)
      func collect(_ layer: PresentationLayer) -> [LayerProperties] {
        (layer.kind == .shape ? [layer.properties] : []) + layer.sublayers.flatMap(collect)
      }
      return collect(glyph)
    }
    let under = try shapes(0)
    // Bottom to top: the stroke, then the fill.
    #expect(under.map(\.shape.strokeColor) == [Color(red: 0, green: 0, blue: 1), .clear])
    #expect(under.map(\.shape.fillColor) == [.clear, Color(red: 1, green: 0, blue: 0)])
    // 4 points after the glyph's scale of 0.5.
    #expect(under.first?.shape.lineWidth == 8)
    // Stroked over the fill: one shape layer fills, then strokes, as a `CAShapeLayer` does.
    let over = try shapes(1)
    #expect(over.map(\.shape.fillColor) == [Color(red: 1, green: 0, blue: 0)])
    #expect(over.map(\.shape.strokeColor) == [Color(red: 0, green: 0, blue: 1)] && over.first?.shape.lineWidth == 8)
  }

  @Test("a text without chars for its font is a text layer per line in the font fonts.list names")
  func fontText() throws {
    let fonts = #""fonts":{"list":[{"fName":"Lato-BoldItalic","fFamily":"Lato","fStyle":"Bold Italic"}]},"#
    let layer = textLayer(
      #""t":"Hello\rWorld  ","s":36,"f":"Lato-BoldItalic","j":2,"tr":50,"lh":40,"ls":4,"fc":[1,0,0],"sc":[0,0,1],"sw":2,"of":true"#,
      position: "[200,100]")
    let tree = try Support.compile(document(layer, extra: fonts)).presentation(at: 0)
    let first = try #require(Support.chain(in: tree) { $0 == "text/line 1" })
    let second = try #require(Support.chain(in: tree) { $0 == "text/line 2" })
    let style = try #require(first.last).properties.text
    #expect(style.string == "Hello")
    #expect(style.fontFamily == "Lato" && style.fontWeight == 700 && style.isItalic)
    #expect(style.fontSize == 36 && style.alignment == .center && style.verticalPlacement == .firstBaseline)
    #expect(style.tracking == 1.8)
    #expect(style.foregroundColor == Color(red: 1, green: 0, blue: 0))
    #expect(style.strokeColor == Color(red: 0, green: 0, blue: 1) && style.strokeWidth == 2 && style.strokesOverFill)
    // The trailing spaces are left out: justification does not measure them.
    #expect(try #require(second.last).properties.text.string == "World")
    // Each line's baseline origin: the layer's origin, lh apart, raised by ls.
    #expect(Support.canvasPoint(.zero, through: first) == Point(x: 200, y: 96))
    #expect(Support.canvasPoint(.zero, through: second) == Point(x: 200, y: 136))
  }

  @Test(
    "fStyle words and fWeight become the weight and slant; a font missing from the list is named by the document",
    arguments: [
      ("Regular", nil, 400.0, false), ("ExtraBold", nil, 800, false), ("SemiBold Italic", nil, 600, true),
      ("Light Oblique", nil, 300, true), ("Thin", nil, 100, false), ("Black", nil, 900, false), ("Whatever", "300", 300, false),
    ] as [(String, String?, Double, Bool)])
  func fontStyles(style: String, weight: String?, expectedWeight: Double, isItalic: Bool) {
    let font = LottieFont(family: "Family", style: style, weightName: weight)
    #expect(font.weight == expectedWeight && font.isItalic == isItalic)
  }

  @Test("a font name the list lacks is the family, and text without fc is not filled")
  func unlistedFont() throws {
    let tree = try Support.compile(document(textLayer(#""t":"Hi","s":20,"f":"Lato-Bold","sc":[0,0,0],"sw":1"#)))
      .presentation(at: 0)
    let style = try #require(Support.chain(in: tree) { $0 == "text/line 1" }?.last).properties.text
    #expect(style.fontFamily == "Lato-Bold" && style.fontWeight == 400)
    #expect(style.foregroundColor == .clear && style.strokeColor == .black)
  }

  @Test("paragraph text drawn with a font is one wrapped text layer in its box, its first baseline the ascent below the top")
  func fontParagraph() throws {
    let fonts = #""fonts":{"list":[{"fName":"Lato-Regular","fFamily":"Lato","fStyle":"Regular","ascent":72}]},"#
    let layer = textLayer(#""t":"Wrap these words","s":50,"f":"Lato-Regular","j":1,"lh":60,"sz":[300,200],"ps":[10,20],"fc":[0,0,0]"#)
    let tree = try Support.compile(document(layer, extra: fonts)).presentation(at: 0)
    let chain = try #require(Support.chain(in: tree) { $0 == "text/paragraph" })
    let properties = try #require(chain.last).properties
    #expect(properties.text.isWrapped && properties.text.lineHeight == 60 && properties.text.alignment == .right)
    #expect(properties.bounds.size == Size(width: 300, height: 200))
    #expect(Support.canvasPoint(.zero, through: chain) == Point(x: 10, y: 56))
  }

  @Test("document keyframes hold: each document shows from its frame until the next one's")
  func documentKeyframes() throws {
    let layer = """
      {"ty":5,"nm":"text","ip":0,"op":60,"ks":{},"t":{"d":{"k":[
        {"t":0,"s":{"t":"I","s":50,"f":"Blocky-Regular","fc":[0,0,0]}},
        {"t":30,"s":{"t":"O","s":50,"f":"Blocky-Regular","fc":[0,0,0]}}]}}}
      """
    let text = document(layer, extra: chars)
    #expect(try glyphOrigins(text, at: 0).keys.sorted() == ["text/document 1/I 1"])
    #expect(try glyphOrigins(text, at: 29.5 / 30).keys.sorted() == ["text/document 1/I 1"])
    #expect(try glyphOrigins(text, at: 30.5 / 30).keys.sorted() == ["text/document 2/O 1"])
  }

  @Test("animators, text on a path, full justification, small capitals and missing glyphs are warned with their paths")
  func warnings() throws {
    let animated = """
      {"ty":5,"nm":"text","ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"IX","s":50,"f":"Blocky-Regular","j":3,"ca":2,"fc":[0,0,0]}}]},
       "p":{"m":0},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[{"s":{},"a":{"o":{"a":0,"k":0}}}]}}
      """
    var warnings: [DocumentError] = []
    _ = try Support.compile(document(animated, extra: chars), warnings: &warnings)
    let messages = warnings.map { "\($0)" }
    #expect(
      messages == [
        "test.json: layers[0].t.a[0]: warning: text animators (t.a) are not applied",
        "test.json: layers[0].t.d.k[0].s.ca: warning: small capitals (ca: 2) are drawn as typed",
        "test.json: layers[0].t.d.k[0].s.j: warning: full justification (j 3 to 6) is drawn aligned as its last line",
        "test.json: layers[0].t.d.k[0].s.t: warning: characters without a glyph in the file's chars are not drawn",
        "test.json: layers[0].t.p: warning: text on a path (t.p) is not applied",
      ], "\(messages)")
  }

  @Test("a plain text layer is drawn without a warning, and all capitals (ca: 1) are drawn upper case")
  func noWarnings() throws {
    var warnings: [DocumentError] = []
    let scene = try Support.compile(
      document(textLayer(#""t":"io","s":50,"f":"Blocky-Regular","ca":1,"fc":[0,0,0]"#), extra: chars), warnings: &warnings)
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(Support.chain(in: scene.presentation(at: 0)) { $0 == "text/O 2" } != nil)
  }

  @Test(
    "malformed text documents are refused with the JSON path",
    arguments: [
      (#"{"ty":5,"nm":"t","ks":{}}"#, #"test.json: layers[0]: missing "t""#),
      (
        #"{"ty":5,"nm":"t","ks":{},"t":{"d":{"k":[]}}}"#,
        "test.json: layers[0].t.d.k: expected at least one text document keyframe, found an array of 0"
      ),
      (
        #"{"ty":5,"nm":"t","ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"a","s":"big"}}]}}}"#,
        #"test.json: layers[0].t.d.k[0].s.s: expected a font size from 0 to 10000, found "big""#
      ),
      (
        #"{"ty":5,"nm":"t","ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":7}}]}}}"#, "test.json: layers[0].t.d.k[0].s.t: expected a string, found 7"
      ),
      (
        #"{"ty":5,"nm":"t","ks":{},"t":{"d":{"k":[{"t":9,"s":{"t":"a"}},{"t":3,"s":{"t":"b"}}]}}}"#,
        "test.json: layers[0].t.d.k[1].t: expected a frame at or after the previous keyframe's (9.0), found 3"
      ),
      (
        #"{"ty":5,"nm":"t","ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"a","sz":[10]}}]}}}"#,
        "test.json: layers[0].t.d.k[0].s.sz: expected two numbers from -1000000 to 1000000, found an array of 1"
      ),
    ])
  func malformed(layer: String, message: String) {
    #expect(Support.failure(document(layer)) == message)
  }
}
