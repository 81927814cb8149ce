import Foundation
import SplashDocument

/// A preset read and parsed once, against which many parameter sets are checked: the rows of a
/// batch manifest.
///
/// Checking a row means what compiling the preset with the row's values means, and gives the
/// same first error, but most rows cost far less than a compile:
/// - a row's values are checked against their parameters' types first, as the compiler does;
/// - a parameter whose every reference the compiler reads as a colour accepts every valid
///   colour alike (a colour, once read, is only drawn: no check depends on which colour), so a
///   row that changes only such parameters compiles exactly when the defaults do;
/// - any other row is compiled in full (the document is not parsed again), once per distinct
///   set of values.
///
/// Which parameters are read only as colours is learnt from the compiler itself: the preset is
/// compiled once per colour parameter with a value no colour reader accepts, collecting every
/// problem, and the parameter qualifies only if each of its references produced exactly the
/// colour reader's refusal. A reference read any other way, or not reached, leaves it out.
public final class PreparedPreset {
  /// The file as named in messages.
  public let file: String
  /// The parameters the preset declares.
  public let parameters: [PresetParameter]
  private let root: JSONCursor
  private let baseDirectory: URL
  private let assetsRoot: URL?
  private let defaultValues: [String: JSONValue]
  /// The defaults' compile: `nil` when it succeeds, else its error.
  private let defaultsProblem: (any Error)?
  /// The colour parameters every row may change without a compile (internal for tests).
  let colourOnlyParameters: Set<String>
  /// The text and font parameters a row may change with only its value checked, by name: the
  /// path of a text layer's `string` they fill (whose length is limited), or `nil` for a font
  /// family (internal for tests).
  let freeTextParameters: [String: String?]
  private var compiled: [[String: String]: (any Error)?] = [:]

  /// Parses `data` and compiles it with its defaults.
  ///
  /// - Throws: `PresetError` when the text is not a preset document at all.
  public convenience init(_ data: Data, file: String, baseDirectory: URL, assetsRoot: URL?) throws {
    try self.init(document: try PresetCompiler.parse(data, file: file), file: file, baseDirectory: baseDirectory, assetsRoot: assetsRoot)
  }

  /// Compiles a preset document already parsed with its defaults.
  ///
  /// - Throws: `PresetError` when its parameters cannot be read.
  public init(document: JSONValue, file: String, baseDirectory: URL, assetsRoot: URL?) throws {
    self.file = file
    self.baseDirectory = baseDirectory
    self.assetsRoot = assetsRoot
    root = JSONCursor(value: document, jsonPath: "", file: file)
    if case .object(let members) = root.value {
      parameters = try PresetParameters.declarations(
        members["parameters"].map { JSONCursor(value: $0, jsonPath: "parameters", file: file) })
    } else {
      parameters = []
    }
    defaultValues = try PresetCompiler.parameterValues(root, overrides: [:], origin: .manifest)
    do {
      _ = try PresetCompiler.compile(
        root, values: defaultValues, baseDirectory: baseDirectory, trustedImages: [], issues: IssueCollector(mode: .abort),
        assetsRoot: assetsRoot)
      defaultsProblem = nil
    } catch {
      defaultsProblem = error
    }
    var colourOnly: Set<String> = []
    var freeText: [String: String?] = [:]
    if defaultsProblem == nil {
      for parameter in parameters {
        let references = Self.referencePaths(to: parameter.name, in: root.value)
        switch parameter.kind {
        case .color:
          if Self.isReadOnly(
            parameter.name, by: { _ = try $0.color() }, references: references, root: root, values: defaultValues,
            baseDirectory: baseDirectory, assetsRoot: assetsRoot)
          {
            colourOnly.insert(parameter.name)
          }
        case .text, .font:
          // A text layer's `string` (whose only check is its length) or a `fontFamily` (any
          // name: a missing font falls back at render time), read as a string and nothing else.
          // One inside a definition is left to the compile: its message names the use, which
          // only the compile knows.
          let keys = references.map { $0.split(separator: ".").last.map(String.init) ?? "" }
          if keys.allSatisfy({ $0 == "string" || $0 == "fontFamily" }), !references.contains(where: { $0.hasPrefix("define.") }),
            Self.isReadOnly(
              parameter.name, by: { _ = try $0.string() }, references: references, root: root, values: defaultValues,
              baseDirectory: baseDirectory, assetsRoot: assetsRoot)
          {
            freeText[parameter.name] = .some(references.first { $0.hasSuffix(".string") })
          }
        case .number, .image:
          break
        }
      }
    }
    freeTextParameters = freeText
    colourOnlyParameters = colourOnly
  }

