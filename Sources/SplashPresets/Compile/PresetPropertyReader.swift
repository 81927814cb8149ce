import SplashModel

/// How a preset key's value is read into a layer's properties: for a registry property, the
/// preset's reading of its value (with the ranges and messages presets use) handed to the
/// property's typed setter, so the reading must produce the property's own value type.
struct PresetPropertyReader {
  /// What a reader may need beyond the value: the layer object's other members (`frame`
  /// refuses `position` and `bounds` beside it) and the compiler's image rules (`contents`).
  struct Context {
    let members: [String: JSONCursor]
    let imagePath: (JSONCursor) throws -> String
  }

  /// The preset key.
  let key: String
  let read: (JSONCursor, inout LayerProperties, Context) throws -> Void

  /// Reads `property`'s value with `value` and stores it through the property's setter.
  init<Value>(_ property: LayerProperty<Value>, _ value: @escaping (JSONCursor) throws -> Value) {
    key = property.name
    read = { cursor, properties, _ in property.set(try value(cursor), in: &properties) }
  }

  /// Reads `property`'s value as an animation of it reads its values (`JSONCursor.animatableValue(for:)`):
  /// how a property with no rule of its own is read, so a new registry property is a preset
  /// key with no code here.
  init(readingByKind property: AnyLayerProperty) {
    key = property.name
    read = { cursor, properties, _ in
      property.setAnimatableValue(try cursor.animatableValue(for: property.keyPath), in: &properties)
    }
  }

  /// Reads a fixed property's value as its kind says: a flag, a number, a text, or one of
  /// its names. How a fixed property with no rule of its own is read.
  init(readingByKind property: AnyFixedLayerProperty) {
    key = property.name
    read = { cursor, properties, _ in
      let value: FixedLayerValue =
        if let choices = property.choices {
          .text(try cursor.choice(among: choices))
        } else {
          switch property.valueKind {
          case .flag: .flag(try cursor.bool())
          case .number: .number(try cursor.number())
          case .text: .text(try cursor.string())
          }
        }
      property.setFixedValue(value, in: &properties)
    }
  }

  /// Reads a fixed property's value with `value` and stores it through the property's setter.
  init<Value>(_ property: FixedLayerProperty<Value>, _ value: @escaping (JSONCursor) throws -> Value) {
    key = property.name
    read = { cursor, properties, _ in property.set(try value(cursor), in: &properties) }
  }

  /// Reads a key that is not a layer property (`frame`), or needs more than its value, as
  /// `read` says.
  init(_ key: String, _ read: @escaping (JSONCursor, inout LayerProperties, Context) throws -> Void) {
    self.key = key
    self.read = read
  }

  /// Reads a key that needs nothing but its value.
  init(_ key: String, _ read: @escaping (JSONCursor, inout LayerProperties) throws -> Void) {
    self.init(key) { value, properties, _ in try read(value, &properties) }
  }
}
