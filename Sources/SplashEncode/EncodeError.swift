import CFFmpeg

/// A failure in the encode stage: what was being done, FFmpeg's code and FFmpeg's own message.
public struct EncodeError: Error, Sendable, CustomStringConvertible {
  /// What was being done, e.g. "opening the libx264 encoder".
  public var stage: String
  /// FFmpeg's negative error code, when the failure came from a call that returns one.
  public var code: Int32?
  /// FFmpeg's message for the code, or an explanation of our own.
  public var message: String

  public init(stage: String, code: Int32? = nil, message: String) {
    self.stage = stage
    self.code = code
    self.message = message
  }

  /// An error for a failed FFmpeg call, with FFmpeg's text for `code`.
  init(stage: String, code: Int32) {
    self.init(stage: stage, code: code, message: Self.text(for: code))
  }

  public var description: String { "encode: \(stage): \(message)" }

  /// FFmpeg's description of an error code (what `av_err2str` gives in C).
  static func text(for code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
    guard av_strerror(code, &buffer, buffer.count) == 0 else { return "FFmpeg error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Checks an FFmpeg return code: negative values become an `EncodeError` for `stage`.
@discardableResult
func check(_ code: Int32, _ stage: @autoclosure () -> String) throws -> Int32 {
  if code < 0 { throw EncodeError(stage: stage(), code: code) }
  return code
}
