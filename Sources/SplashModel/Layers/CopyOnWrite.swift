/// A value kept behind a reference and copied only when it is written while shared.
///
/// `LayerProperties` holds every kind's style; a layer is copied at each step of a frame (its
/// presentation, the display list, the caches' keys) while most styles are those of other
/// kinds, at their defaults. Kept behind a reference, such a style costs one retain per copy
/// instead of its bytes and each of its own references; a style that an animation sets is
/// copied once, when first set. The value semantics are unchanged. Model layers and display
/// nodes keep all their values in one this way (`Layer`, `DisplayNode`).
@propertyWrapper
public struct CopyOnWrite<Value: Sendable>: Sendable {
  /// Written only while uniquely referenced, so sharing it between threads is safe.
  @usableFromInline final class Storage: @unchecked Sendable {
    // Not checked for overlapping accesses at run time: a read (`_read` yields a borrow) made
    // the runtime record and look up every access in a thread-local set, 3 % of a busy Lottie
    // frame's instructions (issue_1949). The value is written only through `_modify` on a
    // storage this wrapper alone references, so a write never overlaps another access to the
    // same storage, and the wrapper itself, a struct, is still checked by the compiler.
    @exclusivity(unchecked) @usableFromInline var value: Value

    @inlinable init(_ value: Value) { self.value = value }
  }

  @usableFromInline var storage: Storage

  @inlinable public init(wrappedValue: Value) {
    storage = Storage(wrappedValue)
  }

  // Read in place and written in place when unshared: reading one field of a large value
  // (a layer's opacity) copies nothing. Inlinable, so other modules read through the
  // reference directly.
  @inlinable public var wrappedValue: Value {
    _read { yield storage.value }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  /// The wrapper itself (`$name`), to ask whether two values share their storage.
  @inlinable public var projectedValue: CopyOnWrite {
    get { self }
    set { self = newValue }
  }

  /// Whether both hold the very same value, without comparing it: true for a value copied
  /// from another and not written since (a layer no animation touches).
  @inlinable public func isIdentical(to other: CopyOnWrite) -> Bool { storage === other.storage }

}

extension CopyOnWrite: Equatable where Value: Equatable {
  @inlinable public static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
  }
}

extension CopyOnWrite: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.value)
  }
}
