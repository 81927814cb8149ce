import SplashDocument

/// Replaces every `use` of a named definition with the definition, before anything is compiled.
///
/// In any place an animation goes (a layer's or a group's `animations`) and any place a layer
/// goes (`layers`, `sublayers`, `mask`, a grid's `cell`), an object with `use` stands for the
/// definition of that name, with the object's other members replacing the definition's member
/// by member — shallowly: a use's `animations` replaces the definition's list, it is not
/// merged into it.
///
///     { use: "pulse", beginTime: 0.24 }                    // in an animations list
///     { use: "dot", id: "dot3", position: [30, 0] }        // in layers, sublayers or mask
///
/// A definition may use another (a chain); one that uses itself, however indirectly, is an
/// error, as is a name that is not defined (the message lists those that are). Because the
/// expanded document is plain, grids, parameters and every check work on it unchanged, and
/// what the uses produce counts against `PresetLimits` as it is produced: uses that would
/// multiply a preset past its limits stop here, before it is built. Problems found later inside
/// a definition name the use and the definition (`ExpandedPaths`), once for all its uses.
struct DefinitionExpander {
  private let definitions: Definitions
  private let issues: IssueCollector
  private let file: String
  private var paths = ExpandedPaths()
  private var layers = 0
  private var animations = 0
  /// The definitions being expanded, outermost first, to find a definition that uses itself.
  private var expanding: [(kind: DefinitionKind, name: String)] = []

  /// The document without `define` and with every use expanded, and where its members came from.
  ///
  /// - Throws: in abort mode, the first problem; in either mode, `ExpansionLimitExceeded` when
  ///   the expansion outgrows `PresetLimits`.
  static func expand(_ root: JSONCursor, issues: IssueCollector) throws -> (document: JSONCursor, paths: ExpandedPaths) {
    guard case .object(var members) = root.value else { return (root, ExpandedPaths()) }
    let define = members.removeValue(forKey: "define")
    let definitions = try Definitions(define.map { JSONCursor(value: $0, jsonPath: "define", file: root.file) }, issues: issues)
    var expander = DefinitionExpander(definitions: definitions, issues: issues, file: root.file)
    if case .array(let roots)? = members["layers"] {
      let location = DocumentLocation.root.member("layers")
      members["layers"] = .array(try roots.enumerated().map { try expander.layer($1, at: location.element($0), depth: 0) })
    }
    return (JSONCursor(value: .object(members), jsonPath: root.jsonPath, file: root.file), expander.paths)
  }

  private init(definitions: Definitions, issues: IssueCollector, file: String) {
    self.definitions = definitions
    self.issues = issues
    self.file = file
  }

  // MARK: Slots

  /// A value in a place where a layer goes.
  private mutating func layer(_ value: JSONValue, at location: DocumentLocation, depth: Int) throws -> JSONValue {
    layers += 1
    guard layers <= PresetLimits.layers else {
      throw ExpansionLimitExceeded(
        error: limitError(at: location, "more than \(PresetLimits.layers) layers in the preset (uses of definitions count)"))
    }
    // Deeper than the compiler goes: it reports the depth at this layer.
    guard depth < PresetLimits.depth, case .object(let members) = value else { return value }
    return try expanded(members, kind: .layers, at: location, depth: depth)
  }

  /// A value in a place where an animation goes.
  private mutating func animation(_ value: JSONValue, at location: DocumentLocation, depth: Int) throws -> JSONValue {
    animations += 1
    guard animations <= PresetLimits.animations else {
      throw ExpansionLimitExceeded(
        error: limitError(at: location, "more than \(PresetLimits.animations) animations in the preset (uses of definitions count)"))
    }
    guard depth < PresetLimits.depth, case .object(let members) = value else { return value }
    return try expanded(members, kind: .animations, at: location, depth: depth)
  }

  /// An object in a slot, its use resolved; a use that fails leaves `null` in its place.
  private mutating func expanded(
    _ members: [String: JSONValue], kind: DefinitionKind, at location: DocumentLocation, depth: Int
  ) throws -> JSONValue {
    let result = try issues.attempt { try object(members, kind: kind, at: location, depth: depth, replaced: []) }
    guard let result else {
      paths.recordFailedUse(at: location.expanded)
      return .null
    }
    return .object(result)
  }

  // MARK: Objects

