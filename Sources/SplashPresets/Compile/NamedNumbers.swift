import Foundation
import SplashDocument

/// A preset's named numbers, `define.numbers`: the `let`s of the iOS code it transcribes.
///
///     // let circleSpacing: CGFloat = 2
///     // let circleSize = (size.width - 2 * circleSpacing) / 3
///     define: { numbers: { circleSpacing: 2, circleSize: "($size - 2 * $circleSpacing) / 3" } }
///
/// Each is a number or an expression, read anywhere a number parameter is: `"$circleSize"`
/// alone, or inside an expression (`"$circleSize / 2"`). A number may use parameters and other
/// numbers in any order of writing (JSON objects have none); they are evaluated once, before
/// the rest of the preset compiles, so each `--param` value or batch row gives its own. Unlike a
/// parameter, a named number cannot be overridden: it is derived, as a `let` is.
enum NamedNumbers {
  /// What a named number may be called: what `$name` reads in an expression.
  static let namePattern = "^[A-Za-z][A-Za-z0-9_]*$"

  /// `values` (the parameters' values) with the document's named numbers added.
  static func adding(to values: [String: JSONValue], from root: JSONCursor) throws -> [String: JSONValue] {
    guard case .object(let members) = root.value, case .object(let define)? = members["define"],
      let section = define["numbers"]
    else { return values }
    let cursor = JSONCursor(value: section, jsonPath: "define.numbers", file: root.file)
    guard case .object(let entries) = section else {
      throw cursor.error(expected: "an object of named numbers: { circleSize: \"($size - 4) / 3\" }")
    }
    var entryCursors: [String: JSONCursor] = [:]
    for name in entries.keys.sorted() {
      let entry = JSONCursor(value: entries[name] ?? .null, jsonPath: "define.numbers.\(name)", file: root.file)
      guard name.range(of: namePattern, options: .regularExpression) != nil else {
        throw PresetError(
          file: root.file, path: entry.jsonPath, expected: "a number name of letters, digits and _ starting with a letter",
          found: "\"\(name)\"")
      }
      guard values[name] == nil else {
        throw PresetError(
          file: root.file, path: entry.jsonPath, expected: "a name that no parameter has (a named number cannot replace one)",
          found: "\"\(name)\"")
      }
      guard entry.isNumberOrExpression else { throw entry.error(expected: "a number or an arithmetic expression") }
      entryCursors[name] = entry
    }

    // Evaluated in dependency order: a number is read once every number it names is known.
    var result = values
    var evaluating: [String] = []
    var isEvaluating: Set<String> = []
    func evaluate(_ name: String) throws {
      guard result[name] == nil, let entry = entryCursors[name] else { return }
      if isEvaluating.contains(name), let start = evaluating.firstIndex(of: name) {
        let chain = (evaluating[start...] + [name]).joined(separator: " → ")
        throw PresetError(file: root.file, path: entry.jsonPath, expected: "a number that does not depend on itself", found: chain)
      }
      // Evaluated recursively: a chain of thousands would exhaust the stack.
      guard evaluating.count < PresetLimits.depth else {
        throw PresetError(
          file: root.file, path: entry.jsonPath,
          expected: "named numbers that depend on others at most \(PresetLimits.depth) deep",
          found: "\(evaluating.prefix(3).joined(separator: " → ")) → … (\(evaluating.count) deep)")
      }
      evaluating.append(name)
      isEvaluating.insert(name)
      defer {
        evaluating.removeLast()
        isEvaluating.remove(name)
      }
      for dependency in references(in: entry.value) where entryCursors[dependency] != nil { try evaluate(dependency) }
      let number = try ExpressionParameters.$current.withValue(ExpressionParameters(values: result)) { try entry.number() }
      result[name] = .number(number)
    }
    for name in entryCursors.keys.sorted() { try evaluate(name) }
    return result
  }

  /// The names an expression reads with `$name`.
  private static func references(in value: JSONValue) -> [String] {
    guard case .string(let text) = value else { return [] }
    var names: [String] = []
    var characters = text.makeIterator()
    var current: String?
    while let character = characters.next() {
      if character == "$" {
        if let name = current, !name.isEmpty { names.append(name) }
        current = ""
      } else if current != nil, character.isASCII, character.isLetter || character.isNumber || character == "_" {
        current? += String(character)
      } else {
        if let name = current, !name.isEmpty { names.append(name) }
        current = nil
      }
    }
    if let name = current, !name.isEmpty { names.append(name) }
    return names
  }
}
