import Foundation
import SplashDocument
import SplashModel
import SplashOutput
import SplashPresets

/// `splashvid presets`: the presets (and Lottie files) the search folders hold, with canvas,
/// loop, description and parameters.
struct PresetsCommand {
  var presetsDirectory: String?
  /// What reads and parses each file (a test counts with its own).
  var reader: any DocumentReader = .files

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(valueOptions: ["presets-dir"], flags: [], shortNames: [:])
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    presetsDirectory = scanned.values["presets-dir"]
  }

  func run(environment: [String: String], output: (String) -> Void) {
    let library = AnimationFolder.library(presetsDirectory: presetsDirectory, environment: environment)
    let presets = library.allPresets()
    if presets.isEmpty {
      output("no presets in \(library.searchFolders.map(\.path).joined(separator: ", "))")
      return
    }
    for (name, file) in presets {
      do {
        // Regular files of at most 16 MiB only: a FIFO or a link to a device in a preset
        // folder is listed as invalid, not read.
        let document = try AnimationDocument.read(file, displayName: file.path, reader: reader)
        let scene = try document.scene()
        let clip = scene.clip
        var line = "\(name)  \(format(scene.canvasSize.width))x\(format(scene.canvasSize.height)) pt"
        line += "  loop \(format(clip.loopDuration)) s"
        if clip.hold > 0 { line += " (\(format(clip.cycle)) s + \(format(clip.hold)) s hold)" }
        if clip.start > 0 { line += " from t = \(format(clip.start)) s" }
        output(line + "  \(file.path)")
        if !scene.segments.isEmpty {
          let named = scene.segments.map { "\($0.name) (\(format($0.start))–\(format($0.end)) s)" }
          output("    segments: \(named.joined(separator: ", "))")
        }
        if document.isLottie {
          // Its composition's name says what it is; its slots are its parameters.
          var description = "Lottie file"
          if case .object(let members)? = try document.lottieSource()?.document, case .string(let name)? = members["nm"],
            !name.isEmpty
          {
            description += ": \(name)"
          }
          if let rate = scene.frameNumbering?.framesPerSecond { description += ", \(format(rate)) fps" }
          output("    \(description)")
        } else if let description = try document.presetDescription() {
          output("    \(description)")
        }
        for parameter in try document.parameters() {
          let description = parameter.description.map { "  \($0)" } ?? ""
          output("    --param \(parameter.name)=\(plain(parameter.defaultValue))  (\(parameter.kind.rawValue))\(description)")
        }
      } catch {
        output("\(name)  invalid: \(error)")
      }
    }
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private func plain(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): text
    case .number(let number): format(number)
    default: value.summary
    }
  }
}
