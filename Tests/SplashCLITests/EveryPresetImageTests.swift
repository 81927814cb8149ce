import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("still and sheet on every preset")
struct EveryPresetImageTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("every preset in presets/ renders a still and a contact sheet")
  func stillsAndSheets() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: presets).filter { $0.hasSuffix(".json5") }
      .map { String($0.dropLast(".json5".count)) }.sorted()
    #expect(!names.isEmpty)
    for name in names {
      let folder = try BinaryRunner.temporaryFolder()
      let still = try BinaryRunner.run(
        ["still", "--preset", name, "--time", "1", "--scale", "1", "-o", "still.png", "--presets-dir", presets], in: folder)
      #expect(still.exitCode == 0, "\(name): \(still.standardError)")
      let sheet = try BinaryRunner.run(
        ["sheet", "--preset", name, "--frames", "4", "--width", "60", "-o", "sheet.png", "--presets-dir", presets], in: folder)
      #expect(sheet.exitCode == 0, "\(name): \(sheet.standardError)")
      #expect(sheet.standardError.contains("wrote sheet.png: 4 frames"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["sheet.png", "still.png"])
    }
  }

  @Test("--scale and --fit size the output; conflicting or bad values are usage errors")
  func framingOptions() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let scaled = try BinaryRunner.run(
      ["still", "--preset", "fuber", "--time", "1", "--scale", "0.5", "-o", "half.png", "--presets-dir", presets], in: folder)
    #expect(scaled.standardError == "wrote half.png: t = 1.0 s, 188x334\n")
    let both = try BinaryRunner.run(
      ["still", "--preset", "fuber", "--time", "1", "--scale", "1", "--size", "10x10", "-o", "x.png"], in: folder)
    #expect(both.exitCode == 64 && both.standardError.contains("--size or --scale: give one of them, not both"))
    let badFit = try BinaryRunner.run(["--preset", "fuber", "--fit", "stretch", "-o", "x.mp4"], in: folder)
    #expect(badFit.exitCode == 64 && badFit.standardError.contains("--fit stretch: expected contain or cover"))
  }
}
