import SplashCore
import SplashOutput

/// `splashvid still`: one frame of a preset at a scene time, as a PNG.
struct StillCommand {
  var job: StillJob

  /// The render options a still takes besides its size: what shows behind the animation.
  static let backgroundOptions: [RenderOption] = [.background, .backgroundImage, .backgroundFit]

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(OutputSize.optionNames).union(TimeSelection.optionNames).union(["output"])
        .union(Self.backgroundOptions.map(\.commandLineName)),
      flags: ["transparent"], shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    let source = try PresetSource(scanned)
    let moment = try OptionParsing.timeSelection(scanned.values)
    let size = try OutputSize(scanned.values, maximumSide: PixelBuffer.maximumSide)
    guard let output = scanned.values["output"], !output.isEmpty else {
      throw UsageError("name the output file with -o FILE.png")
    }
    try OutputPaths.checkName(output)
    // PNG data under another extension would be opened by the wrong program, or by none.
    guard output.lowercased().hasSuffix(".png") else {
      throw UsageError("-o \(output): still writes a PNG image; name it FILE.png")
    }
    job = StillJob(
      source: source, moment: moment, size: size, outputPath: output, isTransparent: scanned.flags.contains("transparent"))
    // Read as a render reads them (a colour, an image, --transparent beside them refused).
    job.background = try RenderRequest(scanned, outputs: false).read().background
  }

  func run(environment: [String: String], log: @escaping (String) -> Void) throws {
    try job.run(environment: environment, log: log)
  }
}
