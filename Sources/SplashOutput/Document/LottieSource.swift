import Foundation
import SplashDocument
import SplashLottie

/// A Lottie document as a file holds it: plain JSON, a gzip stream (`.tgs`, a Telegram
/// sticker) or a dotLottie archive (`.lottie`), told apart by content, not by name.
public struct LottieSource {
  /// The most bytes a container may decompress to, in all: a bomb is refused at this point.
  public static let maximumUnpackedBytes = 64 * 1024 * 1024
  /// The most entries a dotLottie archive may hold.
  public static let maximumArchiveEntries = 1000

  /// The Lottie document.
  public var document: JSONValue
  /// A dotLottie archive's images by file name; `nil` for a document whose images are files.
  public var archiveImages: [String: [UInt8]]?
  /// What the container holds that is not drawn (an archive's other animations, its themes).
  public var warnings: [DocumentError] = []

  /// The Lottie document in `data`, read from `file`; `nil` when `data` is not Lottie (a preset).
  ///
  /// - Parameter animation: `--animation ID`: which animation of a dotLottie archive (`nil`:
  ///   the one players show first). Only an archive holds several.
  /// - Throws: `DocumentError` naming `file` for a container that is damaged, too large, holds
  ///   no animation or an animation that is not Lottie: a container is never a preset; a
  ///   preset's own refusals (its syntax, a repeated key). `UsageError` for an `animation` the
  ///   archive does not hold, or given for another file.
  public static func read(_ data: Data, file: String, animation: String? = nil) throws -> LottieSource? {
    try AnimationDocument(bytes: Array(data), file: file, baseDirectory: nil, animation: animation).lottieSource(animation: animation)
  }

  /// Whether `data` is a zip archive (a dotLottie file), by the signature it starts with.
  ///
  /// An archive usually starts with a local file header (`PK 3 4`); an empty one is only its
  /// end of central directory (`PK 5 6`), and a spanned one starts with a split marker
  /// (`PK 7 8`). All three are archives, so libzip says what is wrong with them, never the
  /// JSON reader (APPNOTE.TXT, sections 4.3.7, 4.3.16 and 8.5.3).
  public static func isArchive<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
    data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06])
      || data.starts(with: [0x50, 0x4B, 0x07, 0x08])
  }

  /// The Lottie document in `json`, unpacked from a container of `file`.
  ///
  /// - Throws: `DocumentError` for a syntax error, or JSON that is not a Lottie document.
  public static func document(_ json: [UInt8], file: String, inside container: String, reader: any DocumentReader) throws
    -> JSONValue
  {
    let document = try self.json(json, file: file, reader: reader)
    guard LottieCompiler.isLottie(document) else {
      throw DocumentError(
        file: file, path: "", expected: "a Lottie document (v, fr, ip, op, layers) in \(container)", found: nil)
    }
    return document
  }

  /// The JSON in `bytes`, each repeated key holding its last value as players read it, or a
  /// `DocumentError` with the line and column of a syntax error (`LottieCompiler.parse`'s).
  static func json(_ bytes: [UInt8], file: String, reader: any DocumentReader) throws -> JSONValue {
    do {
      return try reader.parse(bytes).value
    } catch {
      throw LottieCompiler.syntaxError(error, file: file)
    }
  }
}
