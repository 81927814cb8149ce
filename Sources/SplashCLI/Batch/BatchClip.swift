import SplashEncode

/// One clip of a batch: which preset, where it goes, and how it is rendered.
struct BatchClip: Sendable, Equatable {
  /// Where the row came from, for messages: `manifest.csv:4` or the preset file.
  var origin: String
  var preset: String
  /// The output file name, relative to the batch's output folder.
  var output: String
  var format: VideoFormat = .h264
  var parameters: [String: String]
  var size: (width: Int, height: Int)?
  var framesPerSecond: Int
  var loops: Int

  static func == (lhs: BatchClip, rhs: BatchClip) -> Bool {
    lhs.origin == rhs.origin && lhs.preset == rhs.preset && lhs.output == rhs.output && lhs.format == rhs.format
      && lhs.parameters == rhs.parameters
      && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
      && lhs.framesPerSecond == rhs.framesPerSecond && lhs.loops == rhs.loops
  }

  /// The render command's arguments for this clip.
  func renderArguments(presetFile: String, outputPath: String, workers: Int) -> [String] {
    var arguments = ["--file", presetFile, "-o", outputPath, "--fps", String(framesPerSecond), "--loops", String(loops)]
    // Named only when not the default, so clips fingerprinted before formats existed still match.
    if format != .h264 { arguments += ["--format", format.rawValue] }
    arguments += ["--workers", String(workers), "--progress", "none"]
    if let size { arguments += ["--size", "\(size.width)x\(size.height)"] }
    for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { arguments += ["--param", "\(name)=\(value)"] }
    return arguments
  }
}
