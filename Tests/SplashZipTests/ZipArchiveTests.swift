import Foundation
import SplashTestSupport
import Testing

@testable import SplashZip

/// The zip reader `.lottie` archives go through: entries checked before any is read, one byte
/// budget for the whole archive.
@Suite("Zip: archives checked before they are read")
struct ZipArchiveTests {
  private func archive(_ entries: [(name: String, bytes: [UInt8])]) throws -> [UInt8] {
    let path = try ScratchFolder.make("splashvid-zip").appendingPathComponent("a.zip").path
    try ZipArchiveWriter.write(entries, to: path)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test("entries come back in order, by name, with their bytes")
  func entries() throws {
    let manifest = Array("{\"animations\":[{\"id\":\"a\"}]}".utf8)
    let animation = [UInt8](repeating: 0x41, count: 100_000)
    let zip = try ZipArchive(
      try archive([("manifest.json", manifest), ("animations/a.json", animation)]), maximumEntries: 8, maximumBytes: 1 << 20)
    #expect(zip.entries.map(\.name) == ["manifest.json", "animations/a.json"])
    #expect(zip.entries.map(\.declaredSize) == [UInt64(manifest.count), 100_000])
    #expect(try zip.read(zip.entries[1]) == animation)
    #expect(try zip.read(zip.entries[0]) == manifest)
  }

  @Test("the budget is the whole archive's: each read spends it, and the read past it is refused")
  func budget() throws {
    let block = [UInt8](repeating: 7, count: 60_000)
    let zip = try ZipArchive(try archive([("a", block), ("b", block)]), maximumEntries: 8, maximumBytes: 100_000)
    #expect(try zip.read(zip.entries[0]) == block)
    #expect(throws: ZipError.tooLarge(entry: "b", limit: 100_000)) { try zip.read(zip.entries[1]) }
  }

  @Test("too many entries, and bytes that are not an archive, are refused on opening")
  func refusals() throws {
    let bytes = try archive((0..<5).map { ("f\($0)", [UInt8]($0.description.utf8)) })
    #expect(throws: ZipError.tooManyEntries(count: 5, limit: 4)) { try ZipArchive(bytes, maximumEntries: 4, maximumBytes: 1 << 20) }
    do {
      _ = try ZipArchive(Array("not a zip".utf8), maximumEntries: 4, maximumBytes: 1 << 20)
      Issue.record("text opened as an archive")
    } catch {
      guard case .notZip = error else { return #expect(Bool(false), "\(error)") }
    }
  }

  @Test(
    "a name is confined: relative, no '..' part with either slash, no drive letter",
    arguments: [
      ("animations/a.json", true), ("a..b/c.json", true), ("/etc/passwd", false), ("../a.json", false),
      ("images\\..\\..\\a.png", false), ("C:/a.png", false), ("", false), ("a\u{0}b", false),
    ])
  func confinement(name: String, confined: Bool) {
    #expect(ZipArchive.isConfined(name) == confined)
  }
}
