import Foundation
import SplashCairo
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Gradient fills and strokes and stars from Lottie documents written for these tests, drawn
/// through the compiler and Cairo, checked by pixel against colours worked out here.
@Suite("Lottie gradients and stars draw through Cairo: colours along the gradient, circles, strokes, tips and notches")
struct LottieGradientPixelTests {
  /// Frame 0 of a 200 × 200 document holding one shape layer with `shapes`, over a blue solid.
  private func frame(_ shapes: String) throws -> PixelBuffer {
    let text = """
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[
       {"ty":4,"nm":"shapes","ip":0,"op":60,"ks":{},"shapes":[\(shapes)]},
       {"ty":1,"nm":"background","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#0000ff"}]}
      """
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200),
      into: buffer)
    return buffer
  }

  private func expectColor(_ buffer: PixelBuffer, _ x: Int, _ y: Int, _ expected: (Double, Double, Double), _ label: String) {
    let pixel = buffer.rgba(x: x, y: y)
    let found = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
    let target = (Int(expected.0.rounded()), Int(expected.1.rounded()), Int(expected.2.rounded()))
    #expect(
      abs(found.0 - target.0) <= 2 && abs(found.1 - target.1) <= 2 && abs(found.2 - target.2) <= 2,
      "\(label) at (\(x), \(y)): found \(found), expected \(target)")
  }

  /// A gradient fill from `start` to `end` with the colour stops `stops` (`g.k`, `count` colours).
  private func gradientFill(type: Int, start: String, end: String, count: Int, stops: String) -> String {
    #"{"ty":"gf","t":\#(type),"s":{"a":0,"k":\#(start)},"e":{"a":0,"k":\#(end)},"o":{"a":0,"k":100},"r":1,"g":{"p":\#(count),"k":{"a":0,"k":\#(stops)}}}"#
  }

  @Test("a linear gradient red → blue across a rectangle: at a quarter and three quarters of the way, the mix of the two")
  func linear() throws {
    let rectangle = #"{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[160,80]},"r":{"a":0,"k":0}}"#
    let buffer = try frame(
      rectangle + "," + gradientFill(type: 1, start: "[20,100]", end: "[180,100]", count: 2, stops: "[0,1,0,0,1,0,0,1]"))
    // Pixel x covers x … x + 1; its centre is x + 0.5 points along a 160-point gradient from 20.
    for x in [60, 140] {
      let fraction = (Double(x) + 0.5 - 20) / 160
      expectColor(buffer, x, 100, (255 * (1 - fraction), 0, 255 * fraction), "\(Int(fraction * 100)) % of the way")
    }
    expectColor(buffer, 100, 50, (0, 0, 255), "above the rectangle: the blue solid")
  }

  @Test("opacity stops at their own offsets: red fading to clear at the middle and back, over blue")
  func opacityStops() throws {
    let rectangle = #"{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[160,80]},"r":{"a":0,"k":0}}"#
    // Red all along; opacity 1 at 0, 0 at 0.5, 1 at 1.
    let fill = gradientFill(type: 1, start: "[20,100]", end: "[180,100]", count: 2, stops: "[0,1,0,0,1,1,0,0,0,1,0.5,0,1,1]")
    let buffer = try frame(rectangle + "," + fill)
    for x in [59, 100, 140] {
      let fraction = (Double(x) + 0.5 - 20) / 160
      let alpha = fraction < 0.5 ? 1 - 2 * fraction : 2 * fraction - 1
      expectColor(buffer, x, 100, (255 * alpha, 0, 255 * (1 - alpha)), "opacity \(alpha)")
    }
  }

  @Test("a radial gradient white → black is a circle about s through e: equal at equal distances, black beyond")
  func radial() throws {
    let disc = #"{"ty":"el","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[180,180]}}"#
    // Centre (100, 100), radius |(130, 140) − (100, 100)| = 50.
    let buffer = try frame(disc + "," + gradientFill(type: 2, start: "[100,100]", end: "[130,140]", count: 2, stops: "[0,1,1,1,1,0,0,0]"))
    for (x, y) in [(125, 100), (100, 125), (74, 100), (100, 74), (117, 117)] {
      let distance = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: Point(x: 100, y: 100))
      let level = 255 * (1 - distance / 50)
      expectColor(buffer, x, y, (level, level, level), "\(distance) points from the centre")
    }
    expectColor(buffer, 100, 165, (0, 0, 0), "beyond the radius, inside the disc: the last colour")
    expectColor(buffer, 100, 195, (0, 0, 255), "outside the disc")
  }

  @Test("a gradient stroke green → magenta around a circle: the ring takes the gradient, inside and outside stay blue")
  func stroke() throws {
    let circle = #"{"ty":"el","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[100,100]}}"#
    let stroke =
      #"{"ty":"gs","t":1,"s":{"a":0,"k":[40,100]},"e":{"a":0,"k":[160,100]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1,"g":{"p":2,"k":{"a":0,"k":[0,0,1,0,1,1,0,1]}}}"#
    let buffer = try frame(circle + "," + stroke)
    for x in [50, 149] {
      let fraction = (Double(x) + 0.5 - 40) / 120
      expectColor(buffer, x, 100, (255 * fraction, 255 * (1 - fraction), 255 * fraction), "on the ring at x = \(x)")
    }
    expectColor(buffer, 100, 52, (127.5, 127.5, 127.5), "top of the ring, halfway along the gradient")
    expectColor(buffer, 100, 100, (0, 0, 255), "inside the ring")
    expectColor(buffer, 100, 40, (0, 0, 255), "outside the ring")
  }

  @Test("a gradient after a repeater spans the copies: each copy shows the gradient's colour where it stands")
  func repeatedSquares() throws {
    let square = #"{"ty":"rc","p":{"a":0,"k":[30,100]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
    // Copies at x = 30, 90, 150.
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[60,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let fill = gradientFill(type: 1, start: "[0,100]", end: "[200,100]", count: 2, stops: "[0,1,0,0,1,0,0,1]")
    let buffer = try frame([square, repeater, fill].joined(separator: ","))
    for x in [30, 90, 150] {
      let fraction = (Double(x) + 0.5) / 200
      expectColor(buffer, x, 100, (255 * (1 - fraction), 0, 255 * fraction), "copy at x = \(x)")
    }
    expectColor(buffer, 60, 100, (0, 0, 255), "between copies")
  }

  @Test("a yellow 5-point star: every tip and the body are yellow, the notches between the tips are not")
  func star() throws {
    let star =
      #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"or":{"a":0,"k":80},"ir":{"a":0,"k":32},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
    let buffer = try frame(star + #",{"ty":"fl","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}"#)
    func pixel(_ radius: Double, _ degrees: Double) -> (Int, Int) {
      (Int((100 + radius * cos(degrees * .pi / 180)).rounded(.down)), Int((100 + radius * sin(degrees * .pi / 180)).rounded(.down)))
    }
    for tip in 0..<5 {
      let angle = -90 + 72 * Double(tip)
      let (x, y) = pixel(72, angle)
      expectColor(buffer, x, y, (255, 255, 0), "near tip \(tip)")
      // Beyond the notch halfway to the next tip (radius 32): the background.
      let (notchX, notchY) = pixel(40, angle + 36)
      expectColor(buffer, notchX, notchY, (0, 0, 255), "past notch \(tip)")
      let (innerX, innerY) = pixel(26, angle + 36)
      expectColor(buffer, innerX, innerY, (255, 255, 0), "inside notch \(tip)")
    }
    expectColor(buffer, 100, 14, (0, 0, 255), "above the top tip (y = 20)")
  }
}
