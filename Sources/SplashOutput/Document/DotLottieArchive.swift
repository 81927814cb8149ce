import Foundation
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashZip

/// A dotLottie file (`.lottie`) opened: a zip holding `manifest.json`, animations under
/// `animations/` (version 1) or `a/` (version 2), and their images under `images/` or `i/`.
///
/// It may hold several animations. The one drawn unless another is asked for is the one
/// players show first (`DotLottieManifest`): the manifest's initial animation, else the first
/// it lists, else the first `.json` by name. An animation's images come from the archive, never
/// from files beside it. What macOS adds when it zips (`__MACOSX/`, `._NAME`, `.DS_Store`) is
/// never taken for an animation or an image.
public final class DotLottieArchive: Sendable {
  /// An animation the archive holds.
  public struct Animation: Equatable, Sendable {
    /// Its id: the file name without `.json`, as the manifest lists it.
    public var id: String
    /// Its entry in the archive: `a/ID.json` or `animations/ID.json`.
    public var entryName: String
  }

  /// What `inspect` and `validate` list about an animation: its id, whether it is the default,
  /// and its canvas and timing when its document says them.
  public struct Summary: Equatable, Sendable, CustomStringConvertible {
    public var id: String
    public var isDefault: Bool
    /// The composition's `w` × `h`, in points.
    public var size: (width: Double, height: Double)?
    /// Its frame rate `fr`.
    public var framesPerSecond: Double?
    /// `(op − ip) / fr`, in seconds.
    public var duration: Double?

    public init(
      id: String, isDefault: Bool, size: (width: Double, height: Double)? = nil, framesPerSecond: Double? = nil,
      duration: Double? = nil
    ) {
      self.id = id
      self.isDefault = isDefault
      self.size = size
      self.framesPerSecond = framesPerSecond
      self.duration = duration
    }

    /// One line for `validate`: `red (the default): 120x80 points, 30 fps, 1.5 s`.
    public var description: String {
      var facts: [String] = []
      if let size { facts.append("\(DecimalText.shortest(size.width))x\(DecimalText.shortest(size.height)) points") }
      if let framesPerSecond { facts.append("\(DecimalText.shortest(framesPerSecond)) fps") }
      if let duration { facts.append("\(DecimalText.shortest((duration * 1000).rounded() / 1000)) s") }
      return id + (isDefault ? " (the default)" : "") + (facts.isEmpty ? "" : ": " + facts.joined(separator: ", "))
    }

    public static func == (lhs: Summary, rhs: Summary) -> Bool {
      lhs.id == rhs.id && lhs.isDefault == rhs.isDefault && lhs.size?.width == rhs.size?.width
        && lhs.size?.height == rhs.size?.height && lhs.framesPerSecond == rhs.framesPerSecond && lhs.duration == rhs.duration
    }
  }

  private static let animationFolders = ["animations/", "a/"]
  private static let imageFolders = ["images/", "i/"]
  /// Where a version 2 archive keeps its themes.
  private static let themeFolder = "t/"

  /// The archive's file, as the user named it.
  public let file: String
  /// The animations, in the manifest's order, then those it does not list by name.
  public let animations: [Animation]
  private let manifest: DotLottieManifest
  /// The entries that are files of the archive's own: no folders, nothing macOS added.
  private let files: [ZipEntry]
  /// The open archive and what was read of it, behind one lock: the preview's threads share a
  /// document, and libzip reads one entry at a time.
  private let opened: Locked<Opened>
  /// What parses the manifest and the animations.
  private let reader: any DocumentReader

  /// Opens the archive in `bytes`, read from `file`, and reads its manifest.
  ///
  /// - Throws: `DocumentError` naming `file` for an archive that is damaged or breaks a limit,
  ///   or a manifest that is not JSON.
  /// The archive, and the entries read so far by name: each is read (and counted against the
  /// archive's budget) once, and animations that share an image count it once.
  private struct Opened: @unchecked Sendable {
    // ZipArchive is a class over a libzip handle; it is only used under the lock.
    let archive: ZipArchive
    var documents: [String: JSONValue] = [:]
    var images: [String: [UInt8]] = [:]
    var themes: [String: Result<LottieTheme, DocumentError>] = [:]
  }

  public init(_ bytes: [UInt8], file: String, reader: any DocumentReader = .files) throws {
    self.file = file
    self.reader = reader
    let archive = try Self.unzipping(file) {
      try ZipArchive(bytes, maximumEntries: LottieSource.maximumArchiveEntries, maximumBytes: LottieSource.maximumUnpackedBytes)
    }
    opened = Locked(Opened(archive: archive))
    let files = archive.entries.filter { !$0.isFolder && !$0.isMacMetadata }
    self.files = files
    if let entry = files.first(where: { $0.name == "manifest.json" }) {
      let bytes = try Self.unzipping(file) { try archive.read(entry) }
      manifest = DotLottieManifest(try LottieSource.json(bytes, file: "\(file): manifest.json", reader: reader))
    } else {
      manifest = DotLottieManifest()
    }
    var found: [Animation] = []
    for entry in files.sorted(by: { $0.name < $1.name }) {
      guard let folder = Self.animationFolders.first(where: { entry.name.hasPrefix($0) }), entry.name.hasSuffix(".json") else {
        continue
      }
      let id = String(entry.name.dropFirst(folder.count).dropLast(".json".count))
      guard !id.isEmpty, !id.contains("/"), !found.contains(where: { $0.id == id }) else { continue }
      found.append(Animation(id: id, entryName: entry.name))
    }
    let listed = manifest.animations.compactMap { listed in found.first { $0.id == listed.id } }
    animations = listed + found.filter { animation in !listed.contains(animation) }
  }

