/// A value kept behind a reference and copied only when it is written while shared.
///
/// `LayerProperties` holds every kind's style; a layer is copied at each step of a frame (its
/// presentation, the display list, the caches' keys) while most styles are those of other
/// kinds, at their defaults. Kept behind a reference, such a style costs one retain per copy
/// instead of its bytes and each of its own references; a style that an animation sets is
/// copied once, when first set. The value semantics are unchanged. Model layers and display
/// nodes keep all their values in one this way (`Layer`, `DisplayNode`).
@propertyWrapper
// Unchecked: the storage is a `ManagedBuffer`, which the standard library marks as never
// `Sendable`. It holds a `Sendable` value and is written only while uniquely referenced.
public struct CopyOnWrite<Value: Sendable>: @unchecked Sendable {
  /// Written only while uniquely referenced, so sharing it between threads is safe.
  ///
  /// The value is the buffer's header, reached through its address: no access to a stored
  /// property is made, so none is checked or recorded at run time. Recording a read (`_read`
  /// of a stored property yields a borrow) had the runtime look up every access in a
  /// thread-local set, 3 % of a busy Lottie frame's instructions (issue_1949). And with the
  /// address at hand, two values are compared where they lie (`==`): compared as stored
  /// properties, both were first copied out, 736 bytes and a retain of each reference a
  /// layer's properties hold. The value is written only through `_modify` on a storage this
  /// wrapper alone references, so a write never overlaps another access to the same storage.
  @usableFromInline final class Storage: ManagedBuffer<Value, Void> {
    @inlinable static func make(_ value: Value) -> Storage {
      unsafeDowncast(create(minimumCapacity: 0) { _ in value }, to: Storage.self)
    }

    /// Where the value lies, for as long as the storage lives.
    @inlinable var address: UnsafeMutablePointer<Value> { withUnsafeMutablePointerToHeader { $0 } }
  }

  @usableFromInline var storage: Storage

  @inlinable public init(wrappedValue: Value) {
    storage = .make(wrappedValue)
  }

  // Read in place and written in place when unshared: reading one field of a large value
  // (a layer's opacity) copies nothing. Inlinable, so other modules read through the
  // reference directly.
  @inlinable public var wrappedValue: Value {
    _read { yield storage.address.pointee }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = .make(storage.address.pointee) }
      yield &storage.address.pointee
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
  /// Whether both hold equal values: at once when they share the storage, then when their
  /// bytes are the same, and only then field by field.
  ///
  /// A frame's sharing pass compares each animated layer's properties with the last frame's
  /// (`PresentationTree.share(with:)`), and most of them are equal byte for byte: nothing
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
    hasher.combine(storage.address.pointee)
  }
}
