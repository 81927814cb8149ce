import SplashEncode

/// One clip of a batch: which preset, where it goes, and how it is rendered.
struct BatchClip: Sendable, Equatable {
  /// Where the row came from, for messages: `manifest.csv:4` or the preset file.
  var origin: String
  /// The preset's name (its file name without the extension).
  var preset: String
  /// The preset's file in the batch folder: `DIR/NAME.json5` or `DIR/NAME.json`.
  var presetFile: String
  /// The output file name, relative to the batch's output folder, in one spelling
  /// (`ConfinedPath.normalizedOutput`).
  var output: String
  var format: VideoFormat = .h264
  /// The row's parameters as the manifest gives them, over the batch's `--param` defaults.
  var parameters: [String: String]
  /// Image parameters' files where they really are (checked to lie inside the assets root),
  /// passed to the render in place of the manifest's paths, which are relative to the batch folder.
  var imageFiles: [String: String] = [:]
  var size: (width: Int, height: Int)?
  var framesPerSecond: Int
  var loops: Int
  /// The render options the batch gives every clip (`BatchDefaults`), where they apply to
  /// this one: `--scale` only without a size, `--x264-preset` and `--tune` only for H.264
  /// and HEVC.
  var scale: String? = nil
  var fit: String? = nil
  var constantRateFactor: Int? = nil
  var encoderPreset: String? = nil
  var tune: String? = nil
  var isTransparent = false
  /// `--target`, which sets the size, the rate and the format itself.
  var target: String? = nil

  static func == (lhs: BatchClip, rhs: BatchClip) -> Bool {
    lhs.origin == rhs.origin && lhs.preset == rhs.preset && lhs.presetFile == rhs.presetFile && lhs.output == rhs.output
      && lhs.format == rhs.format && lhs.parameters == rhs.parameters && lhs.imageFiles == rhs.imageFiles
      && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
      && lhs.framesPerSecond == rhs.framesPerSecond && lhs.loops == rhs.loops && lhs.scale == rhs.scale && lhs.fit == rhs.fit
      && lhs.constantRateFactor == rhs.constantRateFactor && lhs.encoderPreset == rhs.encoderPreset && lhs.tune == rhs.tune
      && lhs.isTransparent == rhs.isTransparent && lhs.target == rhs.target
  }

  /// The parameters as the render takes them: images by their real paths.
  var renderParameters: [String: String] { parameters.merging(imageFiles) { _, file in file } }

  /// The render command's arguments for this clip; with the output path and workers left
  /// empty, also what the clip's fingerprint records of its options (`InputFingerprint`).
  ///
  /// - Parameter assetsRoot: `--assets-root` of the batch, if given: the preset's own images may lie there.
  func renderArguments(presetFile: String, outputPath: String, workers: Int, assetsRoot: String? = nil) -> [String] {
    var arguments = ["--file", presetFile, "-o", outputPath]
    // A target gives the rate, the format and the size itself; the render refuses them beside it.
    if target == nil { arguments += ["--fps", String(framesPerSecond)] }
    arguments += ["--loops", String(loops)]
    // Named only when not the default, so clips fingerprinted before formats existed still match.
    if format != .h264, target == nil { arguments += ["--format", format.rawValue] }
    arguments += ["--workers", String(workers), "--progress", "none"]
    if let size, target == nil { arguments += ["--size", "\(size.width)x\(size.height)"] }
    // Likewise the batch's defaults: only those given, so earlier fingerprints still match.
    let options = [
      ("target", target), ("scale", scale), ("fit", fit), ("crf", constantRateFactor.map(String.init)),
      ("x264-preset", encoderPreset), ("tune", tune),
    ]
    for case (let name, let value?) in options { arguments += ["--\(name)", value] }
    if isTransparent { arguments.append("--transparent") }
    if let assetsRoot { arguments += ["--assets-root", assetsRoot] }
    for (name, value) in renderParameters.sorted(by: { $0.key < $1.key }) { arguments += ["--param", "\(name)=\(value)"] }
    return arguments
  }
}
