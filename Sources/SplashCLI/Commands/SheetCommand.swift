import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashOutput

/// `splashvid sheet`: a contact sheet of frames spread evenly across one loop of the clip.
struct SheetCommand {
  var source: PresetSource
  var frames: Int
  var columns: Int
  var thumbnailWidth: Int
  var outputPath: String

  static let defaultFrames = 12

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(["frames", "columns", "width", "output"]), flags: [],
      shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned)
    frames = try scanned.values["frames"].map { try OptionParsing.integer($0, option: "frames", range: 1...400) }
      ?? Self.defaultFrames
    columns = try scanned.values["columns"].map { try OptionParsing.integer($0, option: "columns", range: 1...40) }
      ?? min(frames, 6)
    thumbnailWidth = try scanned.values["width"].map { try OptionParsing.integer($0, option: "width", range: 16...2000) }
      ?? 180
    guard let output = scanned.values["output"], !output.isEmpty else {
      throw UsageError("name the output file with -o FILE.png")
    }
    try OutputPaths.checkName(output)
    // PNG data under another extension would be opened by the wrong program, or by none.
    guard output.lowercased().hasSuffix(".png") else {
      throw UsageError("-o \(output): sheet writes a PNG image; name it FILE.png")
    }
    outputPath = output
  }

  func run(environment: [String: String], log: @escaping (String) -> Void) throws {
    let scene = try source.load(environment: environment, warn: { log("splashvid: \($0)") })
    try OutputPaths.checkNoInputOverwritten(files: [outputPath], inputs: try source.inputs(scene, environment: environment))
    // A looping clip: frame k of n shows start + k·cycle/n, never the next loop's first frame
    // again. A one-shot clip with a hold: the last frame is the final state at start + cycle.
    let clip = scene.clip
    let divisions = clip.hold > 0 && frames > 1 ? Double(frames - 1) : Double(frames)
    let times = (0..<frames).map { clip.start + clip.cycle * Double($0) / divisions }
    let sheet = try ContactSheet.render(
      scene: scene, times: times, thumbnailWidth: thumbnailWidth, columns: columns,
      backend: CairoBackend { log("splashvid: warning: \($0)") })
    // Made only now that the picture is drawn, and unmade if it cannot be written.
    let folders = try OutputFolders(creating: [(OutputFile.split(outputPath).folder, outputPath)])
    do {
      try PNGWriter.write(sheet, to: outputPath)
    } catch {
      folders.removeCreated()
      throw error
    }
    for message in folders.messages { log(message) }
    log("wrote \(outputPath): \(frames) frames from t = \(scene.clip.start) s, \(sheet.width)x\(sheet.height)")
  }
}
