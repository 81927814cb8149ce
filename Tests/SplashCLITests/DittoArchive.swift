import SplashGzip

/// Zip archives written byte by byte the way macOS writes them, for the tests of what designers
/// send: Finder's Compress, which is `ditto -c -k --sequesterRsrc`.
///
/// What sets them apart from what libzip writes (APPNOTE 6.3.10 sections 4.3.7 to 4.3.9 and
/// 4.4; the bytes of Archive Utility's archives as nih-at/libzip#341 and thejoshwolfe/yauzl#69
/// describe them):
///
/// - every file entry is deflated and followed by a data descriptor (`PK\7\8`, CRC, sizes), and
///   its local header sets flag bit 3 with a zero CRC and uncompressed size but the real
///   compressed size, where the appnote asks for zero: the quirk libzip's `ZIP_CHECKCONS`
///   refuses before 1.10.1 ("local and central headers do not match");
/// - the local header's extra field is a 16-byte "UX" block (0x5855: access and modification
///   times, user and group), the central header's a 12-byte one without the ids;
/// - 'version made by' is 0x0315, Unix (mode in the high half of the external attributes);
/// - folders have entries of their own, and each file has an AppleDouble companion
///   `__MACOSX/FOLDER/._NAME` (magic 0x00051607) holding its Finder metadata.
enum DittoArchive {
  /// One file or folder (a name ending in `/`) as the archive lists it.
  private struct Entry {
    var name: String
    var bytes: [UInt8]?
  }

  /// The archive of `files` (paths with `/`, in the order given), with the folder entries,
  /// AppleDouble companions and `.DS_Store` files ditto adds.
  static func archive(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
    var entries: [Entry] = []
    var folders: Set<String> = []
    func addFolders(of path: String) {
      var folder = ""
      for part in path.split(separator: "/").dropLast() {
        folder += part + "/"
        if folders.insert(folder).inserted { entries.append(Entry(name: folder, bytes: nil)) }
      }
    }
    for file in files {
      addFolders(of: file.name)
      entries.append(Entry(name: file.name, bytes: file.bytes))
    }
    // The Finder's view settings of the folder that was compressed, and its companions.
    entries.append(Entry(name: ".DS_Store", bytes: Array("\u{0}\u{0}\u{0}\u{1}Bud1".utf8) + [UInt8](repeating: 0, count: 24)))
    for file in files {
      let parts = file.name.split(separator: "/")
      let companion = (["__MACOSX"] + parts.dropLast().map(String.init) + ["._" + parts.last!]).joined(separator: "/")
      addFolders(of: companion)
      entries.append(Entry(name: companion, bytes: appleDouble))
    }
    return write(entries)
  }

  /// An AppleDouble file with its header and one empty Finder info entry: the magic,
  /// version 2, filler, one entry (id 9, offset 50, length 32).
  static let appleDouble: [UInt8] =
    [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + [UInt8](repeating: 0, count: 16) + [0x00, 0x01]
    + [0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x00, 0x20] + [UInt8](repeating: 0, count: 32)

  private static func write(_ entries: [Entry]) -> [UInt8] {
    var archive: [UInt8] = []
    var central: [UInt8] = []
    // 2025-01-01 12:00, in MS-DOS form.
    let time: UInt16 = 12 << 11
    let date: UInt16 = (45 << 9) | (1 << 5) | 1
    for entry in entries {
      let offset = UInt32(archive.count)
      let name = Array(entry.name.utf8)
      var flags: UInt16 = 0
      var method: UInt16 = 0
      var data: [UInt8] = []
      var crc: UInt32 = 0
      var size: UInt32 = 0
      if let bytes = entry.bytes {
        // A gzip member is a 10-byte header (no optional fields at zlib's defaults), the raw
        // deflate stream, then the CRC-32 and size of what was compressed.
        let gzip = GzipStream.compress(bytes)
        precondition(gzip[3] == 0, "a gzip header with optional fields")
        data = Array(gzip[10..<(gzip.count - 8)])
        crc = littleEndian32(gzip, at: gzip.count - 8)
        size = UInt32(bytes.count)
        flags = 0x0008
        method = 8
      }
      var local: [UInt8] = []
      append32(0x0403_4B50, to: &local)
      append16(20, to: &local)
      append16(flags, to: &local)
      append16(method, to: &local)
      append16(time, to: &local)
      append16(date, to: &local)
      // With a data descriptor: no CRC and no uncompressed size here, but the compressed size.
      append32(flags == 0 ? crc : 0, to: &local)
      append32(UInt32(data.count), to: &local)
      append32(flags == 0 ? size : 0, to: &local)
      append16(UInt16(name.count), to: &local)
      append16(16, to: &local)
      local += name
      // "UX": access and modification times (2025-01-01), user 501, group 20.
      append16(0x5855, to: &local)
      append16(12, to: &local)
      append32(1_735_732_800, to: &local)
      append32(1_735_732_800, to: &local)
      append16(501, to: &local)
      append16(20, to: &local)
      archive += local + data
      if flags != 0 {
        append32(0x0807_4B50, to: &archive)
        append32(crc, to: &archive)
        append32(UInt32(data.count), to: &archive)
        append32(size, to: &archive)
      }
      let mode: UInt32 = entry.bytes == nil ? 0o040755 : 0o100644
      append32(0x0201_4B50, to: &central)
      append16(0x0315, to: &central)
      append16(20, to: &central)
      append16(flags, to: &central)
      append16(method, to: &central)
      append16(time, to: &central)
      append16(date, to: &central)
      append32(crc, to: &central)
      append32(UInt32(data.count), to: &central)
      append32(size, to: &central)
      append16(UInt16(name.count), to: &central)
      append16(12, to: &central)
      append16(0, to: &central)  // comment
      append16(0, to: &central)  // disk
      append16(0, to: &central)  // internal attributes
      append32(mode << 16, to: &central)
      append32(offset, to: &central)
      central += name
      append16(0x5855, to: &central)
      append16(8, to: &central)
      append32(1_735_732_800, to: &central)
      append32(1_735_732_800, to: &central)
    }
    let centralOffset = UInt32(archive.count)
    archive += central
    append32(0x0605_4B50, to: &archive)
    append16(0, to: &archive)
    append16(0, to: &archive)
    append16(UInt16(entries.count), to: &archive)
    append16(UInt16(entries.count), to: &archive)
    append32(UInt32(central.count), to: &archive)
    append32(centralOffset, to: &archive)
    append16(0, to: &archive)
    return archive
  }

  /// The offset of the central directory header of `name` in `archive`.
  static func centralHeader(of name: String, in archive: [UInt8]) -> Int? {
    let needle = Array(name.utf8)
    var index = 0
    while index + 46 + needle.count <= archive.count {
      if littleEndian32(archive, at: index) == 0x0201_4B50 && Array(archive[(index + 46)..<(index + 46 + needle.count)]) == needle
        && Int(archive[index + 28]) | Int(archive[index + 29]) << 8 == needle.count
      {
        return index
      }
      index += 1
    }
    return nil
  }

  static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }

  static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
    bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
  }

  static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
  }
}
