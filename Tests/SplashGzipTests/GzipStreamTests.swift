import Testing

@testable import SplashGzip

/// The bounded gzip reader `.tgs` stickers go through: what it gives back, and where it stops.
@Suite("Gzip: a bounded reader for stickers")
struct GzipStreamTests {
  /// Bytes that compress well but not trivially: a sticker's JSON repeats its keys.
  private static let text = Array(String(repeating: "{\"v\":\"5.5.2\",\"fr\":60,\"layers\":[]}", count: 200).utf8)

  @Test("what compress writes, decompress reads back byte for byte; the CRC is zlib's")
  func roundTrip() throws {
    let packed = GzipStream.compress(Self.text)
    #expect(packed.count < Self.text.count / 10)
    #expect(Array(packed.prefix(2)) == [0x1F, 0x8B])
    #expect(try GzipStream.decompress(packed, limit: Self.text.count) == Self.text)
    // The check value of the standard's test string "123456789" (RFC 1952's CRC-32).
    #expect(ZlibStream.crc32(Array("123456789".utf8)[...]) == 0xCBF4_3926)
  }

  @Test("one byte past the limit is refused, and so is a stream that inflates a thousandfold")
  func limit() throws {
    let packed = GzipStream.compress(Self.text)
    #expect(throws: GzipError.tooLarge(limit: Self.text.count - 1)) {
      try GzipStream.decompress(packed, limit: Self.text.count - 1)
    }
    let bomb = GzipStream.compress([UInt8](repeating: 0, count: 16 << 20))
    #expect(bomb.count < 64 << 10)
    #expect(throws: GzipError.tooLarge(limit: 1 << 20)) { try GzipStream.decompress(bomb, limit: 1 << 20) }
  }

  @Test("a truncated stream ends early; bytes that are not gzip are named as such")
  func damaged() {
    let packed = GzipStream.compress(Self.text)
    #expect(throws: GzipError.notGzip("the stream ends early")) {
      try GzipStream.decompress(Array(packed.prefix(packed.count / 2)), limit: 1 << 20)
    }
    do {
      _ = try GzipStream.decompress(Array("{\"v\":1}".utf8), limit: 1 << 20)
      Issue.record("JSON read as gzip")
    } catch {
      guard case .notGzip(let reason) = error else { return #expect(Bool(false), "\(error)") }
      #expect(!reason.isEmpty)
      #expect(error.description.hasPrefix("not a gzip stream: "))
    }
  }
}
