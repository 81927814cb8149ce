/// The names closest to a mistyped one, for "did you mean …?" in messages.
///
/// A candidate is close when a few letters are inserted, deleted or replaced to reach it, case
/// ignored (the edit distance), or when one name extends the other by whole key path
/// components: `"transform.rot"` reaches `"transform.rotation"`, `"rotation"` reaches
/// `"transform.rotation"`, `"opacity.value"` reaches `"opacity"` (a little less surely). The more letters a name has,
/// the more edits it may need (one per three letters, at most three), so a short name is not
/// matched to everything.
enum KeyPathSuggestion {
  /// At most `limit` of `candidates` close to `typed`, closest first; ties keep the
  /// candidates' order.
  static func closest(to typed: String, among candidates: [String], limit: Int = 3) -> [String] {
    let typedLower = typed.lowercased()
    let allowance = max(1, min(3, typed.count / 3))
    let scored = candidates.enumerated().compactMap { index, candidate -> (score: Int, distance: Int, index: Int, name: String)? in
      let candidateLower = candidate.lowercased()
      let distance = editDistance(typedLower, candidateLower)
      // A name the typed one begins or ends is what was meant, more surely than one the typed
      // name merely extends (`"transform.rot"` meant a rotation more than the whole transform).
      var score = distance
      if typed.count >= 3 {
        if candidateLower.hasPrefix(typedLower) || candidateLower.hasSuffix("." + typedLower) {
          score = min(score, 1)
        } else if typedLower.hasPrefix(candidateLower + ".") {
          score = min(score, 2)
        }
      }
      guard score <= allowance else { return nil }
      return (score, distance, index, candidate)
    }
    return scored.sorted { ($0.score, $0.distance, $0.index) < ($1.score, $1.distance, $1.index) }.prefix(limit).map(\.name)
  }

  /// The fewest single-character insertions, deletions and replacements that turn `a` into `b`
  /// (Levenshtein's distance), by dynamic programming over one row at a time.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let source = Array(a)
    let target = Array(b)
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    // previous[j]: the distance between the first i − 1 characters of `source` and the first j of `target`.
    var previous = Array(0...target.count)
    var current = [Int](repeating: 0, count: target.count + 1)
    for i in 1...source.count {
      current[0] = i
      for j in 1...target.count {
        let replacement = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
        current[j] = min(replacement, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[target.count]
  }

  /// `names` quoted and joined for a sentence: `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
  static func alternatives(_ names: [String]) -> String {
    let quoted = names.map { "\"\($0)\"" }
    guard let last = quoted.last else { return "" }
    return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
  }
}
