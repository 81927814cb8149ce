import CZlib

/// Gzip streams through zlib: a bounded reader (`.tgs` stickers are gzip-compressed Lottie
/// JSON) and a writer, which the tests build their stickers with.
public enum GzipStream {
  /// The bytes `compressed` decompresses to, at most `limit` of them.
  ///
  /// Output grows a chunk at a time and stops as soon as it would pass `limit`, so a stream
  /// that inflates a thousandfold (a gzip bomb) never allocates more than the limit. Only the
  /// first gzip member is read: a sticker is one.
  ///
  /// - Throws: `GzipError.notGzip` for a damaged or truncated stream, `.tooLarge` beyond `limit`.
  public static func decompress(_ compressed: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
    var stream = z_stream()
    guard splash_inflate_init_gzip(&stream) == Z_OK else { throw .notGzip("zlib could not start") }
    defer { inflateEnd(&stream) }
    let chunkSize = 64 * 1024
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var input = compressed
    let count = input.count
    return try input.withUnsafeMutableBufferPointer { (inputBuffer) throws(GzipError) -> [UInt8] in
      stream.next_in = inputBuffer.baseAddress
      stream.avail_in = UInt32(count)
      while true {
        let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
          stream.next_out = chunkBuffer.baseAddress
          stream.avail_out = UInt32(chunkSize)
          let status = inflate(&stream, Z_NO_FLUSH)
          return (status, chunkSize - Int(stream.avail_out))
        }
        guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
        output.append(contentsOf: chunk[0..<produced])
        switch status {
        case Z_STREAM_END:
          return output
        case Z_OK:
          continue
        case Z_BUF_ERROR where stream.avail_in == 0:
          throw .notGzip("the stream ends early")
        default:
          let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
          throw .notGzip(reason)
        }
      }
    }
  }

  /// `bytes` as one gzip stream, at zlib's default level.
  public static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    guard splash_deflate_init_gzip(&stream) == Z_OK else { preconditionFailure("zlib could not start deflate") }
    defer { deflateEnd(&stream) }
    var input = bytes
    let count = input.count
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(count))))
    let outputCount = output.count
    let written = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        stream.next_in = inputBuffer.baseAddress
        stream.avail_in = UInt32(count)
        stream.next_out = outputBuffer.baseAddress
        stream.avail_out = UInt32(outputCount)
        // The output holds deflateBound's worst case, so one call finishes the stream.
        let status = deflate(&stream, Z_FINISH)
        precondition(status == Z_STREAM_END, "deflate did not finish: \(status)")
        return outputCount - Int(stream.avail_out)
      }
    }
    return Array(output[0..<written])
  }
}
