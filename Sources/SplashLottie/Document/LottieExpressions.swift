import SplashDocument

/// After Effects expressions (`x` beside a property's `k`): JavaScript that a browser player
/// runs each frame. splashvid never runs code from a file; it draws the property's keyframes
/// and says so.
enum LottieExpressions {
  /// Notes the first expression in the document and how many there are.
  static func note(in root: LottieCursor, warnings: LottieWarnings) {
    func visit(_ value: JSONValue, _ path: String) {
      switch value {
      case .object(let members):
        if case .string? = members["x"], members["k"] != nil {
          warnings.note("expressions are not run: the keyframes are drawn", at: "\(path).x")
        }
        for key in members.keys.sorted() {
          guard let member = members[key] else { continue }
          visit(member, path.isEmpty ? key : "\(path).\(key)")
        }
      case .array(let elements):
        for (index, element) in elements.enumerated() { visit(element, "\(path)[\(index)]") }
      default:
        break
      }
    }
    visit(root.value, root.jsonPath)
  }
}
