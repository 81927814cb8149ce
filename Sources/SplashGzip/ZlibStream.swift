import CZlib

/// zlib's own format (RFC 1950) and its checksum, for writers of formats built on them (a
/// PNG's image data is a zlib stream; its chunks end with a CRC-32).
public enum ZlibStream {
  /// `bytes` compressed into one zlib stream at `level` (1, fastest, to 9, smallest).
  public static func compressed(_ bytes: [UInt8], level: Int32) -> [UInt8] {
    var capacity = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(capacity))
    let status = output.withUnsafeMutableBufferPointer { destination in
      bytes.withUnsafeBufferPointer { source in
        compress2(destination.baseAddress, &capacity, source.baseAddress, uLong(source.count), level)
      }
    }
    // compressBound is enough room for any input, and the memory is there: Z_OK always.
    precondition(status == Z_OK, "zlib's compress2 failed with \(status)")
    output.removeLast(output.count - Int(capacity))
    return output
  }

  /// The CRC-32 of `bytes` (ISO 3309, as PNG and gzip use), continuing from `start`.
  public static func crc32(_ bytes: ArraySlice<UInt8>, start: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(uLong(start), $0.baseAddress, uInt($0.count))) }
  }
}
