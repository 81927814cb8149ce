/// How many single-character edits (insert, delete, replace) turn one text into another
/// (Levenshtein's distance): what "the nearest name" means in a message about a name that is
/// not there.
public enum EditDistance {
  public static func between(_ first: String, _ second: String) -> Int {
    let first = Array(first)
    let second = Array(second)
    guard !first.isEmpty else { return second.count }
    guard !second.isEmpty else { return first.count }
    // One row of the table at a time: the distances from first's prefix to each of second's.
    var previous = Array(0...second.count)
    var current = previous
    for (row, character) in first.enumerated() {
      current[0] = row + 1
      for column in 1...second.count {
        let replacing = previous[column - 1] + (character == second[column - 1] ? 0 : 1)
        current[column] = min(replacing, previous[column] + 1, current[column - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[second.count]
  }

  /// The one of `candidates` nearest to `name`, the first of equals; `nil` when there are none.
  public static func nearest(to name: String, among candidates: [String]) -> String? {
    candidates.min { between($0, name) < between($1, name) }
  }
}
