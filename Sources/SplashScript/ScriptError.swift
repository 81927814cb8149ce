/// Why a script did not give a value.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, for a caller that treats limits apart from mistakes in the script.
  public enum Kind: Sendable {
    /// The source does not compile.
    case syntax
    /// The script threw, called what is not a function, or returned what cannot be converted.
    case runtime
    /// The run or call took longer than `ScriptLimits.secondsPerCall`.
    case timeLimit
    /// The heap would have grown past `ScriptLimits.memoryBytes`, or a value was too large to
    /// convert.
    case memoryLimit
  }

  public var kind: Kind
  /// One line, without a stack: Duktape's own text for what the script did
  /// (`ReferenceError: identifier 'foo' undefined`), or what limit it hit.
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message, which names the error's kind itself.
  public var description: String { message }
}
