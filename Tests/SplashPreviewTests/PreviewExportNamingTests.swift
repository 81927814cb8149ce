import Foundation
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// "An export never replaces a file": the name an export is put at is claimed when the file is
/// put in place, not only looked at when the export is queued, so two previews sharing an
/// exports folder, or a file the user makes there meanwhile, never lose a file (issue 39).
@Suite("Exports claim their names: nothing is replaced, the name written is the name reported", .serialized)
struct PreviewExportNamingTests {
  private func exports(into folder: URL) -> PreviewExports {
    PreviewExports(
      source: PresetSource(origin: .file(PreviewServerTests.fuber.path)), folder: folder, environment: [:], log: { _ in })
  }

  private func request(_ query: [String: String]) throws -> PreviewExportRequest {
    try PreviewExportRequest(query: query)
  }

  /// The exports of `list` once none waits or renders. The bound is for a render that never
  /// ends, not a measure of one.
  private func finished(_ list: PreviewExports) throws -> [PreviewExports.Export] {
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline {
      let exports = list.exports
      if exports.allSatisfy(\.isFinished) { return exports }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("the exports did not finish in 5 minutes")
    return list.exports
  }

  @Test("two previews sharing a folder export a GIF at once: two files, each reported by the name it has")
  func twoPreviewsOneFolder() throws {
    let folder = try ScratchFolder.make("preview-naming").appendingPathComponent("exports")
    let first = exports(into: folder)
    let second = exports(into: folder)
    defer {
      first.stop()
      second.stop()
    }
    let gif = ["format": "gif", "scale": "0.25", "fps": "6"]
    // Queued before either is written, both see the name free.
    #expect(try first.start(request(gif)).name == "fuber.gif")
    #expect(try second.start(request(gif)).name == "fuber.gif")
    let done = try finished(first) + finished(second)
    #expect(done.map(\.state) == [.done, .done], "\(done.map(\.message))")
    #expect(Set(done.map(\.name)) == ["fuber.gif", "fuber-2.gif"], "\(done.map(\.name))")
    for export in done {
      #expect(export.path == folder.appendingPathComponent(export.name).path)
      #expect(export.message.hasPrefix("wrote \(export.path):"), "\(export.message)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["fuber-2.gif", "fuber.gif"])
  }

  @Test("a file or a folder the user makes under an export's name while it waits is kept; the export takes the next name")
  func userFileKept() throws {
    let folder = try ScratchFolder.make("preview-naming").appendingPathComponent("exports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let list = exports(into: folder)
    defer { list.stop() }
    // A long render holds the queue, so the two below are named but not written yet.
    let long = try list.start(request(["format": "h264", "scale": "0.25", "loops": "1000"]))
    let deadline = Date().addingTimeInterval(60)
    while list.exports.first?.state != .rendering && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    let gif = try list.start(request(["format": "gif", "scale": "0.25", "fps": "6"]))
    let frames = try list.start(request(["format": "png", "scale": "0.25", "fps": "2"]))
    #expect(gif.name == "fuber.gif" && frames.name == "fuber-frames")
    try Data("mine".utf8).write(to: folder.appendingPathComponent("fuber.gif"))
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fuber-frames"), withIntermediateDirectories: true)
    try Data("my frame".utf8).write(to: folder.appendingPathComponent("fuber-frames/fuber-0001.png"))
    #expect(list.cancel(id: long.id))
    let done = try finished(list)
    #expect(done.map(\.state) == [.cancelled, .done, .done], "\(done.map(\.message))")
    #expect(done.dropFirst().map(\.name) == ["fuber-2.gif", "fuber-frames-2"])
    #expect(try String(contentsOf: folder.appendingPathComponent("fuber.gif"), encoding: .utf8) == "mine")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fuber-frames").path) == ["fuber-0001.png"])
    #expect(try String(contentsOf: folder.appendingPathComponent("fuber-frames/fuber-0001.png"), encoding: .utf8) == "my frame")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fuber-2.gif").path))
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fuber-frames-2").path)
    #expect(written.count == 6 && written.sorted().first == "fuber-0001.png", "\(written.sorted())")
  }
}
