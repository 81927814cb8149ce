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

@Suite("Image sequences: -o frames-%04d.png writes every frame, numbered from 1, only when complete")
struct ImageSequenceTests {
  /// A square that moves for 0.4 s of a 1 s cycle, then holds: frames 5…9 at 10 fps repeat.
  private let holdingPreset = """
    { schemaVersion: 1, canvas: { size: [20, 20], background: "#0F4E65" }, clip: { cycle: 1 },
      layers: [{ id: "square", position: [5, 10], bounds: [0, 0, 4, 4], backgroundColor: "white",
        animations: [{ type: "basic", keyPath: "position.x", fromValue: 5, toValue: 15, duration: 0.4,
          fillMode: "forwards", removedOnCompletion: false }] }] }
    """

  @Test("10 frames with a hold: 10 files, the held ones equal to the last moving frame, and the first equal to a still")
  func sequenceWithHold() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(holdingPreset.utf8).write(to: folder.appendingPathComponent("hold.json5"))
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: false)
    let outcome = try BinaryRunner.run(
      ["--file", "hold.json5", "--fps", "10", "--scale", "1", "-o", "frames/f-%02d.png"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).sorted()
    #expect(names == (1...10).map { String(format: "f-%02d.png", $0) }, "\(names)")
    func bytes(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent("frames/\(name)")) }
    #expect(try bytes("f-01.png") != bytes("f-02.png"), "the square moves")
    for held in 6...10 { #expect(try bytes(String(format: "f-%02d.png", held)) == bytes("f-05.png"), "frame \(held) holds") }
    let still = try BinaryRunner.run(["still", "--file", "hold.json5", "--time", "0", "--scale", "1", "-o", "still.png"], in: folder)
    #expect(still.exitCode == 0)
    #expect(try bytes("f-01.png") == Data(contentsOf: folder.appendingPathComponent("still.png")))
  }

  @Test("a bad pattern is a usage error; a failing render leaves no frames and no staging folder")
  func failures() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(holdingPreset.utf8).write(to: folder.appendingPathComponent("hold.json5"))
    let twoNumbers = try BinaryRunner.run(["--file", "hold.json5", "-o", "f-%d-%d.png"], in: folder)
    #expect(twoNumbers.exitCode == 64)
    #expect(twoNumbers.standardError.contains("-o f-%d-%d.png: an image sequence needs one %d or %04d-style number in its name"))
    // The sequence and an MP4 whose folder is a file: the MP4 fails before any frame.
    let failing = try BinaryRunner.run(["--file", "hold.json5", "-o", "f-%03d.png", "-o", "hold.json5/clip.mp4"], in: folder)
    #expect(failing.exitCode == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["hold.json5"])
  }
}
