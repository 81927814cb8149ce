import Foundation
import SplashCore
import SplashDocument
import SplashModel

/// Turns a preset document into a `Scene`, stopping at the first problem.
///
/// The document's shape (schema version 1):
///
///     {
///       schemaVersion: 1,
///       description: "…",                          // optional
///       parameters: { brand: { type: "color", default: "#40E0B0" } },  // see PresetParameter
///       canvas: { size: [375, 667], background: "#0F4E65" },
///       clip: { start: 0.9, cycle: 3.0, hold: 0 }, // scene seconds; one loop: cycle, then hold
///       define: { animations: { … }, layers: { … } },  // named, used as { use: "name", … }: see DefinitionExpander
///       layers: [ { id: "logo", … }, … ],           // bottom to top, see LayerCompiler
///     }
public enum PresetCompiler {
  /// The newest `schemaVersion` this build reads.
  public static let schemaVersion = 1

  /// The largest canvas side in points; beyond it a preset is almost surely a typo.
  public static let maximumCanvasSide = 10_000.0

  /// Parses and compiles preset text.
  ///
  /// - Parameters:
  ///   - data: The JSON5 text.
  ///   - file: The file name used in messages, as the user would recognise it.
  /// - Throws: `PresetError` naming the file, the JSON path, what was expected and what was found.
  ///   - baseDirectory: The folder image paths resolve against (the preset file's folder).
  ///   - parameters: `--param` overrides as the user typed them (name → text).
  ///   - assetsRoot: The folder images must lie in; the preset's folder when `nil`.
  ///   - parameterOrigin: Whether `parameters` come from the command line (their images are
  ///     trusted) or from a manifest (their images are confined like the preset's own).
  ///   - warn: Told what compiles but is almost surely a mistake (a shape that draws nothing),
  ///     as `validate` prints it, once the preset has compiled.
  public static func compile(
    _ data: Data, file: String, baseDirectory: URL? = nil, parameters overrides: [String: String] = [:],
    assetsRoot: URL? = nil, parameterOrigin: ParameterOrigin = .commandLine, warn: ((PresetError) -> Void)? = nil
  ) throws -> Scene {
    try compile(
      document: try parse(data, file: file), file: file, baseDirectory: baseDirectory, parameters: overrides,
      assetsRoot: assetsRoot, parameterOrigin: parameterOrigin, warn: warn)
  }

  /// Compiles a preset document already parsed (by `document(_:bytes:file:)`), as
  /// `compile(_:file:…)` compiles its text.
  public static func compile(
    document: JSONValue, file: String, baseDirectory: URL? = nil, parameters overrides: [String: String] = [:],
    assetsRoot: URL? = nil, parameterOrigin: ParameterOrigin = .commandLine, warn: ((PresetError) -> Void)? = nil
  ) throws -> Scene {
    let issues = IssueCollector(mode: .abort)
    let scene = try compile(
      JSONCursor(value: document, jsonPath: "", file: file), baseDirectory: baseDirectory, overrides: overrides,
      issues: issues, assetsRoot: assetsRoot, origin: parameterOrigin)
    for warning in issues.warnings { warn?(warning) }
    return scene
  }

  /// Every problem of a preset, in document order, without stopping at the first; empty when
  /// the preset is valid.
  public static func problems(_ data: Data, file: String, baseDirectory: URL? = nil) -> [PresetError] {
    check(data, file: file, baseDirectory: baseDirectory).problems
  }

  /// Every problem of a preset and every warning (what compiles but draws nothing), in
  /// document order, without stopping at the first problem.
  public static func check(_ data: Data, file: String, baseDirectory: URL? = nil, verify: (Scene) throws -> Void = { _ in })
    -> PresetCheck
  {
    let document: JSONValue
    do {
      document = try parse(data, file: file)
    } catch let error as PresetError {
      return PresetCheck(problems: [error], warnings: [])
    } catch {
      return PresetCheck(problems: [PresetError(file: file, path: "", expected: "\(error)", found: nil)], warnings: [])
    }
    return check(document: document, file: file, baseDirectory: baseDirectory, verify: verify)
  }

