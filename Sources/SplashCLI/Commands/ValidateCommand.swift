import Foundation
import SplashCairo
import SplashDocument
import SplashLottie
import SplashModel
import SplashOutput
import SplashPresets

/// `splashvid validate [FILE|DIR]`: every problem of every preset, or "ok".
///
/// Each problem is one line; a JSON5 syntax error is followed by the line of the file it is on
/// and a caret under its column, each line indented and escaped (`SourceExcerpt`).
///
/// Without an argument it checks the first preset folder that exists in the search order.
/// Exit status 0 when every file is valid, 1 otherwise.
struct ValidateCommand {
  var target: String?
  var presetsDirectory: String?
  /// What reads and parses each file (a test counts with its own).
  var reader: any DocumentReader = .files

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(valueOptions: ["presets-dir"], flags: [], shortNames: [:])
    let scanned = try scanner.scan(arguments)
    guard scanned.positional.count <= 1 else { throw UsageError("validate takes one FILE or DIR") }
    target = scanned.positional.first
    presetsDirectory = scanned.values["presets-dir"]
  }

  /// Returns whether everything was valid.
  func run(environment: [String: String], output: (String) -> Void) throws -> Bool {
    let files = try presetFiles(environment: environment)
    var problemCount = 0
    var invalidFiles = 0
    for file in files {
      var check: (problems: [DocumentError], warnings: [DocumentError]) = ([], [])
      var animations: [DotLottieArchive.Summary] = []
      do {
        // Bounded and regular files only: a FIFO or a device in the folder is one problem,
        // not a hang, and a huge file is refused before it is read.
        let document = try AnimationDocument.read(URL(fileURLWithPath: file), displayName: file, reader: reader)
        // What a render refuses before its first frame, validate refuses too.
        check = document.check(verify: { _ = try ImageBudget.declaredPixels(in: $0) })
        animations = document.archive?.summaries() ?? []
      } catch {
        // A file that cannot be read or opened is one problem of this file, as a syntax error is.
        check = ([error as? DocumentError ?? DocumentError(file: file, path: "", expected: "\(error)", found: nil)], [])
      }
      let problems = check.problems
      for warning in check.warnings { output("\(warning)") }
      if problems.isEmpty {
        let warnings = check.warnings.count
        output("ok \(file)" + (warnings == 0 ? "" : " (\(warnings) warning\(warnings == 1 ? "" : "s"))"))
      } else {
        invalidFiles += 1
        problemCount += problems.count
        for problem in problems {
          output("\(problem)")
          // A syntax error's line and caret: lines of their own, indented under the message.
          for line in problem.excerpt { output(line) }
        }
      }
      // An archive's animations, indented under its verdict: the ids `--animation` takes.
      for animation in animations { output("  animation \(animation)") }
    }
    if problemCount > 0 {
      output(
        "\(problemCount) problem\(problemCount == 1 ? "" : "s") in \(invalidFiles) of \(files.count) file\(files.count == 1 ? "" : "s")")
    }
    return problemCount == 0
  }

  private func presetFiles(environment: [String: String]) throws -> [String] {
    let path: String
    if let target {
      path = target
    } else {
      let library = AnimationFolder.library(presetsDirectory: presetsDirectory, environment: environment)
      guard let folder = library.searchFolders.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
        throw UsageError("no preset folder found; name a FILE or DIR to validate")
      }
      path = folder.path
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      // A link that loops or leads nowhere is there, just not readable: reading it says which.
      if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil { return [path] }
      throw UsageError("\(path) does not exist")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = try FileManager.default.contentsOfDirectory(atPath: path)
      .filter(AnimationFolder.library(folder: path).isFound).sorted()
    guard !names.isEmpty else { throw UsageError("\(path) holds no .json5 or .json presets, nor .lottie or .tgs files") }
    return names.map { (path as NSString).appendingPathComponent($0) }
  }
}
