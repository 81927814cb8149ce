import Foundation

/// A JSON5 reader that says where the text goes wrong: line, column, what was expected there
/// and what was found.
///
/// JSON5 (https://spec.json5.org) is JSON with the ECMAScript 5 conveniences documents are
/// written with: comments, trailing commas, unquoted keys, single-quoted strings, escaped line
/// breaks in strings, hexadecimal numbers, leading or trailing decimal points, a leading `+`,
/// `Infinity` and `NaN`. Foundation's reader accepts the same language but reports most
/// mistakes as "The given data was not valid JSON." with no position, which is no help in a
/// file of a few hundred lines.
///
/// A key given twice in one object is a mistake reported at its second place (ECMAScript
/// would keep the last value silently, Foundation's reader the first: in a preset either
/// hides an edit). Nesting is limited (`maximumDepth`), so hostile input cannot exhaust the
/// stack.
public struct JSON5Parser {
  /// A syntax error: where it is and what was expected.
  public struct SyntaxError: Error, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    /// Where it is, in bytes from the start of the document.
    public var offset: Int
    /// The line with a caret under the column (`SourceExcerpt`), for a reader to print under
    /// the message.
    public var excerpt: [String] = []
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Arrays and objects inside each other: far beyond a preset's (the compiler allows 64
  /// levels of layers, so that its own message names the layer), small enough for the stack
  /// of any thread that loads presets (`JSON5ParserTests` parses this depth on a Dispatch
  /// worker thread of a debug build).
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private let duplicateKeys: DuplicateKeys
  /// Told of each repeated key when they are kept (`parseNotingRepeatedKeys`).
  private var noteRepeat: ((SyntaxError) -> Void)?
  private var offset = 0
  private var depth = 0

  /// What a key given twice in one object means.
  public enum DuplicateKeys: Sendable {
    /// A mistake, reported where the key is given again (hand-written documents: presets).
    case refused
    /// The last value counts, as JavaScript's `JSON.parse` reads it (exported documents, such
    /// as Lottie files, which players read that way).
    case lastWins
  }

  /// A document read once for a reader that learns only afterwards whether repeated keys are a
  /// mistake: the tree with the last value of each repeated key, and the first repetition.
  public struct Parsed: Sendable {
    /// The document, each repeated key holding its last value.
    public var value: JSONValue
    /// Where a key is first given again in its object, as `.refused` would have reported it;
    /// `nil` when every key is given once.
    public var firstRepeatedKey: SyntaxError?

    public init(value: JSONValue, firstRepeatedKey: SyntaxError? = nil) {
      self.value = value
      self.firstRepeatedKey = firstRepeatedKey
    }
  }

  /// Parses `bytes` (UTF-8) as one JSON5 value.
  public static func parse(_ bytes: [UInt8], duplicateKeys: DuplicateKeys = .refused) throws(SyntaxError) -> JSONValue {
    do {
      return try parseDocument(bytes, duplicateKeys: duplicateKeys)
    } catch {
      throw located(error, in: bytes)
    }
  }

  /// Parses `bytes` once, keeping the last value of a repeated key and noting the first
  /// repetition: one pass serves a reader that only learns from the tree whether repetitions
  /// are allowed (a Lottie file) or a mistake (a preset).
  ///
  /// A syntax error after a repetition reports the repetition, the first mistake in the text,
  /// as `.refused` would.
  public static func parseNotingRepeatedKeys(_ bytes: [UInt8]) throws(SyntaxError) -> Parsed {
    var repeated: SyntaxError?
    do {
      let value = try parseDocument(bytes, duplicateKeys: .lastWins) { repeated = repeated ?? $0 }
      return Parsed(value: value, firstRepeatedKey: repeated.map { located($0, in: bytes) })
    } catch {
      throw located(repeated ?? error, in: bytes)
    }
  }

  private static func located(_ error: SyntaxError, in bytes: [UInt8]) -> SyntaxError {
    var located = error
    located.excerpt = SourceExcerpt.lines(bytes, offset: error.offset, line: error.line)
    return located
  }

