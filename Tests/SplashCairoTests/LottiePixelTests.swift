import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Lottie documents written for these tests, drawn through the Lottie compiler and Cairo, and
/// checked by pixel at moments worked out from their numbers.
@Suite("Lottie files draw through the Core Animation model: shapes, solids, precompositions, parents")
struct LottiePixelTests {
  private func frame(_ layers: String, assets: String = "", at time: Double) throws -> PixelBuffer {
    let text = """
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[\(assets)],"layers":[\(layers)]}
      """
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200),
      into: buffer)
    return buffer
  }

  private func expectColor(_ buffer: PixelBuffer, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), _ label: String) {
    let pixel = buffer.rgba(x: x, y: y)
    let found = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
    #expect(
      abs(found.0 - expected.0) <= 2 && abs(found.1 - expected.1) <= 2 && abs(found.2 - expected.2) <= 2,
      "\(label) at (\(x), \(y)): found \(found), expected \(expected)")
  }

  private let blueSolid = """
    {"ty":1,"nm":"background","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[100,100]}},"sw":200,"sh":200,"sc":"#0000ff"}
    """

  @Test("a red disc moving linearly from x = 50 to x = 150 over a blue solid, and its white ring stroke")
  func movingDisc() throws {
    let disc = """
      {"ty":4,"nm":"disc","ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[50,100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[150,100]}]}},
       "shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}},
         {"ty":"st","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},
         {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}
      """
    let middle = try frame(disc + "," + blueSolid, at: 0.5)  // frame 15: x = 100
    expectColor(middle, 100, 100, (255, 0, 0), "disc centre")
    expectColor(middle, 100, 80, (255, 255, 255), "the stroke on its edge, radius 20")
    expectColor(middle, 100, 76, (0, 0, 255), "beyond the stroke's outer half")
    expectColor(middle, 60, 100, (0, 0, 255), "where it started")
    let start = try frame(disc + "," + blueSolid, at: 0)
    expectColor(start, 50, 100, (255, 0, 0), "at frame 0")
  }

  @Test("a precomposition starts 15 frames late (st) and is clipped to its 100 × 100 size")
  func precomposition() throws {
    let assets = """
      {"id":"inner","layers":[{"ty":1,"nm":"green","ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":10,"s":[100]}]}},
        "sw":300,"sh":300,"sc":"#00ff00"}]}
      """
    let precomposition = #"{"ty":0,"nm":"pre","refId":"inner","ip":0,"op":60,"st":15,"w":100,"h":100,"ks":{}}"#
    let early = try frame(precomposition + "," + blueSolid, assets: assets, at: 24.5 / 30)  // its frame 9.5: opacity 0
    expectColor(early, 50, 50, (0, 0, 255), "before its frame 10")
    let late = try frame(precomposition + "," + blueSolid, assets: assets, at: 25.5 / 30)  // its frame 10.5
    expectColor(late, 50, 50, (0, 255, 0), "from its frame 10")
    expectColor(late, 150, 150, (0, 0, 255), "clipped at 100 × 100")
  }

  @Test("a child turns with its parent null about the parent's position")
  func parenting() throws {
    let parent =
      #"{"ty":3,"nm":"pivot","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90]}]}}}"#
    let child = """
      {"ty":4,"nm":"arm","ind":2,"parent":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,0]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}]}
      """
    let start = try frame([child, parent, blueSolid].joined(separator: ","), at: 0)
    expectColor(start, 150, 100, (255, 255, 0), "at 3 o'clock")
    let turned = try frame([child, parent, blueSolid].joined(separator: ","), at: 1)
    expectColor(turned, 100, 150, (255, 255, 0), "at 6 o'clock after 90°")
    expectColor(turned, 150, 100, (0, 0, 255), "gone from 3 o'clock")
  }

  @Test("nothing is drawn outside the composition: a solid twice its size leaves the bands of a contain fit the canvas colour")
  func clippedToComposition() throws {
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[],"layers":[
        {"ty":1,"nm":"big","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[100,100]}},"sw":200,"sh":200,"sc":"#ff0000"}]}
      """#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    // 300 × 100: the composition fills the middle 100 pixels, bands of 100 on either side.
    let buffer = try #require(PixelBuffer(width: 300, height: 100))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 300, pixelHeight: 100), into: buffer)
    expectColor(buffer, 150, 50, (255, 0, 0), "inside the composition")
    expectColor(buffer, 101, 1, (255, 0, 0), "its corner")
    expectColor(buffer, 98, 50, (255, 255, 255), "the left band")
    expectColor(buffer, 202, 50, (255, 255, 255), "the right band")
    expectColor(buffer, 10, 10, (255, 255, 255), "far in the band")
  }
}
