import Foundation

/// An arithmetic expression written in a string where a number goes, as iOS code computes its
/// geometry: `"(40 - 4) / 3"`, `"2 * pi"`, `"$size / 9"`, `"min($width, $height) / 2"`.
///
///     expression := term (("+" | "-") term)*
///     term       := factor (("*" | "/") factor)*
///     factor     := ("-" | "+") factor | primary
///     primary    := number | constant | "$" name | function "(" expression ("," expression)* ")"
///                 | "(" expression ")"
///     number     := decimal digits with an optional point and exponent: 40, 0.5, .5, 5., 1e-3
///     constant   := pi | π | .pi | Double.pi | CGFloat.pi | Float.pi | M_PI | M_PI_2 | M_PI_4
///     function   := min | max (one argument or more) | sin | cos | tan (radians) | sqrt | abs
///                 | floor | ceil | round (halves away from zero, as Swift's rounded())
///                 | CGFloat | Double | Float (Swift's conversions, which change nothing here)
///
/// `$name` is a number parameter of the preset (`ExpressionParameters`). The text is read by
/// hand and evaluated as it is read: there is nothing in it but this arithmetic, so nothing a
/// preset holds can run. Its length and nesting are limited, and every operation that would
/// not give a finite number (a division by zero, the square root of a negative number, an
/// overflow) is an error at the column of that operation.
struct NumberExpression {
  /// What is wrong with an expression, and where: a column (from 1) in its characters.
  struct Failure: Error {
    var column: Int
    var message: String
  }

  /// An evaluated expression.
  struct Value {
    var number: Double
    /// Whether the text names pi: an angle written so is in radians, as `2 * .pi` is in Swift.
    var mentionsPi: Bool
    /// The unit word after the expression (`"pi / 4 rad"`), when units are allowed.
    var unit: String?
  }

  /// Characters in one expression: a formula, not a program.
  static let maximumLength = 1000
  /// Parentheses, function calls and signs inside each other.
  static let maximumDepth = 32

  /// Pi as Swift and Objective-C code spell it (`M_PI_2` is π/2, `M_PI_4` π/4, from math.h).
  static let constants: [String: Double] = [
    "pi": .pi, "π": .pi, ".pi": .pi, "Double.pi": .pi, "CGFloat.pi": .pi, "Float.pi": .pi,
    "M_PI": .pi, "M_PI_2": .pi / 2, "M_PI_4": .pi / 4,
  ]
  static let unaryFunctions: [String: @Sendable (Double) -> Double] = [
    "sin": { sin($0) }, "cos": { cos($0) }, "tan": { tan($0) }, "sqrt": { $0.squareRoot() }, "abs": { Swift.abs($0) },
    "floor": { $0.rounded(.down) }, "ceil": { $0.rounded(.up) }, "round": { $0.rounded() },
  ]
  /// Swift's number conversions: `CGFloat(2 * Double.pi)` reads as the Swift does, and changes
  /// nothing, since every number here is a double.
  static let conversions: Set<String> = ["CGFloat", "Double", "Float"]
  static let listFunctions: [String: @Sendable ([Double]) -> Double] = [
    "min": { $0.min() ?? 0 }, "max": { $0.max() ?? 0 },
  ]

  private let characters: [Character]
  private let units: Set<String>
  private let parameters: ExpressionParameters?
  private var index = 0
  private var depth = 0
  private var mentionsPi = false

  private init(_ text: String, units: Set<String>, parameters: ExpressionParameters?) {
    characters = Array(text)
    self.units = units
    self.parameters = parameters
  }

