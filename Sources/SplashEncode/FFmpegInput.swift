import SplashCore

/// A file FFmpeg opens for reading (a soundtrack, a video read back), checked and named so
/// that FFmpeg reads exactly that file.
enum FFmpegInput {
  /// `path` through FFmpeg's `file:` protocol.
  ///
  /// FFmpeg takes a name with a colon before any slash as a protocol and an address
  /// (`take:1.wav` would be the unknown protocol `take`); with the prefix every path is a
  /// plain file name.
  static func url(_ path: String) -> String { "file:" + path }

  /// Checks that `path` is a readable regular file before FFmpeg opens it: FFmpeg would block
  /// opening a FIFO (beyond SIGTERM, inside the library) and read a device without end.
  ///
  /// - Parameters:
  ///   - what: what the file should be, for the message ("a sound file").
  ///   - stage: what was being done, for the `EncodeError`.
  /// - Throws: `EncodeError` for `stage`: `expected WHAT, found a FIFO (named pipe)`.
  static func check(_ path: String, what: String, stage: String) throws {
    do {
      try InputFile.check(path, what: what)
    } catch let error as InputFileError {
      throw EncodeError(stage: stage, message: "expected \(error.expected), found \(error.found)")
    }
  }
}
