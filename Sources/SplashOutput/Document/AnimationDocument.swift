import Foundation
import SplashDocument
import SplashGzip
import SplashLottie
import SplashModel
import SplashPresets

/// An animation file read once and parsed once: a preset, a Lottie file (JSON, or a `.tgs`
/// sticker's gzip stream) or a dotLottie archive, told apart by content, never by name.
///
/// Every command and the preview load through it, so each decides nothing of its own about
/// what a file is:
///
///     bytes ──┬─ PK 03 04 … ──────────── archive: manifest and animations parsed as used
///             ├─ 1F 8B ───── gunzip ───── Lottie (a sticker)
///             └─ parse once ─┬─ v, fr, ip, op, layers ── Lottie (a repeated key: the last wins)
///                            └─ anything else ────────── preset (UTF-8, each key once)
///
/// A preset is hand-written and a Lottie file exported, so the one parse keeps every key's last
/// value and notes the first repetition: a preset then refuses it with the message, line and
/// caret a refusing parse gives, and a Lottie file keeps what players keep.
public struct AnimationDocument: Sendable {
  /// What the file holds.
  public enum Content: Sendable {
    /// A preset's document.
    case preset(JSONValue)
    /// A Lottie document, from plain JSON or a sticker's gzip stream.
    case lottie(JSONValue)
    /// A dotLottie archive, opened: its manifest read, its animations parsed when used.
    case archive(DotLottieArchive)
  }

  /// The file as messages name it.
  public let file: String
  /// The folder its image files are in, and the root they must lie in unless told otherwise;
  /// `nil` for bytes that came from no file.
  public let baseDirectory: URL?
  /// The file's bytes, as read.
  public let bytes: [UInt8]
  /// What reads the files the document names (a preset's embedded Lottie files).
  private let reader: any DocumentReader
  /// What it holds.
  public let content: Content

  /// Reads and parses the file at `url`, named `displayName` in messages.
  ///
  /// - Parameter animation: `--animation ID` as given: refused (a usage error) before anything
  ///   is parsed when the file is not a dotLottie archive, the only file that holds several.
  /// - Throws: `DocumentError` for a file that cannot be read, a container that is damaged, or
  ///   text that is neither a Lottie file nor a preset that parses.
  public static func read(
    _ url: URL, displayName: String, animation: String? = nil, reader: any DocumentReader = .files
  ) throws -> AnimationDocument {
    let bytes = try reader.read(url.path, displayName: displayName)
    return try AnimationDocument(
      bytes: bytes, file: displayName, baseDirectory: url.deletingLastPathComponent(), animation: animation, reader: reader)
  }

  /// Parses `bytes`, read from `file`.
  public init(
    bytes: [UInt8], file: String, baseDirectory: URL?, animation: String? = nil, reader: any DocumentReader = .files
  ) throws {
    self.file = file
    self.baseDirectory = baseDirectory
    self.bytes = bytes
    self.reader = reader
    let isArchive = LottieSource.isArchive(bytes)
    if let animation, !isArchive {
      throw UsageError(
        "--animation \(animation): \(file) is not a dotLottie archive (.lottie), the only file that holds several animations")
    }
    if isArchive {
      content = .archive(try DotLottieArchive(bytes, file: file, reader: reader))
    } else if bytes.starts(with: [0x1F, 0x8B]) {
      let json: [UInt8]
      do {
        json = try GzipStream.decompress(bytes, limit: LottieSource.maximumUnpackedBytes)
      } catch {
        throw DocumentError(file: file, path: "", expected: "\(error)", found: nil)
      }
      content = .lottie(try LottieSource.document(json, file: file, inside: "the gzip stream", reader: reader))
    } else {
      content = try Self.text(bytes, file: file, reader: reader)
    }
  }

