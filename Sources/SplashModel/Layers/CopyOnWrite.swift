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

    @inlinable init(_ value: consuming Value) {
      // `address` finds the value at the first stored property's place, past the object's
      // header, which holds for an alignment up to the header's 16 bytes.
      assert(MemoryLayout<Value>.alignment <= 16)
      self.value = value
    }

    /// Where the value lies, for as long as the storage lives: the object's first stored
    /// property, found without an access to it. Compared as stored properties, two values were
    /// first copied out (736 bytes and a retain of each reference a layer's properties hold);
    /// taken by `withUnsafeMutablePointer(to: &value)`, the address was a modifying access,
    /// which ThreadSanitizer rightly reports when two workers compare one shared model layer.
    @inlinable var address: UnsafePointer<Value> {
      UnsafePointer(_getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Value.self))
    }
  }

  @usableFromInline var storage: Storage

  @inlinable public init(wrappedValue: consuming Value) {
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

  /// Calls `body` with the address of the value where it is kept, for as long as the call
  /// lasts: a function that reads a few fields of a large value through it copies nothing,
  /// where one called on the value read through `wrappedValue` is handed a copy of all of it.
  @inlinable public func withAddress<Result>(_ body: (UnsafePointer<Value>) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(storage) { try body(storage.address) }
  }

  /// Whether both hold the very same value, without comparing it: true for a value copied
  /// from another and not written since (a layer no animation touches).
  @inlinable public func isIdentical(to other: CopyOnWrite) -> Bool { storage === other.storage }

}

extension CopyOnWrite: Equatable where Value: Equatable {
  /// Whether both hold equal values: at once when they share the storage, then when their
  /// bytes are the same, and only then field by field.
  ///
  /// Presenting a frame compares each animated layer's properties with the last frame's (see
  /// `PresentationTree+Sharing.swift`), and most of them are equal byte for byte: nothing
  /// moved, and every reference held is the very same. Values with the same bytes are equal
  /// (a value whose `==` is not reflexive, a NaN, counts as equal to its own bytes here, which
  /// is what sharing asks); values with different bytes (padding, or equal references that
  /// are distinct objects) are compared by `==`.
  @inlinable public static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
    if lhs.storage === rhs.storage { return true }
    let left = lhs.storage.address
    let right = rhs.storage.address
    return Self.sameBytes(left, right) || left.pointee == right.pointee
  }
}

extension CopyOnWrite {
  /// Whether the values at `left` and `right` have the same bytes, eight at a time.
  @inlinable static func sameBytes(_ left: UnsafePointer<Value>, _ right: UnsafePointer<Value>) -> Bool {
    let size = MemoryLayout<Value>.size
    let leftBytes = UnsafeRawPointer(left)
    let rightBytes = UnsafeRawPointer(right)
    var offset = 0
    while offset + 8 <= size {
      if leftBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != rightBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < size {
      if leftBytes.load(fromByteOffset: offset, as: UInt8.self) != rightBytes.load(fromByteOffset: offset, as: UInt8.self) {
        return false
      }
      offset += 1
    }
    return true
  }
}

extension CopyOnWrite: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.value)
  }
}
