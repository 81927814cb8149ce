import SplashCore
import SplashEncode
import SplashOutput

extension RenderJob {
  /// The render options' names on the command line (`--fps`, `--x264-preset`), each taking a value.
  static let renderOptionNames: Set<String> = Set(
    RenderOption.allCases.filter { ![.transparent, .parameters, .output].contains($0) }.map(\.commandLineName))

  /// Scans the render command's options: `render`, `bench` and its phases take the same.
  static func scan(_ arguments: [String]) throws -> ArgumentScanner.Result {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(renderOptionNames).union(["progress"]),
      flags: ["transparent"], shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions.union(["output"]))
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    return scanned
  }

  /// The job the render command's options describe (`--progress` is the command's own).
  init(_ scanned: ArgumentScanner.Result) throws {
    let source = try PresetSource(scanned, readingParameters: false)
    // The command's own option, checked before the render's.
    _ = try OptionParsing.choice(scanned.values["progress"], option: "progress", from: ProgressReporter.Style.allCases.map(\.rawValue))
    try self.init(RenderRequest(scanned), source: source)
  }
}

extension RenderRequest {
  /// The render options of a command line, by their names there (`--fps 60` is `fps`); the
  /// rest (`--preset`, `--progress`) are the command's.
  ///
  /// - Parameter outputs: whether `-o` names the render's files (`render`), or is a command's
  ///   own (a batch's output folder).
  init(_ scanned: ArgumentScanner.Result, outputs: Bool = true) {
    self.init()
    for (name, text) in scanned.values {
      guard let option = RenderOption(commandLineName: name), option != .output else { continue }
      values[option] = text
    }
    for flag in scanned.flags {
      if let option = RenderOption(commandLineName: flag) { values[option] = "" }
    }
    parameters = scanned.repeated[RenderOption.parameters.commandLineName] ?? []
    if outputs { self.outputs = scanned.repeated["output"] ?? [] }
  }
}
