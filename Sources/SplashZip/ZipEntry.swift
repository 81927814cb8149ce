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

  /// Whether the entry is what macOS adds beside the files it was asked to zip: the
  /// `__MACOSX/` folder of AppleDouble companions (Finder's Compress, `ditto -c -k
  /// --sequesterRsrc`), an AppleDouble `._NAME` elsewhere (copied from a FAT or network
  /// volume), or a Finder `.DS_Store`. None of them is content: `._spinner.json` is not JSON.
  public var isMacMetadata: Bool {
    let parts = name.split(separator: "/")
    guard let last = parts.last else { return false }
    return parts.first == "__MACOSX" || last.hasPrefix("._") || last == ".DS_Store"
  }
}
