import Foundation
import SplashCore
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
  /// What the container holds that is not drawn (an archive's other animations).
  public var warnings: [DocumentError] = []
  /// A dotLottie archive's themes for this animation, by id (`t/ID.json`), each read or the
  /// problem reading it; empty for a file without themes.
  public var themes: [String: Result<LottieTheme, DocumentError>] = [:]
  /// The theme players apply when they load the animation (the manifest's `initialTheme`).
  public var initialTheme: String?
  /// The archive's id of the animation (`nil` for a plain file), which theme rules may name.
  public var animationID: String?

  /// The name `--param` sets the theme by: `theme`, unless the file has a slot of that name.
  public var themeParameterName: String {
    guard case .object(let root) = document, case .object(let slots)? = root["slots"], slots["theme"] != nil else { return "theme" }
    return "dotLottieTheme"
  }

  /// The document with `parameters` applied: the theme they choose (or the initial theme),
  /// then slots and key paths.
  ///
  /// - Throws: `LottieSlotError` for a theme the archive does not hold or cannot read, a slot
  ///   or key path the file does not have, or a value that does not fit.
  public func resolved(parameters: [String: String], warn: ((DocumentError) -> Void)?, file: String) throws(LottieSlotError)
    -> JSONValue
  {
    var overrides = parameters
    var document = self.document
    if !themes.isEmpty {
      let name = themeParameterName
      let asked = overrides.removeValue(forKey: name)
      // An initial theme the archive holds no theme file for was named in a warning when the
      // archive was read (a version 1 style sheet); it is drawn without it.
      let chosen = asked ?? initialTheme.flatMap { themes[$0] == nil ? nil : $0 }
      if let chosen, chosen != Self.noTheme {
        let ids = themes.keys.sorted()
        guard let read = themes[chosen] else {
          throw LottieSlotError(
            name: name,
            problem: "expected one of the archive's themes (\(ids.joined(separator: ", "))) or \(Self.noTheme)"
              + (EditDistance.nearest(to: chosen, among: ids).map { " (the nearest: \($0))" } ?? ""),
            found: chosen)
        }
        switch read {
        case .success(let theme):
          document = theme.applied(to: document, animation: animationID)
          for line in theme.unapplied {
            warn?(DocumentError(file: file, path: "", expected: "warning: theme \(chosen): \(line)", found: nil))
          }
        case .failure(let problem):
          throw LottieSlotError(name: name, problem: "the archive's theme \(chosen) cannot be read: \(problem)")
        }
      }
    }
    return try LottieSlots.resolved(document, overrides: overrides)
  }

  /// The theme value that draws the file in its own colours.
  public static let noTheme = "none"

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
