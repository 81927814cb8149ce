import SplashOutput

/// `splashvid sheet`: a contact sheet of frames spread evenly across one loop of the clip.
struct SheetCommand {
  var job: SheetJob

  static let defaultFrames = 12
  /// The render options a sheet takes: the part of the animation it shows.
  static let rangeOptions: [RenderOption] = [.start, .end, .segment]

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(Self.rangeOptions.map(\.commandLineName)).union(["frames", "columns", "width", "output"]
      ), flags: [],
      shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    let source = try PresetSource(scanned)
    let frames =
      try scanned.values["frames"].map { try OptionParsing.integer($0, option: "frames", range: 1...400) }
      ?? Self.defaultFrames
    let columns =
      try scanned.values["columns"].map { try OptionParsing.integer($0, option: "columns", range: 1...40) }
      ?? min(frames, 6)
    let width =
      try scanned.values["width"].map { try OptionParsing.integer($0, option: "width", range: 16...2000) }
      ?? 180
    guard let output = scanned.values["output"], !output.isEmpty else {
      throw UsageError("name the output file with -o FILE.png")
    }
    try OutputPaths.checkName(output)
    // PNG data under another extension would be opened by the wrong program, or by none.
    guard output.lowercased().hasSuffix(".png") else {
      throw UsageError("-o \(output): sheet writes a PNG image; name it FILE.png")
    }
    job = SheetJob(source: source, frames: frames, columns: columns, thumbnailWidth: width, outputPath: output)
    job.range = try RenderRequest(scanned, outputs: false).read().range
  }

  func run(environment: [String: String], log: @escaping (String) -> Void) throws {
    try job.run(environment: environment, log: log)
  }
}
