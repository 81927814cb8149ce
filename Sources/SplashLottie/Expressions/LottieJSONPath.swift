import SplashDocument

/// A place in a Lottie document as a list of member names and array indices, for finding a
/// value again and writing it anew.
struct LottieJSONPath: Hashable {
  enum Part: Hashable {
    case member(String)
    case index(Int)
  }

  var parts: [Part] = []

  func appending(_ member: String) -> LottieJSONPath { LottieJSONPath(parts: parts + [.member(member)]) }
  func appending(_ index: Int) -> LottieJSONPath { LottieJSONPath(parts: parts + [.index(index)]) }

  /// The path as messages write it: `layers[2].ks.o`.
  var text: String {
    var text = ""
    for part in parts {
      switch part {
      case .member(let name): text += text.isEmpty ? name : ".\(name)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}

extension JSONValue {
  /// The value at `path`, if there is one.
  subscript(path: LottieJSONPath) -> JSONValue? {
    var current = self
    for part in path.parts {
      switch (part, current) {
      case (.member(let name), .object(let members)):
        guard let member = members[name] else { return nil }
        current = member
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// This value with the one at `path` replaced by `replacement` (unchanged where the path
  /// leads nowhere).
  func replacing(_ path: ArraySlice<LottieJSONPath.Part>, with replacement: JSONValue) -> JSONValue {
    guard let part = path.first else { return replacement }
    switch (part, self) {
    case (.member(let name), .object(var members)):
      guard let member = members[name] else { return self }
      members[name] = member.replacing(path.dropFirst(), with: replacement)
      return .object(members)
    case (.index(let index), .array(var elements)):
      guard elements.indices.contains(index) else { return self }
      elements[index] = elements[index].replacing(path.dropFirst(), with: replacement)
      return .array(elements)
    default:
      return self
    }
  }
}
