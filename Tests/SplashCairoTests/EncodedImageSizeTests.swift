import Foundation
import Testing

@testable import SplashCairo

/// The size an encoded image declares, read before decoding so a bomb is refused unallocated.
@Suite("Encoded image sizes: PNG and JPEG headers read without decoding")
struct EncodedImageSizeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  @Test("the 40 × 20 fixtures in PNG and JPEG; anything else, or a header cut short, has no size")
  func sizes() throws {
    let png = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("quadrants.png")))
    let jpeg = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("quadrants.jpg")))
    #expect(EncodedImageSize.of(png).map { [$0.width, $0.height] } == [40, 20])
    #expect(EncodedImageSize.of(jpeg).map { [$0.width, $0.height] } == [40, 20])
    #expect(EncodedImageSize.of(Array(png.prefix(20))) == nil)
    #expect(EncodedImageSize.of(Array(jpeg.prefix(12))) == nil)
    #expect(EncodedImageSize.of(Array("GIF89a".utf8)) == nil)
    // A PNG header claiming 100000 × 100000 is read as such (and refused by the decoder's limit).
    var bomb = Array(png.prefix(24))
    bomb.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
    #expect(EncodedImageSize.of(bomb).map { [$0.width, $0.height] } == [100_000, 100_000])
  }
}
