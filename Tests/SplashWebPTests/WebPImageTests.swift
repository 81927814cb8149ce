import Foundation
import Testing

@testable import SplashWebP

/// Still WebP images through libwebp: straight RGBA, the declared size read without decoding,
/// and refusals for what is not one. The fixture is the Cairo tests' `translucent.webp`, two
/// lossless pixels: red at alpha 128, then opaque blue.
@Suite("WebP: still images decoded to straight RGBA")
struct WebPImageTests {
  private static let translucent: [UInt8] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SplashCairoTests/Fixtures/translucent.webp")
    return Array((try? Data(contentsOf: url)) ?? Data())
  }()

  @Test("two pixels: red at alpha 128 (not premultiplied), then opaque blue")
  func decodes() throws {
    let bytes = Self.translucent
    #expect(WebPImage.isWebP(bytes))
    #expect(WebPImage.size(of: bytes).map { [$0.width, $0.height] } == [2, 1])
    let image = try WebPImage(decoding: bytes)
    #expect(image.width == 2 && image.height == 1)
    #expect(image.rgba == [255, 0, 0, 128, 0, 0, 255, 255])
  }

  @Test("a PNG is not WebP; a damaged WebP is refused with libwebp's status")
  func refusals() {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    #expect(!WebPImage.isWebP(png))
    #expect(WebPImage.size(of: png) == nil)
    var damaged = Self.translucent
    damaged.removeLast(damaged.count / 2)
    do {
      _ = try WebPImage(decoding: damaged)
      Issue.record("half a WebP decoded")
    } catch {
      guard case .notWebP = error else { return #expect(Bool(false), "\(error)") }
    }
  }
}
