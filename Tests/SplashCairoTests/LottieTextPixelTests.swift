import Foundation
import SplashCairo
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Lottie text layers drawn through the compiler and Cairo: glyphs from the file's `chars` at
/// positions worked out from their advances, and text drawn with an installed font whose ink
/// sits on Lottie's baseline origin.
@Suite("Lottie text draws: glyph squares where their advances put them, font text on its baseline")
struct LottieTextPixelTests {
  /// A 200 × 200 frame of `layers`, with `extra` document members (fonts, chars), one pixel a
  /// point.
  private func frame(_ layers: String, extra: String = "") throws -> PixelBuffer {
    let text = """
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,\(extra)"layers":[\(layers)]}
      """
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend { _ in }.render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200),
      into: buffer)
    return buffer
  }

  private func color(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
    let pixel = buffer.rgba(x: x, y: y)
    return (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
  }

  private func expectColor(_ buffer: PixelBuffer, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), _ label: String) {
    let found = color(buffer, x, y)
    #expect(
      abs(found.0 - expected.0) <= 2 && abs(found.1 - expected.1) <= 2 && abs(found.2 - expected.2) <= 2,
      "\(label) at (\(x), \(y)): found \(found), expected \(expected)")
  }

  /// The pixels darker than mid grey (any channel), as points.
  private func ink(_ buffer: PixelBuffer, where include: (Int, Int, Int) -> Bool = { min($0, $1, $2) < 128 }) -> [(x: Int, y: Int)] {
    var points: [(x: Int, y: Int)] = []
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let found = color(buffer, x, y)
        if include(found.0, found.1, found.2) { points.append((x, y)) }
      }
    }
    return points
  }

  /// "I", a 20-point square standing on the baseline, advancing 30, at size 100.
  private let squareGlyph = """
    "fonts":{"list":[{"fName":"Squares","fFamily":"Squares","fStyle":"Regular"}]},
    "chars":[{"ch":"I","size":100,"style":"Regular","fFamily":"Squares","w":30,"data":{"shapes":[{"ty":"gr","it":[
      {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,-20],[20,-20],[20,0],[0,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}],
    """

  private func textLayer(_ fields: String, position: String) -> String {
    """
    {"ty":5,"nm":"text","ip":0,"op":60,"ks":{"p":{"a":0,"k":\(position)}},"t":{"d":{"k":[{"t":0,"s":{\(fields)}}]},"p":{},"m":{},"a":[]}}
    """
  }

  @Test("two square glyphs I, 30 apart, stand on the baseline at the layer's origin")
  func squareGlyphs() throws {
    let buffer = try frame(textLayer(#""t":"II","s":100,"f":"Squares","fc":[0,0,0]"#, position: "[50,100]"), extra: squareGlyph)
    expectColor(buffer, 60, 90, (0, 0, 0), "the first square")
    expectColor(buffer, 90, 90, (0, 0, 0), "the second square, one advance on")
    expectColor(buffer, 75, 90, (255, 255, 255), "the gap between them")
    expectColor(buffer, 60, 77, (255, 255, 255), "above the squares")
    expectColor(buffer, 60, 103, (255, 255, 255), "below the baseline")
    expectColor(buffer, 103, 90, (255, 255, 255), "after the second")
  }

  @Test("centred glyphs at half size: two 10-point squares 15 apart, the line two advances (30) wide centred on the origin")
  func centredHalfSize() throws {
    let buffer = try frame(textLayer(#""t":"II","s":50,"f":"Squares","j":2,"fc":[1,0,0]"#, position: "[100,100]"), extra: squareGlyph)
    // The line runs from −15 to 15: squares at 85…95 and 100…110, from y 90 to 100.
    expectColor(buffer, 90, 95, (255, 0, 0), "the first square")
    expectColor(buffer, 105, 95, (255, 0, 0), "the second square")
    expectColor(buffer, 97, 95, (255, 255, 255), "the gap between them")
    expectColor(buffer, 83, 95, (255, 255, 255), "left of the line")
    expectColor(buffer, 112, 95, (255, 255, 255), "right of the second square")
  }

  @Test("the outline sw wide is drawn over the fill with of, under it without")
  func glyphOutline() throws {
    func square(strokeOverFill: Int) throws -> PixelBuffer {
      try frame(
        textLayer(#""t":"I","s":200,"f":"Squares","fc":[1,0,0],"sc":[0,0,1],"sw":6,"of":\#(strokeOverFill)"#, position: "[50,150]"),
        extra: squareGlyph)
    }
    // The square spans 50…90 × 110…150; the outline 3 points either side of its edges.
    let over = try square(strokeOverFill: 1)
    expectColor(over, 70, 130, (255, 0, 0), "the fill inside")
    expectColor(over, 51, 130, (0, 0, 255), "the outline's inner half, over the fill")
    expectColor(over, 48, 130, (0, 0, 255), "the outline's outer half")
    let under = try square(strokeOverFill: 0)
    expectColor(under, 51, 130, (255, 0, 0), "the fill over the outline's inner half")
    expectColor(under, 48, 130, (0, 0, 255), "the outline's outer half")
    expectColor(under, 45, 130, (255, 255, 255), "beyond the outline")
  }

  @Test("text without chars is drawn in its font with the ink on the baseline at the origin, none elsewhere")
  func fontText() throws {
    let fonts = #""fonts":{"list":[{"fName":"DejaVuSans-Bold","fFamily":"DejaVu Sans","fStyle":"Bold"}]},"#
    let buffer = try frame(textLayer(#""t":"I","s":80,"f":"DejaVuSans-Bold","fc":[0,0,0]"#, position: "[60,150]"), extra: fonts)
    let points = ink(buffer)
    #expect(points.count > 500, "the letter is drawn")
    let bottom = points.map(\.y).max() ?? 0
    let top = points.map(\.y).min() ?? 0
    let left = points.map(\.x).min() ?? 0
    let right = points.map(\.x).max() ?? 0
    // An I stands on the baseline (y 150) and is a capital's height tall (0.73 em in DejaVu
    // Sans: 58 points); it starts a side bearing right of the origin.
    #expect(abs(bottom - 149) <= 1, "the ink ends on the baseline: \(bottom)")
    #expect(abs(top - 92) <= 2, "the ink's top is a cap height above it: \(top)")
    #expect(left >= 60 && left <= 70, "the ink starts just right of the origin: \(left)")
    #expect(right < 100, "one letter wide: \(right)")
  }

  @Test("centred font text is centred on the origin, with tracking between its letters; the second line is lh lower")
  func fontCentredTrackingAndLines() throws {
    let fonts = #""fonts":{"list":[{"fName":"DejaVuSans-Bold","fFamily":"DejaVu Sans","fStyle":"Bold"}]},"#
    func inkBox(_ tracking: Int) throws -> (minX: Int, maxX: Int, rows: Set<Int>) {
      let buffer = try frame(
        textLayer(#""t":"II\rII","s":40,"f":"DejaVuSans-Bold","j":2,"tr":\#(tracking),"lh":70,"fc":[0,0,0]"#, position: "[100,60]"),
        extra: fonts)
      let points = ink(buffer)
      return (points.map(\.x).min() ?? 0, points.map(\.x).max() ?? 0, Set(points.map(\.y)))
    }
    let plain = try inkBox(0)
    let tracked = try inkBox(500)
    // Tracking 500 at size 40 is 20 points between the two letters, none after the last.
    #expect(abs((tracked.maxX - tracked.minX) - (plain.maxX - plain.minX) - 20) <= 1, "\(plain) \(tracked)")
    for box in [plain, tracked] {
      #expect(abs((box.minX + box.maxX) - 200) <= 2, "centred on x = 100: \(box.minX)…\(box.maxX)")
      // Lines on baselines 60 and 130: ink just above each, none just below the first.
      #expect(box.rows.contains(58) && box.rows.contains(128))
      #expect(!box.rows.contains(63) && !box.rows.contains(133))
      #expect(!box.rows.contains(85), "nothing between the lines")
    }
  }

  @Test("font text outlined without a fill inks its edges only; the outline over the fill shows more of it")
  func fontOutline() throws {
    let fonts = #""fonts":{"list":[{"fName":"DejaVuSans-Bold","fFamily":"DejaVu Sans","fStyle":"Bold"}]},"#
    func layer(_ fields: String) throws -> PixelBuffer {
      try frame(textLayer(#""t":"O","s":120,"f":"DejaVuSans-Bold",\#(fields)"#, position: "[40,150]"), extra: fonts)
    }
    let filled = ink(try layer(#""fc":[0,0,0]"#)).count
    let outlined = ink(try layer(#""sc":[0,0,0],"sw":2"#)).count
    #expect(outlined > 200 && outlined < filled / 2, "an outline is thinner than the letter: \(outlined) of \(filled)")
    func blue(_ buffer: PixelBuffer) -> Int { ink(buffer) { red, _, blue in blue > 200 && red < 100 }.count }
    let over = blue(try layer(#""fc":[1,0,0],"sc":[0,0,1],"sw":6,"of":1"#))
    let under = blue(try layer(#""fc":[1,0,0],"sc":[0,0,1],"sw":6"#))
    #expect(over > under + 200, "the inner half of the outline shows only over the fill: \(over) against \(under)")
  }
}
