import Foundation
import Testing

@Suite("Assets stay inside the preset's folder")
struct AssetConfinementTests {
  @Test("a symbolic link leading out of the folder is refused; --assets-root allows another folder")
  func symlinkOut() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outside = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets/assets/mascot.png"), to: outside.appendingPathComponent("logo.png"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("logo.png"), withDestinationURL: outside.appendingPathComponent("logo.png"))
    let preset =
      #"{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 }, layers: [ { id: "a", bounds: [0, 0, 50, 60], position: [50, 50], contents: "logo.png" } ] }"#
    try Data(preset.utf8).write(to: folder.appendingPathComponent("p.json5"))
    let refused = try BinaryRunner.run(["still", "--file", "p.json5", "--time", "0", "-o", "x.png"], in: folder)
    #expect(refused.exitCode == 1)
    #expect(refused.standardError.contains("layers[0].contents: expected an image inside"))
    let allowed = try BinaryRunner.run(
      ["still", "--file", "p.json5", "--time", "0", "-o", "x.png", "--assets-root", outside.path], in: folder)
    #expect(allowed.exitCode == 0, "\(allowed.standardError)")
  }
}