  private static func parseDocument(
    _ bytes: [UInt8], duplicateKeys: DuplicateKeys, noteRepeat: ((SyntaxError) -> Void)? = nil
  ) throws(SyntaxError) -> JSONValue {
    var parser = JSON5Parser(bytes: bytes, duplicateKeys: duplicateKeys)
    parser.noteRepeat = noteRepeat
    parser.skipSpace()
    if parser.offset == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.offset = 3
      parser.skipSpace()
    }
    let value = try parser.value()
    try parser.skipSpaceChecked()
    guard parser.offset == bytes.count else { throw parser.error("expected the end of the document after the value") }
    return value
  }

  private init(bytes: [UInt8], duplicateKeys: DuplicateKeys) {
    self.bytes = bytes
    self.duplicateKeys = duplicateKeys
  }

  // MARK: Values

  private mutating func value() throws(SyntaxError) -> JSONValue {
    guard let byte = peek() else { throw error("expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default: return .number(try number())
    }
  }

  private mutating func object() throws(SyntaxError) -> JSONValue {
    try enter()
    offset += 1
    var members: [String: JSONValue] = [:]
    while true {
      try skipSpaceChecked()
      if peek() == UInt8(ascii: "}") { break }
      let keyOffset = offset
      let key = try memberName()
      // Locating a mistake counts lines from the start, so only the first repetition is
      // located: a file that repeats a key in every object stays one pass.
      if members[key] != nil, duplicateKeys == .refused || noteRepeat != nil {
        let valueOffset = offset
        offset = keyOffset
        let repeated = error("expected each key once in an object; \"\(key)\" is given again here")
        if duplicateKeys == .refused { throw repeated }
        noteRepeat?(repeated)
        noteRepeat = nil
        offset = valueOffset
      }
      try skipSpaceChecked()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
      offset += 1
      try skipSpaceChecked()
      let valueStart = offset
      let member = try value()
      members[key] = member
      try skipSpaceChecked()
      if peek() == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      guard peek() == UInt8(ascii: "}") else {
        throw error("expected ',' or '}' after the value of \"\(key)\"", hint: hint(after: member, from: valueStart))
      }
      break
    }
    offset += 1
    depth -= 1
    return .object(members)
  }

  private mutating func array() throws(SyntaxError) -> JSONValue {
    try enter()
    offset += 1
    var elements: [JSONValue] = []
    while true {
      try skipSpaceChecked()
      if peek() == UInt8(ascii: "]") { break }
      let elementStart = offset
      let element = try value()
      elements.append(element)
      try skipSpaceChecked()
      if peek() == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      guard peek() == UInt8(ascii: "]") else {
        throw error("expected ',' or ']' after an element of the array", hint: hint(after: element, from: elementStart))
      }
      break
    }
    offset += 1
    depth -= 1
    return .array(elements)
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw error("expected at most \(Self.maximumDepth) arrays and objects inside each other") }
  }

  private mutating func literal(_ word: String) throws(SyntaxError) {
    let expected = Array(word.utf8)
    guard bytes[offset...].starts(with: expected), !isIdentifierPart(at: offset + expected.count) else {
      throw error("expected a value (a number, a string, true, false, null, an array or an object)", hint: hint(forValueAt: offset))
    }
    offset += expected.count
  }

  // MARK: Keys and strings

  /// A key: a string, or an identifier (letters, digits, `$`, `_` and `\uXXXX` escapes).
  private mutating func memberName() throws(SyntaxError) -> String {
    guard let byte = peek() else { throw error("expected a key or '}'") }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try string() }
    var name = ""
    while offset < bytes.count {
      if bytes[offset] == UInt8(ascii: "\\") {
        guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
          throw error("expected \\u and four hexadecimal digits in a key")
        }
        offset += 2
        guard let scalar = Unicode.Scalar(try hexadecimal(digits: 4)) else { throw error("expected a Unicode scalar in a key") }
        name.unicodeScalars.append(scalar)
        continue
      }
      guard let (scalar, length) = scalar(at: offset), isIdentifier(scalar, first: name.isEmpty) else { break }
      name.unicodeScalars.append(scalar)
      offset += length
    }
    guard !name.isEmpty else { throw error("expected a key (a name or a quoted string) or '}'") }
    return name
  }

  private mutating func string() throws(SyntaxError) -> String {
    let quote = bytes[offset]
    let start = offset
    offset += 1
    var text: [UInt8] = []
    while true {
      guard offset < bytes.count else {
        let (line, column) = lineAndColumn(of: start)
        throw SyntaxError(
          line: line, column: column, message: "expected the string that starts here to end with \(Character(Unicode.Scalar(quote)))",
          offset: start)
      }
      let byte = bytes[offset]
      if byte == quote {
        offset += 1
        break
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        throw error("expected \\n for a line break inside a string (or a \\ at the end of the line to continue it)")
      }
      if byte != UInt8(ascii: "\\") {
        text.append(byte)
        offset += 1
        continue
      }
      offset += 1
      guard offset < bytes.count else { continue }
      let escaped = bytes[offset]
      offset += 1
      switch escaped {
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "v"): text.append(0x0B)
      case UInt8(ascii: "0"):
        guard !(peek().map(isDigit) ?? false) else {
          offset -= 1
          throw error("expected no digit after \\0")
        }
        text.append(0)
      case UInt8(ascii: "1")...UInt8(ascii: "9"):
        offset -= 1
        throw error("expected an escape other than a digit (\\1 to \\9 mean nothing in JSON5)")
      case UInt8(ascii: "x"): text.append(contentsOf: String(Unicode.Scalar(UInt8(try hexadecimal(digits: 2)))).utf8)
      case UInt8(ascii: "u"):
        var value = try hexadecimal(digits: 4)
        // A surrogate pair written as two escapes is one character.
        if (0xD800...0xDBFF).contains(value), bytes[offset...].starts(with: Array("\\u".utf8)) {
          offset += 2
          let low = try hexadecimal(digits: 4)
          guard (0xDC00...0xDFFF).contains(low) else { throw error("expected the second half of a surrogate pair") }
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("expected a Unicode scalar, not a lone surrogate") }
        text.append(contentsOf: String(scalar).utf8)
      case UInt8(ascii: "\r"):
        // A line continuation: the escaped break is not part of the string.
        if peek() == UInt8(ascii: "\n") { offset += 1 }
      case UInt8(ascii: "\n"): break
      default:
        // Any other character escapes to itself (\' \" \\ \/ and the rest); U+2028 and
        // U+2029 after a backslash are line continuations too.
        let (scalar, length) = self.scalar(at: offset - 1) ?? ("\u{FFFD}", 1)
        offset += length - 1
        if scalar != "\u{2028}" && scalar != "\u{2029}" { text.append(contentsOf: String(scalar).utf8) }
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  private mutating func hexadecimal(digits: Int) throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard let byte = peek(), let digit = hexValue(byte) else { throw error("expected \(digits) hexadecimal digits") }
      value = value * 16 + UInt32(digit)
      offset += 1
    }
    return value
  }

  // MARK: Numbers

  private mutating func number() throws(SyntaxError) -> Double {
    let start = offset
    var sign = 1.0
    if let byte = peek(), byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
      sign = byte == UInt8(ascii: "-") ? -1 : 1
      offset += 1
    }
    // Byte comparisons only: a keyframe list may hold a million numbers.
    switch peek() {
    case UInt8(ascii: "I"):
      try word("Infinity")
      return sign * .infinity
    case UInt8(ascii: "N"):
      try word("NaN")
      return .nan
    case UInt8(ascii: "0") where offset + 1 < bytes.count && (bytes[offset + 1] | 0x20) == UInt8(ascii: "x"):
      offset += 2
      let digitsStart = offset
      var value = 0.0
      while let byte = peek(), let digit = hexValue(byte) {
        value = value * 16 + Double(digit)
        offset += 1
      }
      guard offset > digitsStart, !isIdentifierPart(at: offset) else { throw error("expected hexadecimal digits after 0x") }
      return sign * value
    default: break
    }
    let digitsStart = offset
    var integerDigits = 0
    while let byte = peek(), isDigit(byte) {
      integerDigits += 1
      offset += 1
    }
    if integerDigits > 1, bytes[digitsStart] == UInt8(ascii: "0") {
      offset = digitsStart
      throw error("expected a number without leading zeros (0x for hexadecimal)")
    }
    var fractionDigits = 0
    var pointIndex: Int?
    if peek() == UInt8(ascii: ".") {
      pointIndex = offset
      offset += 1
      while let byte = peek(), isDigit(byte) {
        fractionDigits += 1
        offset += 1
      }
    }
    guard integerDigits + fractionDigits > 0 else {
      offset = start
      throw error("expected a value (a number, a string, true, false, null, an array or an object)", hint: hint(forValueAt: start))
    }
    let mantissaEnd = offset
    if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
      let exponentStart = offset
      while let byte = peek(), isDigit(byte) { offset += 1 }
      guard offset > exponentStart else { throw error("expected the digits of an exponent") }
    }
    guard !isIdentifierPart(at: offset) else {
      throw error("expected ',' or a closing bracket after the number", hint: hint(forValueAt: start))
    }
    // JSON5 allows a point with no digits before (".5") or after ("5.", "5.e3"); Swift's
    // reader wants digits on both sides, so the text is written out that way.
    var text = ""
    text.reserveCapacity(offset - digitsStart + 2)
    if integerDigits == 0 { text += "0" }
    text += String(decoding: bytes[digitsStart..<mantissaEnd], as: UTF8.self)
    if pointIndex != nil && fractionDigits == 0 { text += "0" }
    text += String(decoding: bytes[mantissaEnd..<offset], as: UTF8.self)
    guard let magnitude = Double(text) else { throw error("expected a number") }
    return sign * magnitude
  }

  /// Reads the word `Infinity` or `NaN`, not followed by more of an identifier.
  private mutating func word(_ word: StaticString) throws(SyntaxError) {
    let length = word.utf8CodeUnitCount
    let matches =
      offset + length <= bytes.count
      && word.withUTF8Buffer { expected in (0..<length).allSatisfy { bytes[offset + $0] == expected[$0] } }
    guard matches, !isIdentifierPart(at: offset + length) else {
      throw error("expected a value (a number, a string, true, false, null, an array or an object)", hint: hint(forValueAt: offset))
    }
    offset += length
  }

  // MARK: Hints

  /// A hint for what follows a value where ',' or a bracket should: after a number, an
  /// operator (`width: 40/9`, `x: 2 * pi`) or a word (`2 pi`) is arithmetic or a unit, which
  /// JSON5 does not have but a string holding it does.
  private func hint(after value: JSONValue, from start: Int) -> String? {
    guard case .number = value, let next = peek() else { return nil }
    let isOperator = [UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "(")].contains(next)
    guard isOperator || isIdentifierPart(at: offset) else { return nil }
    return hint(forValueAt: start) ?? (isOperator ? "write arithmetic as a string, e.g. \"40 / 9\"" : nil)
  }

  /// A hint for an unquoted value JSON5 cannot read, shown with its own text (up to the next
  /// ',', bracket or line end): arithmetic (`(40 - 4) / 3`) and words (`HUGE`, `.infinity`,
  /// `90deg`) are written as strings. Nothing for a misspelt `true`, `false` or `null`.
  private func hint(forValueAt start: Int) -> String? {
    var end = start
    var parentheses = 0
    scan: while end < bytes.count, end - start <= 60 {
      switch bytes[end] {
      case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x0A, 0x0D:
        if parentheses == 0 || bytes[end] == 0x0A || bytes[end] == 0x0D { break scan }
      case UInt8(ascii: "/") where end + 1 < bytes.count && [UInt8(ascii: "/"), UInt8(ascii: "*")].contains(bytes[end + 1]):
        break scan
      case UInt8(ascii: "("): parentheses += 1
      case UInt8(ascii: ")"): parentheses -= 1
      default: break
      }
      end += 1
    }
    let text = String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    let isExpressionText =
      !text.isEmpty && end - start <= 60
      && text.unicodeScalars.allSatisfy { scalar in
        scalar == "π"
          || (scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " \t.+-*/(),$_".unicodeScalars.contains(scalar)))
      }
    guard isExpressionText else { return nil }
    let literals = ["true", "false", "null", "Infinity", "NaN"]
    if literals.contains(where: { $0.hasPrefix(text) }) { return nil }
    if let literal = literals.first(where: { $0.lowercased() == text.lowercased() }) { return "write \(literal)" }
    if text.dropFirst().contains(where: { "+-*/()".contains($0) }) || text.hasPrefix("(") {
      return "write arithmetic as a string, e.g. \"\(text)\""
    }
    guard text.contains(where: { $0.isLetter }) else { return nil }
    return "write it as a string: \"\(text)\""
  }

  // MARK: Space and comments

  /// Skips white space and comments; an unterminated block comment is an error.
  private mutating func skipSpaceChecked() throws(SyntaxError) {
    if let unterminated = skipSpace() {
      let (line, column) = lineAndColumn(of: unterminated)
      throw SyntaxError(line: line, column: column, message: "expected the comment that starts here to end with */", offset: unterminated)
    }
  }

  /// Skips white space and comments; returns where an unterminated block comment starts.
  @discardableResult
  private mutating func skipSpace() -> Int? {
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
        offset += 1
      case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/"):
        while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
      case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*"):
        let start = offset
        offset += 2
        while offset + 1 < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/")) { offset += 1 }
        guard offset + 1 < bytes.count else {
          offset = bytes.count
          return start
        }
        offset += 2
      case 0x80...:
        // Non-ASCII white space: no-break space, the byte order mark, line and paragraph
        // separators, and the other space separators (Zs).
        guard let (scalar, length) = scalar(at: offset),
          scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar.properties.generalCategory == .spaceSeparator
        else { return nil }
        offset += length
      default:
        return nil
      }
    }
    return nil
  }

  // MARK: Characters

  private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The Unicode scalar that starts at `index`, with its length in bytes.
  private func scalar(at index: Int) -> (Unicode.Scalar, Int)? {
    guard index < bytes.count else { return nil }
    var iterator = bytes[index...].makeIterator()
    var decoder = Unicode.UTF8.ForwardParser()
    guard case .valid(let encoded) = decoder.parseScalar(from: &iterator) else { return nil }
    return (Unicode.UTF8.decode(encoded), encoded.count)
  }

  /// Whether `scalar` may stand in an ECMAScript identifier (first: may start one).
  private func isIdentifier(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
    if scalar == "$" || scalar == "_" { return true }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    if first { return false }
    switch properties.generalCategory {
    case .decimalNumber, .nonspacingMark, .spacingMark, .connectorPunctuation: return true
    default: return scalar == "\u{200C}" || scalar == "\u{200D}"
    }
  }

  private func isIdentifierPart(at index: Int) -> Bool {
    guard index < bytes.count else { return false }
    let byte = bytes[index]
    if byte < 0x80 {
      return isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "$")
        || byte == UInt8(ascii: "_")
    }
    guard let (scalar, _) = scalar(at: index) else { return false }
    return isIdentifier(scalar, first: false)
  }

  // MARK: Positions

  /// The error at the current offset: `message`, what was found there, then `hint` if any.
  private func error(_ message: String, hint: String? = nil) -> SyntaxError {
    let (line, column) = lineAndColumn(of: offset)
    let found: String
    if let (scalar, _) = scalar(at: offset) {
      // A control or an invisible character is named by its code, not printed.
      let isUnseen = [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
      found = isUnseen ? String(format: "U+%04X", scalar.value) : "'\(scalar)'"
    } else {
      found = offset >= bytes.count ? "the end of the file" : String(format: "the byte 0x%02X", bytes[offset])
    }
    return SyntaxError(line: line, column: column, message: "\(message), found \(found)" + (hint.map { "; " + $0 } ?? ""), offset: offset)
  }

  /// The 1-based line and column (in characters) of byte `index`.
  private func lineAndColumn(of index: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var position = 0
    while position < min(index, bytes.count) {
      let byte = bytes[position]
      if byte == 0x0A || (byte == 0x0D && (position + 1 >= bytes.count || bytes[position + 1] != 0x0A)) {
        line += 1
        lineStart = position + 1
      }
      position += 1
    }
    let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
    return (line, column)
  }
}
