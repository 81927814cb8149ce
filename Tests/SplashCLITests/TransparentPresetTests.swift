import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashPipeline
import SplashPresets
import SplashRender
import Testing

@testable import SplashCLI

@Suite("A preset with a clear canvas is a transparent clip")
struct TransparentPresetTests {
  private let clearCanvasPreset = """
    { schemaVersion: 1, canvas: { size: [20, 20], background: "clear" }, clip: { cycle: 1 },
      layers: [{ id: "square", position: [10, 10], bounds: [0, 0, 6, 6], backgroundColor: "white" }] }
    """

  @Test("opaque formats refuse it; WebM keeps it clear around the square")
  func clearCanvas() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(clearCanvasPreset.utf8).write(to: folder.appendingPathComponent("clear.json5"))
    let mp4 = try BinaryRunner.run(["--file", "clear.json5", "-o", "c.mp4"], in: folder)
    #expect(mp4.exitCode == 64)
    #expect(mp4.standardError.contains("the preset's canvas background is transparent and H.264 MP4 has no alpha"))
    let webm = try BinaryRunner.run(["--file", "clear.json5", "--fps", "10", "--scale", "2", "-o", "c.webm"], in: folder)
    #expect(webm.exitCode == 0, "\(webm.standardError)")
    var checked = false
    _ = try VideoReader.read(folder.appendingPathComponent("c.webm").path) { index, pixels in
      guard index == 0 else { return }
      #expect(pixels.rgba(x: 2, y: 2).alpha == 0)
      #expect(pixels.rgba(x: 20, y: 20).alpha == 255)
      checked = true
    }
    #expect(checked)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["c.webm", "clear.json5"])
  }
}
