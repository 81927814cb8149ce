import CDuktape

/// Writes values in the byte encoding CDuktape reads (Sources/CDuktape/include/CDuktape.h):
/// values cross as bytes because Duktape's value stack may only be touched from C.
struct ScriptValueEncoder {
  var bytes: [UInt8]

  /// Starts over in `bytes`, keeping its capacity.
  init(reusing bytes: [UInt8]) {
    self.bytes = bytes
    self.bytes.removeAll(keepingCapacity: true)
  }

  mutating func append(_ value: ScriptValue) throws(ScriptError) {
    try append(value, depth: 0)
  }

  private mutating func append(_ value: ScriptValue, depth: Int) throws(ScriptError) {
    switch value {
    case .undefined:
      bytes.append(UInt8(SPLASH_DUKTAPE_TAG_UNDEFINED))
    case .null:
      bytes.append(UInt8(SPLASH_DUKTAPE_TAG_NULL))
    case .bool(let truth):
      bytes.append(UInt8(truth ? SPLASH_DUKTAPE_TAG_TRUE : SPLASH_DUKTAPE_TAG_FALSE))
    case .number(let number):
      bytes.append(UInt8(SPLASH_DUKTAPE_TAG_NUMBER))
      withUnsafeBytes(of: number) { bytes.append(contentsOf: $0) }
    case .string(let string):
      bytes.append(UInt8(SPLASH_DUKTAPE_TAG_STRING))
      try appendText(string)
    case .array(let elements):
      try checkDepth(depth)
      bytes.append(UInt8(SPLASH_DUKTAPE_TAG_ARRAY))
      try appendCount(elements.count)
      for element in elements {
        try append(element, depth: depth + 1)
      }
    case .object(let entries):
      try checkDepth(depth)
      bytes.append(UInt8(SPLASH_DUKTAPE_TAG_OBJECT))
      try appendCount(entries.count)
      for (key, element) in entries {
        try appendText(key)
        try append(element, depth: depth + 1)
      }
    }
  }

  /// The same bound as for values leaving the script, which also keeps the C reader's
  /// recursion short.
  private func checkDepth(_ depth: Int) throws(ScriptError) {
    guard depth < Int(SPLASH_DUKTAPE_MAXIMUM_DEPTH) else {
      throw ScriptError(
        kind: .runtime, message: "cannot convert a value nested deeper than \(SPLASH_DUKTAPE_MAXIMUM_DEPTH) levels to JavaScript")
    }
  }

  private mutating func appendCount(_ count: Int) throws(ScriptError) {
    guard let count = UInt32(exactly: count) else {
      throw ScriptError(kind: .memoryLimit, message: "cannot convert a value of \(count) elements or bytes to JavaScript")
    }
    withUnsafeBytes(of: count) { bytes.append(contentsOf: $0) }
  }

  private mutating func appendText(_ text: String) throws(ScriptError) {
    let utf8 = text.utf8
    try appendCount(utf8.count)
    bytes.append(contentsOf: utf8)
  }
}
