import SplashDocument

/// The two kinds of named definitions a preset's `define` holds.
enum DefinitionKind: String, CaseIterable {
  case animations, layers

  /// One of them, for messages: "an animation", "a layer".
  var singular: String {
    switch self {
    case .animations: "an animation"
    case .layers: "a layer"
    }
  }
}

/// A preset's named definitions, read from its top-level `define`:
///
///     define: {
///       animations: { pulse: { type: "basic", keyPath: "transform.scale", … } },
///       layers: { dot: { type: "shape", path: { oval: [-4, -4, 8, 8] }, animations: [ { use: "pulse" } ] } },
///     }
///
/// Only their shape is checked here (objects with valid names): a definition is a template
/// whose use site may supply or replace any member, so it is compiled where it is used
/// (`DefinitionExpander`), and one that is never used is never compiled.
struct Definitions {
  /// The sections of `define`: the two kinds, and `numbers` (read before anything else, by
  /// `NamedNumbers`).
  static let keys: Set<String> = Set(DefinitionKind.allCases.map(\.rawValue) + ["numbers"])
  /// What a definition's name may be: letters, digits, `_` and `-`, starting with a letter.
  static let namePattern = "^[A-Za-z][A-Za-z0-9_-]*$"

  /// The bodies by kind and name.
  private var bodies: [DefinitionKind: [String: JSONValue]] = [:]
  /// Names whose definition is itself refused (already reported): their uses are dropped
  /// without a second message.
  private var refused: Set<String> = []

  init() {}

  /// Reads `define`, recording each problem through `issues` and leaving the bad definition out.
  init(_ cursor: JSONCursor?, issues: IssueCollector) throws {
    guard let cursor else { return }
    guard case .object = cursor.value else {
      _ = try issues.attempt { throw cursor.error(expected: "an object of definitions: { animations: { … }, layers: { … } }") }
      refused.formUnion(DefinitionKind.allCases.map(\.rawValue))
      return
    }
    let sections = try issues.attempt { try cursor.object(allowedKeys: Self.keys) } ?? [:]
    for kind in DefinitionKind.allCases {
      guard let section = sections[kind.rawValue] else { continue }
      guard case .object(let entries) = section.value else {
        _ = try issues.attempt { throw section.error(expected: "an object of named \(kind.rawValue)") }
        refused.formUnion([kind.rawValue])
        continue
      }
      for name in entries.keys.sorted() {
        guard let body = entries[name] else { continue }
        let path = "\(section.jsonPath).\(name)"
        let isValid = try issues.attempt {
          guard name.range(of: Self.namePattern, options: .regularExpression) != nil else {
            throw PresetError(
              file: cursor.file, path: path, expected: "a definition name of letters, digits, _ and - starting with a letter",
              found: "\"\(name)\"")
          }
          guard case .object = body else {
            throw JSONCursor(value: body, jsonPath: path, file: cursor.file).error(expected: "\(kind.singular) object")
          }
          return true
        }
        if isValid == true {
          bodies[kind, default: [:]][name] = body
        } else {
          refused.insert("\(kind.rawValue).\(name)")
        }
      }
    }
  }

  /// The body of the definition `name` of `kind`, if there is a valid one.
  func body(_ name: String, of kind: DefinitionKind) -> [String: JSONValue]? {
    guard case .object(let members)? = bodies[kind]?[name] else { return nil }
    return members
  }

  /// Whether `name` was defined but refused, so a use of it was already reported.
  func isRefused(_ name: String, of kind: DefinitionKind) -> Bool {
    refused.contains("\(kind.rawValue).\(name)") || refused.contains(kind.rawValue)
  }

  /// The valid names of `kind`, sorted.
  func names(of kind: DefinitionKind) -> [String] {
    (bodies[kind] ?? [:]).keys.sorted()
  }
}
