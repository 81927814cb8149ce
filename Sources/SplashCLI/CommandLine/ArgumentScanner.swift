import SplashOutput

/// Splits command-line arguments into options with values, flags and positional words.
///
/// Accepts `--name value`, `--name=value` and the short forms a command declares (`-o value`).
/// Anything starting with `-` that the command did not declare is a usage error, as is an option
/// given twice or missing its value, so typos never pass silently.
struct ArgumentScanner {
  /// Option names that take a value, long form without dashes, mapped from any short form.
  let valueOptions: Set<String>
  let flags: Set<String>
  let shortNames: [Character: String]
  /// Options that may be given more than once (`--param a=1 --param b=2`).
  var repeatable: Set<String> = []

  struct Result {
    var values: [String: String] = [:]
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    var positional: [String] = []
  }

  func scan(_ arguments: [String]) throws -> Result {
    var result = Result()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.positional.append(contentsOf: arguments[index...])
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        result.positional.append(argument)
        continue
      }
      var name: String
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          name = String(body[..<equals])
          inlineValue = String(body[body.index(after: equals)...])
        } else {
          name = String(body)
        }
      } else {
        guard argument.count == 2, let short = argument.last, let long = shortNames[short] else {
          throw UsageError("unknown option '\(argument)'")
        }
        name = long
      }
      if flags.contains(name) {
        guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
        result.flags.insert(name)
        continue
      }
      guard valueOptions.contains(name) || repeatable.contains(name) else {
        throw UsageError("unknown option '\(argument)'")
      }
      guard result.values[name] == nil else { throw UsageError("option '--\(name)' given twice") }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
        value = arguments[index]
        index += 1
      }
      if repeatable.contains(name) {
        result.repeated[name, default: []].append(value)
      } else {
        result.values[name] = value
      }
    }
    return result
  }
}
