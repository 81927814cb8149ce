import Foundation
import SplashCore
import SplashFiles
import SplashHTTP
import SplashOutput
import SplashPipeline
import SplashPreview

/// `splashvid preview`: serves a page that plays a preset or Lottie file on this machine only,
/// until Ctrl-C (docs/preview.md).
struct PreviewCommand {
  var source: PresetSource
  /// 0: a free port the system picks.
  var port: UInt16
  /// Where the export panel writes (`--exports DIR`, default `exports` in the current folder).
  var exportFolder: URL

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(["port", "exports"]), flags: [], shortNames: [:],
      repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned)
    port = try scanned.values["port"].map { UInt16(try OptionParsing.integer($0, option: "port", range: 1...65_535)) } ?? 0
    let folder = scanned.values["exports"] ?? "exports"
    guard !folder.isEmpty else { throw UsageError("--exports: expected a folder for the export panel's files") }
    if let part = TemporaryName.lookalike(in: folder) {
      throw UsageError("--exports \(folder): \(TemporaryName.lookalikeReason(part))")
    }
    exportFolder = URL(fileURLWithPath: folder)
  }

  /// Serves until `cancellation` is set (the first Ctrl-C), then stops the server: the frames
  /// being drawn finish, an export under way is cancelled and removes what it began, and
  /// nothing is left behind.
  func run(
    environment: [String: String], cancellation: CancellationFlag, say: (String) -> Void, log: @escaping @Sendable (String) -> Void
  ) throws {
    guard let page = PreviewPage.find(environment: environment, executableURL: PresetSource.executableURL) else {
      throw PreviewCommandError(
        message: "the preview page is not installed: expected preview/index.html beside the binary or in "
          + "share/splashvid/preview (ci/install.sh puts it there), or a folder in $SPLASHVID_PREVIEW_PAGE")
    }
    let server: PreviewServer
    do {
      server = try PreviewServer(source: source, environment: environment, page: page, port: port, exportFolder: exportFolder, log: log)
    } catch let error as HTTPServerError {
      throw PreviewCommandError(message: "preview: \(error); choose another with --port N, or leave it out for a free one")
    }
    say("preview: \(server.address) (this machine only; Ctrl-C stops it)")
    say("preview: exports go to \(exportFolder.standardizedFileURL.path)")
    while !cancellation.isCancelled { Thread.sleep(forTimeInterval: 0.1) }
    server.stop()
    log("splashvid: preview stopped")
  }
}

/// A preview that cannot start, said in one line.
struct PreviewCommandError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
