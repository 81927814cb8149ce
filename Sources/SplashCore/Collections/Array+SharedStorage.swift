extension Array {
  /// The address of the elements, which tells this buffer from any other while the array is
  /// held; `nil` when empty (empty arrays share one).
  @inlinable public var storageAddress: UnsafeRawPointer? {
    isEmpty ? nil : withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
  }

  /// Whether the two arrays are one buffer (or both empty): equal without comparing their
  /// elements, and, while both are held, unwritten since one was copied from the other.
  @inlinable public func sharesStorage(with other: [Element]) -> Bool {
    guard count == other.count else { return false }
    guard !isEmpty else { return true }
    return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress } }
  }
}