  /// Evaluates `text`: one expression, then (when `units` is not empty) optionally one of
  /// those words, such as `"360 / 8 deg"`.
  ///
  /// - Parameter parameters: What `$name` reads; `nil` where parameters mean nothing (a
  ///   parameter's own value).
  static func evaluate(
    _ text: String, units: Set<String> = [], parameters: ExpressionParameters?
  ) throws(Failure) -> Value {
    guard text.utf8.count <= maximumLength || text.count <= maximumLength else {
      throw Failure(column: maximumLength + 1, message: "expected an expression of at most \(maximumLength) characters")
    }
    var parser = NumberExpression(text, units: units, parameters: parameters)
    parser.skipSpace()
    guard parser.index < parser.characters.count else {
      throw Failure(column: 1, message: "expected a number")
    }
    let number = try parser.expression()
    parser.skipSpace()
    var unit: String?
    if !units.isEmpty, let word = parser.peekName(), units.contains(word) {
      unit = word
      parser.index += word.count
      parser.skipSpace()
    }
    guard parser.index == parser.characters.count else {
      if unit != nil { throw parser.failure("expected the end after the unit") }
      let unitNames = units.isEmpty ? "" : ", a unit (\(units.sorted().joined(separator: ", ")))"
      throw parser.failure("expected an operator (+, -, *, /)\(unitNames) or the end")
    }
    return Value(number: number, mentionsPi: parser.mentionsPi, unit: unit)
  }

  // MARK: Grammar

  private mutating func expression() throws(Failure) -> Double {
    var value = try term()
    while true {
      skipSpace()
      guard let operation = peek(), operation == "+" || operation == "-" else { return value }
      let column = index + 1
      index += 1
      let right = try term()
      value = try finite(operation == "+" ? value + right : value - right, column: column, of: "'\(operation)'")
    }
  }

  private mutating func term() throws(Failure) -> Double {
    var value = try factor()
    while true {
      skipSpace()
      guard let operation = peek(), operation == "*" || operation == "/" else { return value }
      let column = index + 1
      index += 1
      let right = try factor()
      if operation == "/" {
        guard right != 0 else { throw Failure(column: column, message: "division by zero") }
        value = try finite(value / right, column: column, of: "'/'")
      } else {
        value = try finite(value * right, column: column, of: "'*'")
      }
    }
  }

  private mutating func factor() throws(Failure) -> Double {
    skipSpace()
    guard let sign = peek(), sign == "-" || sign == "+" else { return try primary() }
    try enter()
    defer { depth -= 1 }
    index += 1
    let value = try factor()
    return sign == "-" ? -value : value
  }

  private mutating func primary() throws(Failure) -> Double {
    skipSpace()
    guard let character = peek() else { throw failure("expected a number, pi, a $parameter, a function or '('") }
    if character == "(" {
      try enter()
      defer { depth -= 1 }
      index += 1
      let value = try expression()
      try expect(")")
      return value
    }
    if character.isASCIIDigit || (character == "." && peek(at: index + 1)?.isASCIIDigit == true) { return try number() }
    if character == "$" { return try parameter() }
    guard let name = peekName() else { throw failure("expected a number, pi, a $parameter, a function or '('") }
    let column = index + 1
    index += name.count
    if let constant = Self.constants[name] {
      mentionsPi = true
      return constant
    }
    if let function = Self.unaryFunctions[name] ?? (Self.conversions.contains(name) ? { $0 } : nil) {
      let arguments = try arguments(of: name)
      guard arguments.count == 1 else {
        throw Failure(column: column, message: "expected one argument for \(name), found \(arguments.count)")
      }
      if name == "sqrt", arguments[0] < 0 {
        throw Failure(column: column, message: "expected a number ≥ 0 for sqrt, found \(Self.shown(arguments[0]))")
      }
      return try finite(function(arguments[0]), column: column, of: name)
    }
    if let function = Self.listFunctions[name] { return function(try arguments(of: name)) }
    let functions = (Array(Self.listFunctions.keys) + Array(Self.unaryFunctions.keys)).sorted().joined(separator: ", ")
    throw Failure(column: column, message: "unknown name \"\(name)\"; expected pi, a $parameter or a function (\(functions))")
  }

  /// The arguments of a function call, after its name: `(a, b, …)`.
  private mutating func arguments(of name: String) throws(Failure) -> [Double] {
    skipSpace()
    guard peek() == "(" else { throw failure("expected '(' after \(name)") }
    try enter()
    defer { depth -= 1 }
    index += 1
    var arguments = [try expression()]
    skipSpace()
    while peek() == "," {
      index += 1
      arguments.append(try expression())
      skipSpace()
    }
    try expect(")")
    return arguments
  }

