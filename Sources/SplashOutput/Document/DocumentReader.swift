import SplashDocument
import SplashPresets

/// How an animation file's bytes are read and its JSON parsed: the one door every load goes
/// through, so that what a load costs can be counted (a test wraps the standard reader).
///
/// A load reads its file once and parses each JSON text in it once: the file itself, or a
/// sticker's gzip stream, or an archive's manifest and the animations used.
public protocol DocumentReader: Sendable {
  /// The bytes of the file at `path`, a regular file of bounded size, named `displayName` in
  /// messages.
  func read(_ path: String, displayName: String) throws -> [UInt8]

  /// `bytes` parsed once as JSON5, each repeated key holding its last value and the first
  /// repetition noted (a preset refuses it, a Lottie file does not).
  func parse(_ bytes: [UInt8]) throws(JSON5Parser.SyntaxError) -> JSON5Parser.Parsed
}

/// The reader of files on disk: at most `PresetLoader.maximumFileSize` bytes of a regular file,
/// parsed by splashvid's JSON5 reader.
public struct FileDocumentReader: DocumentReader {
  public init() {}

  public func read(_ path: String, displayName: String) throws -> [UInt8] {
    Array(try PresetLoader.read(path, displayName: displayName))
  }

  public func parse(_ bytes: [UInt8]) throws(JSON5Parser.SyntaxError) -> JSON5Parser.Parsed {
    try JSON5Parser.parseNotingRepeatedKeys(bytes)
  }
}

extension DocumentReader where Self == FileDocumentReader {
  /// The reader of files on disk.
  public static var files: FileDocumentReader { FileDocumentReader() }
}
