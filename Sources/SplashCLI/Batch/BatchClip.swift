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
  /// The row's parameters as the manifest gives them.
  var parameters: [String: String]
  /// Image parameters' files where they really are (checked to lie inside the assets root),
  /// passed to the render in place of the manifest's paths, which are relative to the batch folder.
  var imageFiles: [String: String] = [:]
  var size: (width: Int, height: Int)?
  var framesPerSecond: Int
  var loops: Int

  static func == (lhs: BatchClip, rhs: BatchClip) -> Bool {
    lhs.origin == rhs.origin && lhs.preset == rhs.preset && lhs.presetFile == rhs.presetFile && lhs.output == rhs.output
      && lhs.format == rhs.format && lhs.parameters == rhs.parameters && lhs.imageFiles == rhs.imageFiles
      && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
      && lhs.framesPerSecond == rhs.framesPerSecond && lhs.loops == rhs.loops
  }

  /// The parameters as the render takes them: images by their real paths.
  var renderParameters: [String: String] { parameters.merging(imageFiles) { _, file in file } }

  /// The render command's arguments for this clip.
  ///
  /// - Parameter assetsRoot: `--assets-root` of the batch, if given: the preset's own images may lie there.
  func renderArguments(presetFile: String, outputPath: String, workers: Int, assetsRoot: String? = nil) -> [String] {
    var arguments = ["--file", presetFile, "-o", outputPath, "--fps", String(framesPerSecond), "--loops", String(loops)]
    // Named only when not the default, so clips fingerprinted before formats existed still match.
    if format != .h264 { arguments += ["--format", format.rawValue] }
    arguments += ["--workers", String(workers), "--progress", "none"]
    if let size { arguments += ["--size", "\(size.width)x\(size.height)"] }
    if let assetsRoot { arguments += ["--assets-root", assetsRoot] }
    for (name, value) in renderParameters.sorted(by: { $0.key < $1.key }) { arguments += ["--param", "\(name)=\(value)"] }
    return arguments
  }
}