  /// A preset or a Lottie file, from one parse of `bytes`.
  private static func text(_ bytes: [UInt8], file: String, reader: any DocumentReader) throws -> Content {
    let parsed: JSON5Parser.Parsed
    do {
      parsed = try reader.parse(bytes)
    } catch {
      // Text that does not parse is a preset's mistake: a preset refuses text that is not
      // UTF-8 before its syntax, so that is said first.
      try PresetCompiler.refusingInvalidText(bytes, file: file)
      throw PresetCompiler.syntaxError(error, file: file)
    }
    if LottieCompiler.isLottie(parsed.value) { return .lottie(parsed.value) }
    do {
      return .preset(try PresetCompiler.document(parsed, bytes: bytes, file: file))
    } catch let error as DocumentError {
      throw Self.unpackedManifestHint(parsed.value, file: file) ?? error
    }
  }

  /// Whether the file is a Lottie file (plain, a sticker or an archive).
  public var isLottie: Bool {
    if case .preset = content { return false }
    return true
  }

  /// The preset's document; `nil` for a Lottie file.
  public var preset: JSONValue? {
    if case .preset(let document) = content { return document }
    return nil
  }

  /// The opened archive; `nil` for any other file.
  public var archive: DotLottieArchive? {
    if case .archive(let archive) = content { return archive }
    return nil
  }

  /// The Lottie document to draw, with an archive's images and what it leaves out; `nil` for a
  /// preset.
  ///
  /// - Parameter animation: which animation of an archive (`nil`: the one players show first).
  /// - Throws: `UsageError` for an animation the archive does not hold; `DocumentError` for one
  ///   that cannot be read.
  public func lottieSource(animation: String? = nil) throws -> LottieSource? {
    switch content {
    case .preset: return nil
    case .lottie(let document): return LottieSource(document: document)
    case .archive(let archive): return try archive.source(animation: animation)
    }
  }

  /// The scene the file draws, with its `parameters` (a preset's, or a Lottie file's slots),
  /// drawing an archive's `animation` (`nil`: its default).
  ///
  /// - Parameters:
  ///   - assetsRoot: The folder images must lie in; the file's folder when `nil`.
  ///   - origin: Whether `parameters` come from the command line or a manifest row.
  ///   - warn: Told what compiles but is almost surely a mistake, and what an archive holds
  ///     that is not drawn.
  public func scene(
    parameters: [String: String] = [:], assetsRoot: URL? = nil, animation: String? = nil, origin: ParameterOrigin = .commandLine,
    warn: ((DocumentError) -> Void)? = nil
  ) throws -> Scene {
    try scene(parameters: parameters, assetsRoot: assetsRoot, animation: animation, origin: origin, warn: warn, chain: [])
  }

  /// The scene, as a file inside the files of `chain` (a preset's sequence or layer shows it).
  func scene(
    parameters: [String: String] = [:], assetsRoot: URL? = nil, animation: String? = nil, origin: ParameterOrigin = .commandLine,
    warn: ((DocumentError) -> Void)?, chain: [String]
  ) throws -> Scene {
    let assetsRoot = assetsRoot ?? baseDirectory
    if let source = try lottieSource(animation: animation) {
      for warning in source.warnings { warn?(warning) }
      let document: JSONValue
      do {
        document = try source.resolved(parameters: parameters, warn: warn, file: file)
      } catch {
        throw error.usageError(file: file)
      }
      return try LottieCompiler.compile(
        document, file: file, baseDirectory: baseDirectory, assetsRoot: assetsRoot, archiveImages: source.archiveImages,
        warn: warn)
    }
    guard case .preset(let document) = content else { preconditionFailure("a file is a preset when it is not Lottie") }
    do {
      let scene = try PresetCompiler.compile(
        document: document, file: file, baseDirectory: baseDirectory, parameters: parameters, assetsRoot: assetsRoot,
        parameterOrigin: origin, warn: warn)
      // The files its sequence plays, the Lottie files its layers show, read through the same
      // reader, and the videos.
      let chain = chain.isEmpty ? [URL(fileURLWithPath: file).standardizedFileURL.path] : chain
      let sequenced = try SceneSequences.resolve(scene, reader: reader, warn: warn, chain: chain)
      return try VideoLayers.resolve(EmbeddedAnimations.resolve(sequenced, reader: reader, warn: warn, chain: chain))
    } catch let error as DocumentError {
      throw Self.unpackedManifestHint(document, file: file) ?? error
    }
  }

