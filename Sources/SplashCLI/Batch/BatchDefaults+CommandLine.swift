import SplashCore
import SplashEncode
import SplashOutput
import SplashRender

extension BatchDefaults {
  static let valueOptions: Set<String> = [
    "size", "scale", "fit", "fps", "loops", "format", "crf", "x264-preset", "tune", "target",
  ]
  static let flags: Set<String> = ["transparent"]
  static let repeatableOptions: Set<String> = ["param"]

  /// The defaults on a `batch` command line.
  ///
  /// - Throws: `UsageError` for a value out of range, a malformed one, or options that
  ///   contradict each other (`--size` with `--scale`, `--target` with `--fps`), as `render`
  ///   says it.
  init(_ scanned: ArgumentScanner.Result) throws {
    self.init()
    let values = scanned.values
    if let name = values["target"] {
      let target = try RenderTarget.named(name)
      var applied = scanned
      // Refuses --size, --scale, --fps and --format beside the target, as render does.
      try target.apply(to: &applied)
      self.target = target
      framesPerSecond = target.framesPerSecond
      formatName = target.format.rawValue
      size = target.size
      isTransparent = target.isTransparent
    }
    // Size, scale and fit are checked together, as a render's are (a target refused --size
    // and --scale beside it, and gave its own size above).
    let checked = try OutputSize(values, maximumSide: VideoSettings.maximumSide)
    if target == nil {
      size = checked.requested
      framesPerSecond = try values["fps"].map(RenderOptionValue.framesPerSecond)
      formatName = try values["format"].map { text throws(RenderOptionError) in
        try RenderOptionValue.formatName(text, among: Self.formatNames)
      }
    }
    scale = values["scale"] != nil ? checked.scale : nil
    fit = values["fit"] != nil ? checked.fit : nil
    loops = try values["loops"].map(RenderOptionValue.loops)
    constantRateFactor = try values["crf"].map(RenderOptionValue.constantRateFactor)
    encoderPreset = try values["x264-preset"].map(RenderOptionValue.encoderPreset)
    tune = try values["tune"].map(RenderOptionValue.tune)
    isTransparent = isTransparent || scanned.flags.contains("transparent")
    for assignment in scanned.repeated["param"] ?? [] {
      let (name, value) = try RenderOptionValue.parameter(assignment)
      parameters[name] = value
    }
  }
}