  /// `check(_:file:baseDirectory:verify:)` of a preset document already parsed.
  public static func check(
    document: JSONValue, file: String, baseDirectory: URL? = nil, verify: (Scene) throws -> Void = { _ in }
  ) -> PresetCheck {
    let issues = IssueCollector(mode: .collect)
    do {
      let scene = try compile(
        JSONCursor(value: document, jsonPath: "", file: file), baseDirectory: baseDirectory, overrides: [:], issues: issues)
      if issues.issues.isEmpty { try verify(scene) }
    } catch let error as PresetError {
      return PresetCheck(problems: issues.issues + [error], warnings: issues.warnings)
    } catch {
      return PresetCheck(
        problems: issues.issues + [PresetError(file: file, path: "", expected: "\(error)", found: nil)],
        warnings: issues.warnings)
    }
    return PresetCheck(problems: issues.issues, warnings: issues.warnings)
  }

  /// The document tree of preset text.
  ///
  /// The text must be UTF-8: Foundation's JSON5 scanner traps on some invalid sequences (an
  /// unquoted key with a 0xFF byte; found by fuzzing), so they are refused before it runs.
  static func parse(_ data: Data, file: String) throws -> JSONValue {
    try refusingInvalidText(Array(data), file: file)
    do {
      return try JSONValue.parseJSON5(data)
    } catch let error as JSON5Parser.SyntaxError {
      throw syntaxError(error, file: file)
    } catch {
      throw PresetError(file: file, path: "", expected: "not valid JSON5: \(error)", found: nil)
    }
  }

  /// The preset document in text parsed once, with repeated keys kept rather than refused (a
  /// reader that tells presets from Lottie files by their tree parses before it knows): the
  /// refusals `parse` makes, made of the same pass.
  ///
  /// - Parameters:
  ///   - parsed: The text's tree and its first repeated key, from
  ///     `JSON5Parser.parseNotingRepeatedKeys`.
  ///   - bytes: The text, which must be UTF-8 (splashvid's reader repairs what is not; a
  ///     preset is hand-written, so it is refused as `parse` refuses it).
  /// - Throws: `PresetError` for text that is not UTF-8 or repeats a key.
  public static func document(_ parsed: JSON5Parser.Parsed, bytes: [UInt8], file: String) throws -> JSONValue {
    try refusingInvalidText(bytes, file: file)
    if let repeated = parsed.firstRepeatedKey { throw syntaxError(repeated, file: file) }
    return parsed.value
  }

  /// The message of a syntax error in preset text, with its line and caret.
  public static func syntaxError(_ error: JSON5Parser.SyntaxError, file: String) -> PresetError {
    PresetError(file: file, path: "", expected: "not valid JSON5: \(error)", found: nil, excerpt: error.excerpt)
  }

