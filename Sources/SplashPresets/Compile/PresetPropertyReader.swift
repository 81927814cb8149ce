import SplashModel

/// How a preset key's value is read into a layer's properties: for a registry property, the
/// preset's reading of its value (with the ranges and messages presets use) handed to the
/// property's typed setter, so the reading must produce the property's own value type.
struct PresetPropertyReader {
  /// The preset key.
  let key: String
  let read: (JSONCursor, inout LayerProperties) throws -> Void

  /// Reads `property`'s value with `value` and stores it through the property's setter.
  init<Value>(_ property: LayerProperty<Value>, _ value: @escaping (JSONCursor) throws -> Value) {
    key = property.name
    read = { cursor, properties in property.set(try value(cursor), in: &properties) }
  }

  /// Reads a key that is not an animatable property (`masksToBounds`, `frame`) as `read` says.
  init(_ key: String, _ read: @escaping (JSONCursor, inout LayerProperties) throws -> Void) {
    self.key = key
    self.read = read
  }
}
