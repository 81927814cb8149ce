import SplashDocument

/// The parameters `$name` reads inside an arithmetic expression (`"$size / 9"`): the values of
/// the compile under way, defaults overridden by `--param` or a manifest row.
///
/// Cursors are made in many places (grid cells, the compiler's readers) and carry only their
/// value and path, while the values belong to one compile; so the compile binds them to
/// `current` for its duration (`PresetCompiler`) and number readers look them up there.
struct ExpressionParameters: Sendable {
  /// Why a name cannot be read as a number.
  struct Refusal: Error {
    var message: String
  }

  /// Every parameter's value, by name (numbers, and the others so they can be named).
  var values: [String: JSONValue]

  /// The parameters of the compile under way; `nil` outside one.
  @TaskLocal static var current: ExpressionParameters?

  /// The value of the number parameter `name`.
  func number(named name: String) throws(Refusal) -> Double {
    switch values[name] {
    case .number(let number)? where number.isFinite:
      return number
    case let value?:
      throw Refusal(message: "expected a number parameter, found $\(name) = \(value.summary)")
    case nil:
      let numbers = values.filter { if case .number = $0.value { true } else { false } }.keys.sorted().map { "$" + $0 }
      let known = numbers.isEmpty ? "the preset declares none" : "the preset declares \(numbers.joined(separator: ", "))"
      throw Refusal(message: "expected a number parameter, found $\(name) (\(known))")
    }
  }
}