  /// Checks that the preset compiles with `overrides`: a manifest row's values (name → text),
  /// whose images are confined like the preset's own.
  ///
  /// - Throws: the error compiling with these values would throw.
  public func check(_ overrides: [String: String]) throws {
    guard case .object = root.value else {
      // Not a preset document: the compile says why, as it would for any row.
      return try compileOnce(overrides, values: [:])
    }
    let values = try PresetCompiler.parameterValues(parameters, overrides: overrides, origin: .manifest, file: file)
    let changed = overrides.keys.filter { values[$0] != defaultValues[$0] }
    if defaultsProblem == nil, changed.allSatisfy({ colourOnlyParameters.contains($0) || freeTextParameters[$0] != nil }) {
      // What the compile would check of these values at their places: a text's length.
      for name in changed {
        if let value = values[name], let reference = freeTextParameters[name] ?? nil {
          _ = try LayerCompiler.textString(JSONCursor(value: value, jsonPath: reference, file: file))
        }
      }
      return
    }
    try compileOnce(overrides, values: values)
  }

  /// Compiles with `values` (those of `overrides`), remembering the outcome for the same overrides.
  private func compileOnce(_ overrides: [String: String], values: [String: JSONValue]) throws {
    if let known = compiled[overrides] {
      if let known { throw known }
      return
    }
    do {
      _ = try PresetCompiler.compile(
        root, values: values, baseDirectory: baseDirectory, trustedImages: [], issues: IssueCollector(mode: .abort),
        assetsRoot: assetsRoot)
      compiled[overrides] = .some(nil)
    } catch {
      compiled[overrides] = error
      throw error
    }
  }

  /// Whether every reference to the parameter is read by `reader` (the colour or the string
  /// reader), and only by it.
  private static func isReadOnly(
    _ name: String, by reader: (JSONCursor) throws -> Void, references: [String], root: JSONCursor, values: [String: JSONValue],
    baseDirectory: URL, assetsRoot: URL?
  ) -> Bool {
    guard !references.isEmpty else { return true }
    // No reader of any kind takes an array holding only null (a layer's colour takes null
    // itself, as Swift's nil); the colour reader's refusal of it at a path is what a colour
    // reference produces there.
    let probe = JSONValue.array([.null])
    var probed = values
    probed[name] = probe
    let issues = IssueCollector(mode: .collect)
    do {
      _ = try PresetCompiler.compile(
        root, values: probed, baseDirectory: baseDirectory, trustedImages: [], issues: issues, assetsRoot: assetsRoot)
    } catch {
      return false
    }
    // A grid's cell template is compiled once per cell, as `grid.cell[cell 3,5]`: each copy is
    // the template's reference. A definition is compiled once per use: its problems are
    // taken at the definition's own path, which is the reference's.
    let found = issues.issuesInSource.map { issue in
      var issue = issue
      issue.path = withoutCellSubscripts(issue.path)
      return issue
    }
    var refusals: [String: PresetError] = [:]
    for path in references {
      do {
        try reader(JSONCursor(value: probe, jsonPath: path, file: root.file))
        return false
      } catch let refusal as PresetError {
        refusals[path] = refusal
      } catch {
        return false
      }
    }
    // Every reference was read and refused as a colour, and nothing else went wrong.
    return references.allSatisfy { path in found.contains { $0 == refusals[path] } }
      && found.allSatisfy { issue in refusals[issue.path] == issue }
  }

  /// `path` without the cell subscripts a grid adds (`grid.cell[cell 3,5]` → `grid.cell`).
  static func withoutCellSubscripts(_ path: String) -> String {
    var result = ""
    var rest = Substring(path)
    while let start = rest.range(of: "[cell ") {
      result += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].firstIndex(of: "]") else { return result + rest[start.lowerBound...] }
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }

  /// The JSON paths of every `"$name"` in the document, written as the compiler writes them.
  static func referencePaths(to name: String, in document: JSONValue) -> [String] {
    var paths: [String] = []
    func visit(_ value: JSONValue, _ path: String) {
      switch value {
      case .string(let text) where text == "$" + name: paths.append(path)
      case .array(let elements): for (index, element) in elements.enumerated() { visit(element, "\(path)[\(index)]") }
      case .object(let members):
        for (key, member) in members where !(path.isEmpty && key == "parameters") {
          visit(member, path.isEmpty ? key : "\(path).\(key)")
        }
      default: break
      }
    }
    visit(document, "")
    return paths
  }
}
