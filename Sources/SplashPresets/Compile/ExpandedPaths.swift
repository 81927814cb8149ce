/// Where the members of an expanded document were written, so a problem the compiler finds at
/// an expanded path is reported at the place the user wrote.
///
/// Every member written inside a definition is recorded at its expanded path; a problem's path
/// is traced to the longest recorded prefix, and the rest of it is appended to that member's
/// shown and source paths. Members written at the use site itself need no record: their
/// expanded path is already the one the user wrote.
struct ExpandedPaths {
  private var members: [String: (shown: String, source: String)] = [:]
  /// The expanded paths of uses that failed (reported once, at the use).
  private var failedUses: Set<String> = []

  /// Notes that the member at `location` was written inside a definition.
  mutating func recordMember(_ location: DocumentLocation) {
    guard location.isInDefinition else { return }
    members[location.expanded] = (location.shown, location.source)
  }

  /// Notes that the use at `expandedPath` failed: what the compiler finds there is a
  /// consequence, not another problem.
  mutating func recordFailedUse(at expandedPath: String) {
    failedUses.insert(expandedPath)
  }

  /// A problem at an expanded path as it is shown and as it lies in the file's text, or `nil`
  /// when it lies inside a use that failed.
  ///
  /// A grid's cell subscripts (`grid.cell[cell 3,5]`) are ignored in the tracing, and dropped
  /// from a problem traced into a definition: the definition is the same in every cell.
  func place(_ error: PresetError) -> (shown: PresetError, source: PresetError)? {
    if members.isEmpty && failedUses.isEmpty { return (error, error) }
    let path = PreparedPreset.withoutCellSubscripts(error.path)
    let prefixes = Self.prefixEnds(of: path).map { String(path[..<$0]) }
    if prefixes.contains(where: failedUses.contains) { return nil }
    for (end, prefix) in zip(Self.prefixEnds(of: path), prefixes).reversed() {
      guard let member = members[prefix] else { continue }
      let rest = path[end...]
      var shown = error
      shown.path = member.shown + rest
      var source = error
      source.path = member.source + rest
      return (shown, source)
    }
    return (error, error)
  }

  /// Where the path's components end: before each `.` and `[`, and at the end.
  private static func prefixEnds(of path: String) -> [String.Index] {
    var ends = path.indices.filter { $0 != path.startIndex && (path[$0] == "." || path[$0] == "[") }
    ends.append(path.endIndex)
    return ends
  }
}
