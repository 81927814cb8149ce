import SplashOutput

extension PresetSource {
  static let optionNames: Set<String> = ["preset", "file", "presets-dir", "assets-root", "animation"]
  static let repeatableOptions: Set<String> = ["param"]

  /// The animation a command line names, with its `--param` values unless the command reads
  /// them itself (`render` reads them with its other options, in a `RenderRequest`).
  init(_ scanned: ArgumentScanner.Result, readingParameters: Bool = true) throws {
    try self.init(scanned.values)
    assetsRoot = scanned.values["assets-root"]
    animation = scanned.values["animation"]
    if animation?.isEmpty == true { throw UsageError("--animation: expected the id of an animation of the dotLottie archive") }
    guard readingParameters else { return }
    for assignment in scanned.repeated["param"] ?? [] {
      let (name, value) = try RenderOptionValue.parameter(assignment)
      parameters[name] = value
    }
  }

  init(_ values: [String: String]) throws {
    let origin: Origin
    switch (values["preset"], values["file"]) {
    case (let name?, nil): origin = .named(name, presetsDirectory: values["presets-dir"])
    case (nil, let path?):
      guard values["presets-dir"] == nil else { throw UsageError("--presets-dir goes with --preset, not --file") }
      origin = .file(path)
    case (nil, nil): throw UsageError("name a preset with --preset NAME or --file PATH")
    case (_?, _?): throw UsageError("give either --preset or --file, not both")
    }
    self.init(origin: origin)
  }
}
