/// A value crossing between JavaScript and Swift.
///
/// What leaves a script is converted by value: arrays and plain objects (those inheriting from
/// `Object.prototype` or from nothing) are copied element by element, at most 64 levels deep and
/// 1,000,000 elements in all; a value nested deeper, or that contains itself, is refused with a
/// `.runtime` error, and one with more elements (or more text than the heap's limit) with a
/// `.memoryLimit` error. What has no counterpart here — a function, a symbol, a `Date`, a
/// `RegExp`, an `Error`, a typed array, an instance of a class — is `.undefined`, as
/// JSON.stringify leaves functions out: a program's completion value is often a function it
/// assigned (`Math.random = function () {...}`), which must not fail the program. Numbers pass
/// through as they are, NaN and infinities included.
public enum ScriptValue: Equatable, Sendable {
  case undefined
  case null
  case bool(Bool)
  case number(Double)
  /// Text; a lone UTF-16 surrogate from the script becomes U+FFFD.
  case string(String)
  case array([ScriptValue])
  /// A plain object's own enumerable string-keyed properties (their order is not kept).
  case object([String: ScriptValue])
}
