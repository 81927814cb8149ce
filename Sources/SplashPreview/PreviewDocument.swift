import Foundation
import SplashCore
import SplashModel
import SplashOutput
import SplashPresets

/// The animation the preview shows, loaded again whenever its file or one of its images
/// changes on disk; a file that no longer loads is a problem shown in place of the frame until
/// the next good save.
///
/// Checked when the page asks (it polls `/scene.json`), by each input's modification time and
/// size, so no thread watches files. Each load that changes what is shown, good or bad, is a
/// new `version`, which the page compares to know it must redraw.
final class PreviewDocument: Sendable {
  /// What is shown: a scene, or the problem that stops one from loading.
  enum State: Sendable {
    case scene(Scene)
    case problem(String)
  }

  struct Snapshot: Sendable {
    var state: State
    var version: Int
    /// The preset's parameters, which the page offers controls for (none for a Lottie file).
    var parameters: [PresetParameter] = []
    /// What the load said of what it draws (a shape with no path, a Lottie feature not drawn),
    /// as `render` prints it.
    var warnings: [String] = []
    /// The file as read and parsed for this version: the page's parameter values compile from
    /// it, without reading or parsing the file again.
    var document: AnimationDocument?
  }

  private struct Loaded: Sendable {
    var snapshot: Snapshot
    /// Each input file and its modification time and size when it was read.
    var inputs: [String: String]
  }

  private let source: PresetSource
  /// The environment the document is loaded in, which its exports render in too.
  let environment: [String: String]
  private let log: @Sendable (String) -> Void
  /// The images an image parameter may be set to on the page; `nil` for a fixed scene.
  let images: PreviewImages?
  private let loaded: Locked<Loaded>
  /// Scenes compiled with the page's parameter values, by version and values; a few at most.
  private let variants = Locked<[String: Scene]>([:])
  static let variantLimit = 8

  /// Loads `source`; a first load that fails is an error, since there is nothing to show yet.
  ///
  /// - Parameter log: Told each load's warnings, and each reload's problem, one line each.
  init(source: PresetSource, environment: [String: String], log: @escaping @Sendable (String) -> Void = { _ in }) throws {
    self.source = source
    self.environment = environment
    self.log = log
    let (document, scene, warnings) = try Self.load(source, environment: environment, log: log)
    let inputs = Self.stamps(of: Self.inputFiles(source: source, scene: scene, environment: environment))
    let presetFolder = (try? source.file(environment: environment)).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    images = (source.assetsRoot.map { URL(fileURLWithPath: $0) } ?? presetFolder).flatMap(PreviewImages.init(folder:))
    loaded = Locked(
      Loaded(
        snapshot: Snapshot(
          state: .scene(scene), version: 1, parameters: Self.parameters(of: document), warnings: warnings, document: document),
        inputs: inputs))
  }

  /// A document of a scene already loaded, never reloaded (the tests' fixed scenes).
  init(scene: Scene) {
    source = PresetSource(origin: .file(""))
    environment = [:]
    log = { _ in }
    images = nil
    loaded = Locked(Loaded(snapshot: Snapshot(state: .scene(scene), version: 1), inputs: [:]))
  }

  /// What is shown now, after loading again if an input changed since the last load.
  func current() -> Snapshot {
    loaded.withLock { loaded in
      guard !loaded.inputs.isEmpty, Self.stamps(of: Array(loaded.inputs.keys)) != loaded.inputs else {
        return loaded.snapshot
      }
      let version = loaded.snapshot.version + 1
      do {
        let (document, scene, warnings) = try Self.load(source, environment: environment, log: log)
        loaded.inputs = Self.stamps(of: Self.inputFiles(source: source, scene: scene, environment: environment))
        loaded.snapshot = Snapshot(
          state: .scene(scene), version: version, parameters: Self.parameters(of: document), warnings: warnings,
          document: document)
      } catch {
        // Watch what was read last time and the file itself: the fix comes through one of them.
        var files = Array(loaded.inputs.keys)
        if let file = try? source.file(environment: environment), !files.contains(file) { files.append(file) }
        loaded.inputs = Self.stamps(of: files)
        loaded.snapshot = Snapshot(state: .problem("\(error)"), version: version)
        log("splashvid: \(error)")
      }
      return loaded.snapshot
    }
  }

  /// The scene of `snapshot` with the parameters in `overrides` set as `--param` sets them.
  ///
  /// - Throws: The preset's error for a value it refuses, or a parameter it does not have.
  func scene(of snapshot: Snapshot, overrides: [String: String]) throws -> Scene? {
    guard case .scene(let scene) = snapshot.state else { return nil }
    guard !overrides.isEmpty else { return scene }
    let key = "\(snapshot.version)\n" + Self.variant(of: overrides)
    if let kept = variants.withLock({ $0[key] }) { return kept }
    var variant = source
    variant.parameters.merge(try resolved(overrides, of: snapshot)) { _, chosen in chosen }
    let compiled = try snapshot.document.map { try variant.scene(of: $0) } ?? variant.load(environment: environment)
    variants.withLock { variants in
      if variants.count >= Self.variantLimit { variants.removeAll() }
      variants[key] = compiled
    }
    return compiled
  }

  /// Parameter values as one text, the same whatever their order: what a variant's scene,
  /// its frames and their warnings are kept by.
  static func variant(of overrides: [String: String]) -> String {
    overrides.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
  }

  /// The file `source` reads, the scene it compiles to, and its warnings, each logged as
  /// `render` prints it.
  private static func load(
    _ source: PresetSource, environment: [String: String], log: @Sendable (String) -> Void
  ) throws -> (AnimationDocument, Scene, [String]) {
    var warnings: [String] = []
    let document = try source.document(environment: environment)
    let scene = try source.scene(of: document) { warnings.append($0) }
    for warning in warnings { log("splashvid: \(warning)") }
    return (document, scene, warnings)
  }

  /// `overrides` as the preset takes them: an image parameter's value, a path relative to the
  /// preset's folder, becomes the real path of an image inside it (see `PreviewImages`).
  ///
  /// - Throws: `PreviewParameterError` for an image value that names no image in the folder.
  func resolved(_ overrides: [String: String], of snapshot: Snapshot) throws -> [String: String] {
    var resolved = overrides
    for parameter in snapshot.parameters where parameter.kind == .image {
      guard let value = overrides[parameter.name] else { continue }
      guard let path = images?.resolve(value) else {
        throw PreviewParameterError(
          message: "\(parameter.name): expected an image (\(PreviewImages.extensions.sorted().joined(separator: ", "))) inside "
            + "\(images?.folder ?? "the preset's folder"), as a path relative to it, found \"\(value)\"")
      }
      resolved[parameter.name] = path
    }
    return resolved
  }

  /// The parameters the preset declares, or none (a Lottie file, or declarations that cannot
  /// be read, which the compile has already refused).
  private static func parameters(of document: AnimationDocument) -> [PresetParameter] {
    (try? document.parameters()) ?? []
  }

  private static func inputFiles(source: PresetSource, scene: Scene, environment: [String: String]) -> [String] {
    ((try? source.inputs(scene, environment: environment)) ?? []).map(\.path)
  }

  /// Each file's modification time and size, or "missing".
  private static func stamps(of files: [String]) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: files.map { file in
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
          let modified = attributes[.modificationDate] as? Date
        else { return (file, "missing") }
        return (file, "\(modified.timeIntervalSince1970) \(attributes[.size] as? Int ?? -1)")
      })
  }
}

/// A parameter value from the page that the preview refuses before the preset sees it.
struct PreviewParameterError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