  private mutating func number() throws(Failure) -> Double {
    let start = index
    let integer = digits()
    var fraction = ""
    if peek() == "." {
      index += 1
      fraction = digits()
    }
    var exponent = ""
    if let letter = peek(), letter == "e" || letter == "E" {
      index += 1
      if let sign = peek(), sign == "+" || sign == "-" {
        exponent.append(sign)
        index += 1
      }
      let exponentDigits = digits()
      guard !exponentDigits.isEmpty else { throw failure("expected the digits of an exponent") }
      exponent = "e" + exponent + exponentDigits
    }
    // Swift's reader wants digits on both sides of the point; ".5" and "5." are numbers here.
    let text = (integer.isEmpty ? "0" : integer) + "." + (fraction.isEmpty ? "0" : fraction) + exponent
    guard let value = Double(text), value.isFinite else {
      throw Failure(column: start + 1, message: "expected a finite number, found \(String(characters[start..<index]))")
    }
    return value
  }

  /// The decimal digits that start here.
  private mutating func digits() -> String {
    let start = index
    while peek()?.isASCIIDigit == true { index += 1 }
    return String(characters[start..<index])
  }

  private mutating func parameter() throws(Failure) -> Double {
    let column = index + 1
    index += 1
    let start = index
    if let first = peek(), first.isASCIILetter {
      while let character = peek(), character.isASCIILetter || character.isASCIIDigit || character == "_" { index += 1 }
    }
    guard index > start else { throw failure("expected a parameter name after '$'") }
    let name = String(characters[start..<index])
    guard let parameters else {
      throw Failure(column: column, message: "expected no parameter here ($\(name)): a parameter's own value cannot use one")
    }
    do {
      return try parameters.number(named: name)
    } catch {
      throw Failure(column: column, message: error.message)
    }
  }

  // MARK: Characters

  private func peek() -> Character? { peek(at: index) }

  private func peek(at position: Int) -> Character? { position < characters.count ? characters[position] : nil }

  /// The name that starts here: letters, digits and `_`, parts joined by `.` (`CGFloat.pi`),
  /// or a leading `.` (`.pi`); `π` on its own.
  private func peekName() -> String? {
    var position = index
    if peek(at: position) == "π" { return "π" }
    func isNameStart(_ character: Character?) -> Bool { character?.isASCIILetter == true || character == "_" }
    if peek(at: position) == ".", isNameStart(peek(at: position + 1)) { position += 1 }
    guard isNameStart(peek(at: position)) else { return nil }
    while let character = peek(at: position) {
      if character.isASCIILetter || character.isASCIIDigit || character == "_" {
        position += 1
      } else if character == ".", isNameStart(peek(at: position + 1)) {
        position += 1
      } else {
        break
      }
    }
    return String(characters[index..<position])
  }

  private mutating func skipSpace() {
    while let character = peek(), character == " " || character == "\t" { index += 1 }
  }

  private mutating func expect(_ character: Character) throws(Failure) {
    skipSpace()
    guard peek() == character else { throw failure("expected '\(character)'") }
    index += 1
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("expected at most \(Self.maximumDepth) parentheses, function calls and signs inside each other")
    }
  }

  /// `value` when it is finite; else the failure of the operation at `column`.
  private func finite(_ value: Double, column: Int, of operation: String) throws(Failure) -> Double {
    guard value.isFinite else { throw Failure(column: column, message: "the result of \(operation) is not a finite number") }
    return value
  }

  /// A failure here: what was expected, and the character found (nothing at the end).
  private func failure(_ expected: String) -> Failure {
    guard let character = peek() else { return Failure(column: index + 1, message: expected) }
    return Failure(column: index + 1, message: "\(expected), found '\(character)'")
  }

  /// A number as a message shows it: whole numbers without a fraction.
  static func shown(_ number: Double) -> String {
    number == number.rounded() && Swift.abs(number) < 1e15 ? String(Int(number)) : String(number)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
  fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
