import SplashOutput

extension BatchDefaults {
  static let valueOptions: Set<String> = [
    "size", "scale", "fit", "fps", "loops", "format", "crf", "x264-preset", "tune", "target", "start", "end", "segment",
    "hold-start", "hold-end", "background", "background-image", "background-fit",
  ]
  static let flags: Set<String> = ["transparent"]
  static let repeatableOptions: Set<String> = ["param"]

  /// The defaults on a `batch` command line (its `-o` is the output folder, not a clip's).
  init(_ scanned: ArgumentScanner.Result) throws {
    try self.init(RenderRequest(scanned, outputs: false))
  }
}
