import Foundation
import SplashCore
import SplashDocument
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// The preview reads and parses its file once per version: its parameters, and every set of
/// values the page asks for, come from that one document.
@Suite("The preview reads its file once per version")
struct PreviewDocumentLoadTests {
  /// The standard reader, counting reads and parses.
  private final class CountingReader: DocumentReader {
    let counts = Locked((reads: 0, parses: 0))
    private let files = FileDocumentReader()

    func read(_ path: String, displayName: String) throws -> [UInt8] {
      counts.withLock { $0.reads += 1 }
      return try files.read(path, displayName: displayName)
    }

    func parse(_ bytes: [UInt8]) throws(JSON5Parser.SyntaxError) -> JSON5Parser.Parsed {
      counts.withLock { $0.parses += 1 }
      return try files.parse(bytes)
    }
  }

  @Test("a load reads and parses once; the page's colours and a reload after an edit add nothing, and one each")
  func oneReadPerVersion() throws {
    let folder = try ScratchFolder.make("preview-load")
    let preset = folder.appendingPathComponent("fuber.json5")
    try FileManager.default.copyItem(at: PreviewServerTests.repository.appendingPathComponent("presets/fuber.json5"), to: preset)
    let reader = CountingReader()
    let document = try PreviewDocument(source: PresetSource(origin: .file(preset.path), reader: reader), environment: [:])
    let snapshot = document.current()
    #expect(snapshot.parameters.map(\.name).contains("backgroundColor"))
    #expect(reader.counts.withLock { $0 } == (1, 1))

    let red = try #require(try document.scene(of: snapshot, overrides: ["backgroundColor": "#FF0000"]))
    let green = try #require(try document.scene(of: snapshot, overrides: ["backgroundColor": "#00FF00"]))
    #expect(red.backgroundColor != green.backgroundColor)
    #expect(reader.counts.withLock { $0 } == (1, 1))

    // An edit: a new version, read and parsed once more, whose values compile from it.
    var text = try String(contentsOf: preset, encoding: .utf8)
    text += "\n// edited\n"
    try Data(text.utf8).write(to: preset)
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: preset.path)
    let edited = document.current()
    #expect(edited.version == 2)
    _ = try document.scene(of: edited, overrides: ["backgroundColor": "#0000FF"])
    #expect(reader.counts.withLock { $0 } == (2, 2))
  }
}