  /// `members` with its use (if any) resolved and its nested slots expanded, leaving out the
  /// members in `replaced`, which a use site further out supplies itself.
  private mutating func object(
    _ members: [String: JSONValue], kind: DefinitionKind, at location: DocumentLocation, depth: Int, replaced: Set<String>
  ) throws -> [String: JSONValue] {
    var result: [String: JSONValue] = [:]
    if let use = members["use"] {
      let ownKeys = Set(members.keys).subtracting(["use"])
      result = try definition(named: use, kind: kind, at: location, depth: depth, replaced: replaced.union(ownKeys))
    }
    for (key, value) in members where key != "use" && !replaced.contains(key) {
      let memberLocation = location.member(key)
      paths.recordMember(memberLocation)
      result[key] = try nested(value, key: key, of: kind, at: memberLocation, depth: depth)
    }
    return result
  }

  /// The members of the definition a `use` names, expanded where it is used.
  private mutating func definition(
    named use: JSONValue, kind: DefinitionKind, at location: DocumentLocation, depth: Int, replaced: Set<String>
  ) throws -> [String: JSONValue] {
    let useLocation = location.member("use")
    guard case .string(let name) = use else {
      throw problem(at: useLocation, "the name of \(kind.singular) in define.\(kind.rawValue)", found: use.summary)
    }
    guard let body = definitions.body(name, of: kind) else {
      if definitions.isRefused(name, of: kind) { throw RepeatedProblem() }
      throw problem(at: useLocation, unknownNameExpectation(name, kind: kind), found: "\"\(name)\"")
    }
    if let start = expanding.firstIndex(where: { $0.kind == kind && $0.name == name }) {
      let cycle = (expanding[start...].map(\.name) + [name]).joined(separator: " → ")
      throw problem(at: useLocation, "a definition that does not use itself (\(cycle))", found: "\"\(name)\"")
    }
    guard expanding.count < PresetLimits.depth else {
      throw problem(at: useLocation, "definitions that use definitions at most \(PresetLimits.depth) deep", found: "\"\(name)\"")
    }
    expanding.append((kind, name))
    defer { expanding.removeLast() }
    return try object(body, kind: kind, at: location.using(name, of: kind), depth: depth, replaced: replaced)
  }

  /// A member's value, with the slots it holds expanded: a layer's `sublayers`, `mask`,
  /// `animations` and grid `cell`, a group's `animations`.
  private mutating func nested(
    _ value: JSONValue, key: String, of kind: DefinitionKind, at location: DocumentLocation, depth: Int
  ) throws -> JSONValue {
    switch (kind, key, value) {
    case (.layers, "sublayers", .array(let elements)):
      return .array(try elements.enumerated().map { try layer($1, at: location.element($0), depth: depth + 1) })
    case (.layers, "mask", _):
      return try layer(value, at: location, depth: depth + 1)
    case (.layers, "animations", .array(let elements)):
      return .array(try elements.enumerated().map { try animation($1, at: location.element($0), depth: 0) })
    case (.animations, "animations", .array(let elements)):
      return .array(try elements.enumerated().map { try animation($1, at: location.element($0), depth: depth + 1) })
    case (.layers, "grid", .object(var grid)):
      if let cell = grid["cell"] {
        let cellLocation = location.member("cell")
        paths.recordMember(cellLocation)
        grid["cell"] = try layer(cell, at: cellLocation, depth: depth + 1)
      }
      return .object(grid)
    default:
      return value
    }
  }

  // MARK: Messages

  private func problem(at location: DocumentLocation, _ expected: String, found: String? = nil) -> DefinitionProblem {
    DefinitionProblem(
      shown: PresetError(file: file, path: location.shown, expected: expected, found: found),
      source: PresetError(file: file, path: location.source, expected: expected, found: found))
  }

  private func limitError(at location: DocumentLocation, _ message: String) -> PresetError {
    PresetError(file: file, path: location.shown, expected: message, found: nil)
  }

  /// What an unknown name should have been: one of the names defined for that kind.
  private func unknownNameExpectation(_ name: String, kind: DefinitionKind) -> String {
    let known = definitions.names(of: kind)
    var expected =
      known.isEmpty
      ? "\(kind.singular) defined in define.\(kind.rawValue), which has none"
      : "the name of \(kind.singular) in define.\(kind.rawValue): \(KeyPathSuggestion.alternatives(known))"
    let other: DefinitionKind = kind == .layers ? .animations : .layers
    if definitions.body(name, of: other) != nil {
      expected += " (\"\(name)\" is \(other.singular), defined in define.\(other.rawValue))"
    }
    return expected
  }
}

/// A problem with a use of a definition, at the place shown to the user and at its place in
/// the file's text (where a definition's problems are told apart from each other).
struct DefinitionProblem: Error {
  var shown: PresetError
  var source: PresetError
}

/// Uses that would make the preset larger than `PresetLimits` allows: expanding stops at once.
struct ExpansionLimitExceeded: Error {
  var error: PresetError
}
