import SplashCore
import SplashOutput
import Testing

/// `WIDTHxHEIGHT`, read one way for the command line, manifests and the preview.
@Suite("A pixel size is read one way everywhere")
struct PixelSizeTextTests {
  @Test(
    "plain digits, an x between, each side from 1 to the maximum",
    arguments: [
      ("540x960", PixelSize(width: 540, height: 960)), ("1x8192", PixelSize(width: 1, height: 8192)),
      ("064x64", PixelSize(width: 64, height: 64)),
    ])
  func accepted(text: String, size: PixelSize) {
    #expect(PixelSize(text: text, maximumSide: 8192) == size)
    #expect(size.description == "\(size.width)x\(size.height)")
  }

  @Test(
    "everything else is refused, the empty side the preview once let through included",
    arguments: ["64xx64", "x64", "64x", "0x64", "64x8193", "+64x64", "64X64", "6 4x64", "64x64x2", "1e2x64", "", "x"])
  func refused(text: String) {
    #expect(PixelSize(text: text, maximumSide: 8192) == nil)
  }

  @Test("a video size is even on both sides")
  func even() {
    #expect(PixelSize(width: 540, height: 960).isEven)
    #expect(!PixelSize(width: 541, height: 960).isEven && !PixelSize(width: 540, height: 961).isEven)
  }
}
