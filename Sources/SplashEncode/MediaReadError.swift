/// A file read through FFmpeg (a video read back, a soundtrack) that could not be read: who
/// was reading, which file, which step failed and why.
///
/// Reading is not encoding, so these are not `EncodeError`s: a message names its reader and
/// its file first (`probe: a.json5: not a video or image FFmpeg can read (…)`,
/// `soundtrack: take.wav: expected a sound file, found a FIFO (named pipe)`), never `encode:`.
public struct MediaReadError: Error, Sendable, CustomStringConvertible {
  /// Who was reading, the message's first word: `read` for a video read back, `soundtrack`;
  /// a command may put its own name there (`probe`).
  public var stage: String
  /// The file, as it was named.
  public var path: String
  /// What was being done once the file was open ("decoding frame 12"), if it got that far.
  public var step: String?
  /// FFmpeg's negative error code, when the failure came from a call that returns one.
  public var code: Int32?
  /// What went wrong, in FFmpeg's words or our own.
  public var message: String

  public init(stage: String, path: String, step: String? = nil, code: Int32? = nil, message: String) {
    self.stage = stage
    self.path = path
    self.step = step
    self.code = code
    self.message = message
  }

  /// The step and the message, without the reader and the file.
  public var reason: String { (step.map { "\($0): " } ?? "") + message }

  public var description: String { "\(stage): \(path): \(reason)" }

  /// Checks an FFmpeg return code of a read: a negative one becomes an error for `step`, in
  /// FFmpeg's words.
  @discardableResult
  static func check(_ code: Int32, stage: String, path: String, step: String) throws -> Int32 {
    if code < 0 { throw MediaReadError(stage: stage, path: path, step: step, code: code, message: EncodeError.text(for: code)) }
    return code
  }
}
