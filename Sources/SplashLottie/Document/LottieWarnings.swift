import SplashDocument

/// What a Lottie file asks for that splashvid does not draw, said once per feature with the
/// first place it is used and how many places use it: the frame renders without it, and the
/// user knows why it differs.
final class LottieWarnings {
  private var firstPlaces: [String: String] = [:]
  private var counts: [String: Int] = [:]
  private var order: [String] = []
  let file: String

  init(file: String) {
    self.file = file
  }

  /// Notes that the feature described by `message` ("effects are not drawn") is used at `path`.
  func note(_ message: String, at path: String) {
    if firstPlaces[message] == nil {
      firstPlaces[message] = path
      order.append(message)
    }
    counts[message, default: 0] += 1
  }

  /// One warning per feature, in the order of the first places in the file (`layers[2]`
  /// before `layers[10]`), as `validate` prints warnings: the same order whichever stage of
  /// the compiler noted them.
  var warnings: [DocumentError] {
    let places = order.enumerated().map { (position: $0.offset, message: $0.element, key: Self.sortKey(firstPlaces[$0.element] ?? "")) }
    let sorted = places.sorted { first, second in
      first.key == second.key ? first.position < second.position : Self.precedes(first.key, second.key)
    }
    return sorted.map(\.message).map { message in
      let count = counts[message] ?? 1
      let places = count > 1 ? " (\(count) places)" : ""
      return DocumentError(file: file, path: firstPlaces[message] ?? "", expected: "warning: \(message)\(places)", found: nil)
    }
  }

  /// A JSON path's parts: member names as text, array indices as numbers.
  private enum PathPart: Equatable {
    case name(String)
    case index(Int)
  }

  private static func sortKey(_ path: String) -> [PathPart] {
    var parts: [PathPart] = []
    var current = ""
    func flush() {
      if !current.isEmpty { parts.append(.name(current)) }
      current = ""
    }
    var index: Int?
    for character in path {
      switch character {
      case ".":
        flush()
      case "[":
        flush()
        index = 0
      case "]":
        parts.append(.index(index ?? 0))
        index = nil
      default:
        if let value = index, let digit = character.wholeNumberValue {
          index = value > 100_000_000 ? value : value * 10 + digit
        } else {
          current.append(character)
        }
      }
    }
    flush()
    return parts
  }

  /// Whether path `first` comes before `second` in the file: part by part, indices by number,
  /// names by text, a path before the paths inside it.
  private static func precedes(_ first: [PathPart], _ second: [PathPart]) -> Bool {
    for (a, b) in zip(first, second) where a != b {
      switch (a, b) {
      case (.index(let x), .index(let y)): return x < y
      case (.name(let x), .name(let y)): return x < y
      case (.index, .name): return true
      case (.name, .index): return false
      }
    }
    return first.count < second.count
  }
}
