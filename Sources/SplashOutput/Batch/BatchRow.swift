import SplashDocument

/// One row of a manifest as it was read: its columns' values and its params as names and
/// values, kept apart from reading to the clip, so a value may hold any character (`;` and `=`
/// in a text) without being joined into text and split again.
struct BatchRow {
  /// Where the row is: `manifest.csv:4`, or the preset file of a batch without a manifest.
  var origin: String
  /// Every column but `params`, by name, as text (a JSON number as its digits).
  var columns: [String: String] = [:]
  /// The params in the order given; a later one of the same name wins.
  var parameters: [(name: String, value: String)] = []
  /// Why the row could not be read, reported as the row's error.
  var problem: String?

  /// The row of a CSV manifest: `fields` under the header's `names`.
  init(origin: String, names: [String], fields: [String]) {
    self.origin = origin
    for (name, value) in zip(names, fields) {
      if name == "params" {
        do {
          parameters = try Self.assignments(in: value)
        } catch {
          problem = problem ?? error.message
        }
      } else {
        columns[name] = value
      }
    }
  }

  /// A row of the given columns alone (a batch without a manifest names only its preset).
  init(origin: String, columns: [String: String]) {
    self.origin = origin
    self.columns = columns
  }

  /// The row of a JSON Lines manifest: one object whose values are text or numbers, and whose
  /// `params` is an object of names and values (or text, written as in CSV).
  init(origin: String, json: JSONValue) {
    self.origin = origin
    guard case .object(let object) = json else {
      problem = "not a JSON object"
      return
    }
    for key in object.keys.sorted() {
      let value = object[key]!
      if key == "params" {
        readParameters(value)
      } else if case .null = value {
        // As an empty CSV field: the column is not given.
      } else if let text = Self.text(value) {
        columns[key] = text
      } else {
        problem = problem ?? "\(key): expected text or a number, found \(value.summary)"
      }
    }
  }

  private mutating func readParameters(_ value: JSONValue) {
    switch value {
    case .null:
      break
    case .string(let text):
      do {
        parameters = try Self.assignments(in: text)
      } catch {
        problem = problem ?? error.message
      }
    case .object(let object):
      for name in object.keys.sorted() {
        guard let text = Self.text(object[name]!) else {
          problem = problem ?? "params.\(name): expected text or a number, found \(object[name]!.summary)"
          return
        }
        parameters.append((name, text))
      }
    default:
      problem = problem ?? "params: expected an object of names and values, found \(value.summary)"
    }
  }

  /// A JSON value that a column may hold, as text: a string as it is, a number as written
  /// shortest (`60`, `30.5`); `nil` for anything else.
  private static func text(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): text
    case .number: value.summary
    default: nil
    }
  }

  /// The params of a CSV column: `name=value;name=value`, where `\;`, `\=` and `\\` stand for
  /// a `;`, a `=` and a backslash inside a name or a value. A value runs from the first `=`
  /// that is not escaped, so `a=x=y` gives `a` the value `x=y`; an empty assignment (`a=1;;`)
  /// is passed over.
  ///
  /// - Throws: `UsageError` naming the assignment: one without a name and a `=`, or a
  ///   backslash before another character (`\q`), which would otherwise mean two things.
  static func assignments(in text: String) throws(UsageError) -> [(name: String, value: String)] {
    var parameters: [(name: String, value: String)] = []
    var name = ""
    var value = ""
    var hasEquals = false
    var raw = ""
    var characters = text[...]
    func finish() throws(UsageError) {
      defer { (name, value, hasEquals, raw) = ("", "", false, "") }
      guard !raw.isEmpty else { return }
      guard hasEquals, !name.isEmpty else { throw UsageError("params \(raw): expected NAME=VALUE") }
      parameters.append((name, value))
    }
    while let character = characters.popFirst() {
      switch character {
      case "\\":
        guard let escaped = characters.first, ["\\", ";", "="].contains(escaped) else {
          let found = characters.first.map { "\\\($0)" } ?? "the end of the params"
          let assignment = raw + "\\" + characters.prefix { $0 != ";" }
          throw UsageError("params \(assignment): expected \\\\, \\; or \\= after a backslash, found \(found)")
        }
        characters.removeFirst()
        raw += "\\" + String(escaped)
        if hasEquals { value.append(escaped) } else { name.append(escaped) }
      case ";":
        try finish()
      case "=" where !hasEquals:
        raw.append(character)
        hasEquals = true
      default:
        raw.append(character)
        if hasEquals { value.append(character) } else { name.append(character) }
      }
    }
    try finish()
    return parameters
  }
}