  /// Every problem and warning of the file, as `validate` lists them: every animation of an
  /// archive, a preset's problems without stopping at the first.
  ///
  /// - Parameter verify: What a render checks of a compiled scene before its first frame.
  public func check(verify: (Scene) throws -> Void = { _ in }) -> (problems: [DocumentError], warnings: [DocumentError]) {
    switch content {
    case .archive(let archive):
      return archive.check(verify: verify)
    case .lottie(let document):
      let check = LottieCompiler.check(document, file: file, baseDirectory: baseDirectory, verify: verify)
      return (check.problems, check.warnings)
    case .preset(let document):
      let check = PresetCompiler.check(document: document, file: file, baseDirectory: baseDirectory, verify: verify)
      return (check.problems, check.warnings)
    }
  }

  /// The parameters a preset declares, or a Lottie file's slots that `--param` sets (its
  /// colours, numbers and texts; for an archive, its default animation's).
  public func parameters() throws -> [PresetParameter] {
    guard let preset else {
      guard let source = try lottieSource() else { return [] }
      var parameters = LottieSlots.slots(in: source.document).compactMap(Self.parameter)
      if !source.themes.isEmpty {
        let choices = source.themes.keys.sorted() + [LottieSource.noTheme]
        parameters.append(
          PresetParameter(
            name: source.themeParameterName, kind: .text, defaultValue: .string(source.initialTheme ?? LottieSource.noTheme),
            description: "the archive's theme: \(choices.joined(separator: ", "))"))
      }
      return parameters
    }
    return try PresetCompiler.parameters(of: preset, file: file)
  }

  /// A slot as a parameter: its kind and its value when it does not animate.
  private static func parameter(of slot: LottieSlot) -> PresetParameter? {
    let description = "a slot of the file (sid \"\(slot.id)\")"
    switch slot.kind {
    case .color:
      return PresetParameter(
        name: slot.id, kind: .color, defaultValue: slot.defaultText.map(JSONValue.string) ?? .null, description: description)
    case .number:
      let value = slot.defaultText.flatMap(Double.init).map(JSONValue.number) ?? .null
      return PresetParameter(name: slot.id, kind: .number, defaultValue: value, description: description)
    case .text:
      return PresetParameter(
        name: slot.id, kind: .text, defaultValue: slot.defaultText.map(JSONValue.string) ?? .null, description: description)
    case .other:
      return nil
    }
  }

  /// The preset's `description`; `nil` for a Lottie file.
  public func presetDescription() throws -> String? {
    guard let preset else { return nil }
    return try PresetCompiler.description(of: preset, file: file)
  }

  /// The message for the manifest of an unpacked `.lottie` archive (an object listing
  /// `animations` by `id`, with no layers), which users give when they meant the archive or
  /// the animation beside it; `nil` for any other document.
  private static func unpackedManifestHint(_ document: JSONValue, file: String) -> DocumentError? {
    guard case .object(let members) = document, members["layers"] == nil, case .array(let animations)? = members["animations"],
      case .object(let first)? = animations.first, case .string(let id)? = first["id"]
    else { return nil }
    return DocumentError(
      file: file, path: "animations", expected: "a preset or a Lottie animation",
      found: "a dotLottie archive's manifest (give the .lottie archive, or the animation it lists: animations/\(id).json)")
  }
}

extension LottieSlotError {
  /// The refusal as `--param` is refused: `--param brnad: FILE: the file has no slot …`.
  func usageError(file: String) -> UsageError {
    UsageError("--param \(name): \(file): \(problem)" + (found.map { ", found \"\($0)\"" } ?? ""))
  }
}