  /// Refuses text that is not UTF-8, before any parse: a preset is written by hand.
  public static func refusingInvalidText(_ bytes: [UInt8], file: String) throws {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw PresetError(file: file, path: "", expected: "not valid UTF-8 text", found: nil)
    }
  }

  /// The preset's `description`, the sentence `splashvid presets` prints under its name.
  public static func description(_ data: Data, file: String) throws -> String? {
    try description(of: try parse(data, file: file), file: file)
  }

  /// The `description` of a preset document already parsed.
  public static func description(of document: JSONValue, file: String) throws -> String? {
    guard case .object(let members) = document, let value = members["description"] else { return nil }
    return try JSONCursor(value: value, jsonPath: "description", file: file).string()
  }

  /// The parameters a preset declares.
  public static func parameters(_ data: Data, file: String) throws -> [PresetParameter] {
    try parameters(of: try parse(data, file: file), file: file)
  }

  /// The parameters a preset document already parsed declares.
  public static func parameters(of document: JSONValue, file: String) throws -> [PresetParameter] {
    guard case .object(let members) = document else { return [] }
    return try PresetParameters.declarations(
      members["parameters"].map { JSONCursor(value: $0, jsonPath: "parameters", file: file) })
  }

  static func compile(
    _ original: JSONCursor, baseDirectory: URL?, overrides: [String: String], issues: IssueCollector,
    assetsRoot: URL? = nil, origin: ParameterOrigin = .commandLine
  ) throws -> Scene {
    let trustedImages = origin == .commandLine ? trustedImagePaths(original, overrides: overrides) : []
    let values = try parameterValues(original, overrides: overrides, origin: origin)
    return try compile(
      original, values: values, baseDirectory: baseDirectory, trustedImages: trustedImages, issues: issues,
      assetsRoot: assetsRoot)
  }

  /// Compiles the document with its parameter references replaced by `values`.
  static func compile(
    _ original: JSONCursor, values: [String: JSONValue], baseDirectory: URL?, trustedImages: Set<String>,
    issues: IssueCollector, assetsRoot: URL?
  ) throws -> Scene {
    let values = try NamedNumbers.adding(to: values, from: original)
    // `$name` inside an expression is read where the number is, by cursors that know only
    // their value: the values are bound for the whole compile.
    return try ExpressionParameters.$current.withValue(ExpressionParameters(values: values)) {
      do {
        let substituted = try substituteParameters(original, values: values)
        let expansion = try DefinitionExpander.expand(substituted, issues: issues)
        issues.expandedPaths = expansion.paths
        return try compileExpanded(
          expansion.document, baseDirectory: baseDirectory, trustedImages: trustedImages, issues: issues,
          assetsRoot: assetsRoot)
      } catch {
        throw issues.shown(error)
      }
    }
  }

  /// Compiles the document once parameters are substituted and uses of definitions expanded.
  private static func compileExpanded(
    _ root: JSONCursor, baseDirectory: URL?, trustedImages: Set<String>, issues: IssueCollector, assetsRoot: URL?
  ) throws -> Scene {
    let members = try root.object(
      allowedKeys: ["schemaVersion", "description", "parameters", "define", "canvas", "clip", "layers", "sequence"])
    func required(_ key: String) throws -> JSONCursor {
      guard let member = members[key] else { throw root.error("missing \"\(key)\"") }
      return member
    }

    // Each section is read on its own so that `validate` reports problems in all of them;
    // a bad section leaves a default in its place.
    _ = try issues.attempt {
      let version = try required("schemaVersion")
      guard case .number(let number) = version.value, number == Double(schemaVersion) else {
        throw version.error(expected: "\(schemaVersion) (the schema this splashvid reads)")
      }
    }
    try issues.read(members["description"]) { _ = try $0.string() }

    var size = Size(width: 375, height: 667)
    var background = Color.white
    _ = try issues.attempt {
      let canvas = try required("canvas")
      let canvasMembers = try canvas.object(allowedKeys: ["size", "background"])
      try issues.read(canvasMembers["background"]) { cursor in
        // A clear or translucent canvas makes a transparent clip; which outputs can hold it is
        // the command line's business (formats with alpha only).
        background = try cursor.color()
      }
      guard let sizeCursor = canvasMembers["size"] else { throw canvas.error("missing \"size\"") }
      let read = try sizeCursor.size()
      guard read.width >= 1, read.height >= 1, read.width <= maximumCanvasSide, read.height <= maximumCanvasSide else {
        throw sizeCursor.error(expected: "a canvas from 1x1 to \(Int(maximumCanvasSide))x\(Int(maximumCanvasSide)) points")
      }
      size = read
    }

    var compiler = LayerCompiler(
      baseDirectory: baseDirectory, assetsRoot: assetsRoot ?? baseDirectory, trustedImages: trustedImages, issues: issues)
    var clipWindow = ClipWindow(start: 0, cycle: 1)
    var segments: [ClipSegment] = []
    // A sequence's clip is its scenes, laid end to end once their files are read; only a hold
    // after them is the preset's to say.
    var sequence: [SequenceScene] = []
    if let sequenceCursor = members["sequence"] {
      sequence = try issues.attempt({ try SequenceCompiler.scenes(sequenceCursor, compiler: compiler) }) ?? []
      try issues.read(members["clip"]) { clip in
        let clipMembers = try clip.object(allowedKeys: ["hold"])
        try issues.read(clipMembers["hold"]) {
          clipWindow.hold = try $0.number(in: 0...3_600, expected: "a hold in seconds from 0 to 3600")
        }
      }
    }
    _ = try issues.attempt {
      guard sequence.isEmpty && members["sequence"] == nil else { return }
      let clip = try required("clip")
      let clipMembers = try clip.object(allowedKeys: ["start", "cycle", "hold", "segments"])
      try issues.read(clipMembers["segments"]) { segments = try Self.segments($0) }
      try issues.read(clipMembers["start"]) {
        clipWindow.start = try $0.number(in: 0...86_400, expected: "a start time in seconds ≥ 0")
      }
      try issues.read(clipMembers["hold"]) {
        clipWindow.hold = try $0.number(in: 0...3_600, expected: "a hold in seconds from 0 to 3600")
      }
      guard let cycleCursor = clipMembers["cycle"] else { throw clip.error("missing \"cycle\"") }
      clipWindow.cycle = try cycleCursor.number(in: 0.001...3_600, expected: "a loop length in seconds from 0.001 to 3600")
    }

    var layers: [(layer: Layer, cursor: JSONCursor)] = []
    // Over a sequence, layers are optional: what stays on screen throughout (a caption, a logo).
    let layerCursors = members["sequence"] != nil && members["layers"] == nil ? [] : try issues.attempt({ try required("layers").array() })
    for cursor in layerCursors ?? [] {
      if let layer = try issues.attempt({ try compiler.layer(cursor) }) { layers.append((layer, cursor)) }
    }
    _ = try issues.attempt { try LayerCompiler.checkInstanceIDs(layers) }
    _ = try issues.attempt {
      do {
        try LayerTreeLimits.standard.check(layers.map(\.layer))
      } catch let error as LayerTreeLimitExceeded {
        throw PresetError(file: root.file, path: "layers", expected: "\(error.expected) (layer \"\(error.layerID)\")", found: nil)
      }
    }
    var scene = Scene(canvasSize: size, backgroundColor: background, layers: layers.map(\.layer), clip: clipWindow)
    scene.segments = segments
    scene.sequence = sequence
    return scene
  }

  /// Images the user named with `--param` (made absolute by the command line): allowed outside
  /// the assets root, since nobody but the user chose them.
  private static func trustedImagePaths(_ root: JSONCursor, overrides: [String: String]) -> Set<String> {
    guard case .object(let members) = root.value, let parameters = members["parameters"],
      let declared = try? PresetParameters.declarations(JSONCursor(value: parameters, jsonPath: "parameters", file: root.file))
    else { return [] }
    let images = declared.filter { $0.kind == .image }.map(\.name)
    return Set(images.compactMap { overrides[$0] }.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
  }

  /// Every declared parameter's value: its default, or the override's value checked against its type.
  static func parameterValues(
    _ root: JSONCursor, overrides: [String: String], origin: ParameterOrigin
  ) throws -> [String: JSONValue] {
    guard case .object(let members) = root.value else { return [:] }
    let declared = try PresetParameters.declarations(
      members["parameters"].map { JSONCursor(value: $0, jsonPath: "parameters", file: root.file) })
    return try parameterValues(declared, overrides: overrides, origin: origin, file: root.file)
  }

  /// Every parameter's value, from declarations already read.
  static func parameterValues(
    _ declared: [PresetParameter], overrides: [String: String], origin: ParameterOrigin, file: String
  ) throws -> [String: JSONValue] {
    var values: [String: JSONValue] = [:]
    for parameter in declared { values[parameter.name] = parameter.defaultValue }
    for (name, text) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let parameter = declared.first(where: { $0.name == name }) else {
        let known = declared.map(\.name).joined(separator: ", ")
        throw PresetError(
          file: file, path: "parameters",
          expected: known.isEmpty ? "no --param (the preset has no parameters)" : "a parameter of this preset (\(known))",
          found: "--param \(name)")
      }
      values[name] = try PresetParameters.value(from: text, origin: origin, for: parameter, file: file)
    }
    return values
  }

  /// The document with parameter references replaced by `values`.
  private static func substituteParameters(_ root: JSONCursor, values: [String: JSONValue]) throws -> JSONCursor {
    guard case .object(var members) = root.value else { return root }
    let parameters = members.removeValue(forKey: "parameters")
    var substituted = try PresetParameters.substitute(.object(members), values: values, path: "", file: root.file)
    if case .object(var result) = substituted, let parameters {
      result["parameters"] = parameters
      substituted = .object(result)
    }
    return JSONCursor(value: substituted, jsonPath: "", file: root.file)
  }
}

extension PresetCompiler {
  /// `clip.segments`: named parts of the timeline a render may take alone (`--segment NAME`),
  /// each `{ start, end }` in scene seconds, in order of their starts.
  ///
  ///     segments: { intro: { start: 0, end: 0.9 }, loop: { start: 0.9, end: 3.9 } }
  static func segments(_ cursor: JSONCursor) throws -> [ClipSegment] {
    var segments: [ClipSegment] = []
    for (name, member) in try cursor.object(allowedKeys: nil) {
      let bounds = try member.object(allowedKeys: ["start", "end"])
      guard let startCursor = bounds["start"] else { throw member.error("missing \"start\"") }
      guard let endCursor = bounds["end"] else { throw member.error("missing \"end\"") }
      let start = try startCursor.number(in: 0...86_400, expected: "a start time in seconds from 0 to 86400")
      let end = try endCursor.number(in: 0...86_400, expected: "an end time in seconds from 0 to 86400")
      guard end > start else { throw endCursor.error(expected: "an end after the segment's start (\(start) s)") }
      segments.append(ClipSegment(name: name, start: start, end: end))
    }
    return segments.sorted { ($0.start, $0.name) < ($1.start, $1.name) }
  }
}
