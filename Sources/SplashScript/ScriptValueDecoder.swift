import CDuktape

/// Reads values in the byte encoding CDuktape writes (Sources/CDuktape/include/CDuktape.h).
/// The C side checked every bound (depth, elements, text), so the bytes are trusted.
struct ScriptValueDecoder {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  mutating func value() -> ScriptValue {
    let tag = Int(bytes[offset])
    offset += 1
    switch tag {
    case SPLASH_DUKTAPE_TAG_UNDEFINED:
      return .undefined
    case SPLASH_DUKTAPE_TAG_NULL:
      return .null
    case SPLASH_DUKTAPE_TAG_FALSE:
      return .bool(false)
    case SPLASH_DUKTAPE_TAG_TRUE:
      return .bool(true)
    case SPLASH_DUKTAPE_TAG_NUMBER:
      let number = bytes.loadUnaligned(fromByteOffset: offset, as: Double.self)
      offset += MemoryLayout<Double>.size
      return .number(number)
    case SPLASH_DUKTAPE_TAG_STRING:
      return .string(text())
    case SPLASH_DUKTAPE_TAG_ARRAY:
      let count = self.count()
      var elements: [ScriptValue] = []
      elements.reserveCapacity(count)
      for _ in 0..<count {
        elements.append(value())
      }
      return .array(elements)
    case SPLASH_DUKTAPE_TAG_OBJECT:
      let count = self.count()
      var entries: [String: ScriptValue] = [:]
      entries.reserveCapacity(count)
      for _ in 0..<count {
        let key = text()
        entries[key] = value()
      }
      return .object(entries)
    default:
      preconditionFailure("CDuktape wrote an unknown value tag \(tag)")
    }
  }

  private mutating func count() -> Int {
    let count = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    offset += MemoryLayout<UInt32>.size
    return Int(count)
  }

  private mutating func text() -> String {
    let length = count()
    let start = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self)
    offset += length
    return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
  }
}
