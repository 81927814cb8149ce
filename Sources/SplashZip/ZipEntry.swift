/// One entry of a zip archive, as its central directory describes it.
public struct ZipEntry: Equatable, Sendable {
  /// The entry's position in the archive, which libzip reads it by.
  public var index: UInt64
  /// The entry's name: a relative path with `/` between folders.
  public var name: String
  /// The size it says it decompresses to (a bomb may lie: reading is bounded anyway).
  public var declaredSize: UInt64
  /// Whether the entry is a folder (its name ends in `/`): it has no bytes of its own.
  public var isFolder: Bool { name.hasSuffix("/") }
}
