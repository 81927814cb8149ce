/// A value kept behind a reference and copied only when it is written while shared.
///
/// `LayerProperties` holds every kind's style; a layer is copied at each step of a frame (its
/// presentation, the display list, the caches' keys) while most styles are those of other
/// kinds, at their defaults. Kept behind a reference, such a style costs one retain per copy
/// instead of its bytes and each of its own references; a style that an animation sets is
/// copied once, when first set. The value semantics are unchanged.
@propertyWrapper
public struct CopyOnWrite<Value: Sendable & Hashable>: Sendable, Hashable {
  /// Written only while uniquely referenced, so sharing it between threads is safe.
  private final class Storage: @unchecked Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }
  }

  private var storage: Storage

  public init(wrappedValue: Value) {
    storage = Storage(wrappedValue)
  }

  public var wrappedValue: Value {
    get { storage.value }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  public static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.value)
  }
}
