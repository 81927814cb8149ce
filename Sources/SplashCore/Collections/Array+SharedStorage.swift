extension Array {
  /// Whether the two arrays are one buffer (or both empty): equal without comparing their
  /// elements, and, while both are held, unwritten since one was copied from the other.
  @inlinable public func sharesStorage(with other: [Element]) -> Bool {
    guard count == other.count else { return false }
    guard !isEmpty else { return true }
    return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress } }
  }
}