  /// The animation players show first.
  ///
  /// - Throws: `DocumentError` when the manifest names one the archive does not hold, or the
  ///   archive holds none.
  public func defaultAnimation() throws -> Animation {
    let named = manifest.initialAnimation ?? manifest.animations.first.map { ($0.id, $0.path) }
    if let (id, path) = named {
      guard let animation = animations.first(where: { $0.id == id }) else { throw missing(id, path: path) }
      return animation
    }
    // Without a manifest that names one, the first by name (`a/` before `animations/`).
    guard let first = animations.min(by: { $0.entryName < $1.entryName }) else {
      throw DocumentError(file: file, path: "", expected: "an animation under animations/ (or a/)", found: "none")
    }
    return first
  }

  /// The animation `id` (the default when `nil`), with the images its assets name and
  /// warnings for what is not drawn as a player would draw it.
  ///
  /// - Throws: `UsageError` for an `id` the archive does not hold, listing those it does;
  ///   `DocumentError` for an animation that cannot be read or is not Lottie.
  public func source(animation id: String? = nil) throws -> LottieSource {
    let animation: Animation
    if let id {
      guard let chosen = animations.first(where: { $0.id == id }) else {
        if let listed = manifest.animations.first(where: { $0.id == id }) { throw missing(id, path: listed.path) }
        throw UsageError("--animation \(id): \(file) holds no animation \"\(id)\"; its animations are \(idList())")
      }
      animation = chosen
    } else {
      animation = try defaultAnimation()
    }
    let document = try self.document(animation)
    var images: [String: [UInt8]] = [:]
    for name in Self.imageNames(document) where images[name] == nil {
      let entry = Self.imageFolders.lazy.compactMap { folder in self.files.first { $0.name == folder + name } }.first
      if let entry { images[name] = try image(entry) }
    }
    var source = LottieSource(document: document, archiveImages: images, warnings: warnings(drawing: animation, chosen: id != nil))
    source.animationID = animation.id
    source.initialTheme = manifest.animations.first(where: { $0.id == animation.id })?.initialTheme
    let (themes, missing) = themes(for: animation)
    source.themes = themes
    if !missing.isEmpty {
      source.warnings.append(
        DocumentError(
          file: file, path: "",
          expected: "warning: the manifest lists theme\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) but the "
            + "archive holds no t/ID.json for \(missing.count == 1 ? "it" : "them") (a version 1 style sheet is not read); "
            + "\(animation.id) is drawn without \(missing.count == 1 ? "it" : "them")",
          found: nil))
    }
    return source
  }

  /// The themes that apply to `animation`, each read from `t/ID.json` (version 2): those the
  /// manifest lists (all of them, or those its animation entry names), else every file under `t/`.
  private func themes(for animation: Animation) -> (themes: [String: Result<LottieTheme, DocumentError>], missing: [String]) {
    let offered = manifest.animations.first(where: { $0.id == animation.id })?.themes ?? []
    let listed = offered.isEmpty ? manifest.themes : offered
    let ids =
      listed.isEmpty
      ? files.compactMap { entry -> String? in
        guard entry.name.hasPrefix(Self.themeFolder), entry.name.hasSuffix(".json") else { return nil }
        let id = String(entry.name.dropFirst(Self.themeFolder.count).dropLast(".json".count))
        return id.isEmpty || id.contains("/") ? nil : id
      } : listed
    var themes: [String: Result<LottieTheme, DocumentError>] = [:]
    var missing: [String] = []
    for id in ids {
      guard let entry = files.first(where: { $0.name == Self.themeFolder + id + ".json" }) else {
        missing.append(id)
        continue
      }
      themes[id] = theme(id, in: entry)
    }
    return (themes, missing)
  }

  /// The theme `id` read from `entry`, or why it cannot be: read once.
  private func theme(_ id: String, in entry: ZipEntry) -> Result<LottieTheme, DocumentError> {
    opened.withLock { opened in
      if let known = opened.themes[id] { return known }
      let label = "\(file): \(entry.name)"
      let read: Result<LottieTheme, DocumentError>
      do {
        let bytes = try Self.unzipping(file) { try opened.archive.read(entry) }
        read = .success(try LottieTheme(try LottieSource.json(bytes, file: label, reader: reader), id: id, file: label))
      } catch let error as DocumentError {
        read = .failure(error)
      } catch {
        read = .failure(DocumentError(file: label, path: "", expected: "a theme file", found: "\(error)"))
      }
      opened.themes[id] = read
      return read
    }
  }

  /// What `validate` says of the archive: every animation checked, not only the default, and
  /// the default's existence. A problem in one of several animations is named with its entry
  /// (`two.lottie: a/blue.json: layers[0]…`).
  public func check(verify: (Scene) throws -> Void = { _ in }) -> (problems: [DocumentError], warnings: [DocumentError]) {
    var problems: [DocumentError] = []
    var warnings: [DocumentError] = []
    func note(_ error: Error) {
      problems.append(error as? DocumentError ?? DocumentError(file: file, path: "", expected: "\(error)", found: nil))
    }
    do { _ = try defaultAnimation() } catch { note(error) }
    let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    for animation in animations {
      do {
        let source = try source(animation: animation.id)
        for case .failure(let problem) in source.themes.values where !problems.contains(problem) { problems.append(problem) }
        let label = animations.count > 1 ? "\(file): \(animation.entryName)" : file
        let check = LottieCompiler.check(
          source.document, file: label, baseDirectory: directory, archiveImages: source.archiveImages, verify: verify)
        problems += check.problems
        warnings += source.warnings + check.warnings
      } catch {
        note(error)
      }
    }
    return (problems, warnings)
  }

  /// Every animation's id, whether it is the default, and what its document says of its
  /// canvas and timing (nothing for a document that cannot be read: `validate` reports why).
  public func summaries() -> [Summary] {
    let defaultID = try? defaultAnimation().id
    return animations.map { animation in
      var summary = Summary(id: animation.id, isDefault: animation.id == defaultID)
      guard case .object(let members)? = try? document(animation) else { return summary }
      func number(_ key: String) -> Double? {
        if case .number(let value)? = members[key], value.isFinite { return value }
        return nil
      }
      if let width = number("w"), let height = number("h") { summary.size = (width, height) }
      if let rate = number("fr"), rate > 0 {
        summary.framesPerSecond = rate
        if let inPoint = number("ip"), let outPoint = number("op") { summary.duration = (outPoint - inPoint) / rate }
      }
      return summary
    }
  }

  /// The ids for a message: `red (the default), blue`.
  private func idList() -> String {
    let defaultID = try? defaultAnimation().id
    return animations.map { $0.id == defaultID ? "\($0.id) (the default)" : $0.id }.joined(separator: ", ")
  }

  /// What a player would show that the drawing leaves out: the archive's other animations
  /// (when none was chosen). Themes are applied (`LottieSource.resolved`).
  private func warnings(drawing animation: Animation, chosen: Bool) -> [DocumentError] {
    var lines: [String] = []
    if !chosen && animations.count > 1 {
      lines.append(
        "the archive holds \(animations.count) animations (\(animations.map(\.id).joined(separator: ", "))); "
          + "\(animation.id) is drawn, the one players show first; --animation ID picks another")
    }
    return lines.map { DocumentError(file: file, path: "", expected: "warning: \($0)", found: nil) }
  }

  /// The parsed document of `animation`, read once.
  private func document(_ animation: Animation) throws -> JSONValue {
    try opened.withLock { opened in
      if let document = opened.documents[animation.entryName] { return document }
      guard let entry = files.first(where: { $0.name == animation.entryName }) else { throw missing(animation.id, path: "") }
      let bytes = try Self.unzipping(file) { try opened.archive.read(entry) }
      let document = try LottieSource.document(bytes, file: file, inside: animation.entryName, reader: reader)
      opened.documents[animation.entryName] = document
      return document
    }
  }

  /// The bytes of the image `entry`, read once.
  private func image(_ entry: ZipEntry) throws -> [UInt8] {
    try opened.withLock { opened in
      if let bytes = opened.images[entry.name] { return bytes }
      let bytes = try Self.unzipping(file) { try opened.archive.read(entry) }
      opened.images[entry.name] = bytes
      return bytes
    }
  }

  /// The manifest names `id` at `path`, and the archive holds no such animation.
  private func missing(_ id: String, path: String) -> DocumentError {
    DocumentError(
      file: "\(file): manifest.json", path: path, expected: "an animation \(id).json under animations/ (or a/)", found: "none")
  }

  /// `body`, with a zip error said as a problem of `file`.
  private static func unzipping<T>(_ file: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ZipError {
      throw DocumentError(file: file, path: "", expected: "\(error)", found: nil)
    }
  }

  /// The file names (`p`) of the document's image assets that are not embedded in it.
  private static func imageNames(_ document: JSONValue) -> [String] {
    guard case .object(let members) = document, case .array(let assets)? = members["assets"] else { return [] }
    return assets.compactMap { asset in
      guard case .object(let fields) = asset, fields["layers"] == nil, case .string(let name)? = fields["p"],
        !name.hasPrefix("data:")
      else { return nil }
      return name
    }
  }
}
