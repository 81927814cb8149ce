import SplashCore
import Testing

@testable import SplashRaster

/// A gradient shaded through a shape as it is swept (`CoverageRasterizer.shade`) against the
/// long way round: the shape's coverage drawn into a picture, the gradient shaded whole, and
/// each row laid through the coverage by `CoverageCompositor`.
@Suite("A gradient shaded through a swept shape equals the gradient laid through its coverage")
struct ShadingSinkTests {
  /// The picture's size and where it lies on the target: a margin of target pixels all round.
  static let (width, height, left, top) = (90, 70, 5, 3)
  static let (targetWidth, targetHeight) = (width + 10, height + 6)

  /// A turned square and a hole, so that rows hold spans of whole coverage between cells, and
  /// some rows two of them.
  static func addShape(to rasterizer: CoverageRasterizer) {
    let turn = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 45, y: 34))
    rasterizer.addPolygon([Point(x: -30, y: -30), Point(x: 30, y: -30), Point(x: 30, y: 30), Point(x: -30, y: 30)], transform: turn)
    rasterizer.addPolygon([Point(x: -5, y: -8), Point(x: -5, y: 8), Point(x: 7, y: 8), Point(x: 7, y: -8)], transform: turn)
  }

  /// The pixels below: a translucent checker, so that a pixel laid wrongly shows.
  static func below() -> [UInt32] {
    (0..<(targetWidth * targetHeight)).map { ($0 / 3 + $0 / targetWidth) % 2 == 0 ? 0x8040_2010 : 0xFF10_A0F0 }
  }

  static func shader(_ colors: [Color]) -> GradientShader {
    GradientShader(
      ramp: GradientRamp(colors: colors, locations: [0, 1]), shape: .axial,
      map: AffineTransform(a: 0.013, b: 0, c: 0.004, d: 0, tx: -0.1, ty: 0))
  }

  /// The target after shading through the swept shape, under `clip` when given (in target
  /// pixels), and how many pixels of whole coverage were copied from the shaded row.
  static func swept(_ shader: GradientShader, opacity: UInt8, clip: [UInt8]? = nil) -> (pixels: [UInt32], copied: Int) {
    let rasterizer = CoverageRasterizer()
    addShape(to: rasterizer)
    var pixels = below()
    var shaded = [UInt32](repeating: 0, count: width)
    var coverage = [UInt8](repeating: 0, count: width)
    let clipBytes = clip ?? []
    var copied = 0
    pixels.withUnsafeMutableBufferPointer { pixels in
      shaded.withUnsafeMutableBufferPointer { shaded in
        coverage.withUnsafeMutableBufferPointer { coverage in
          clipBytes.withUnsafeBufferPointer { clipBytes in
            let plane = clip.map { _ in
              PixelPlane(
                base: clipBytes.baseAddress!, elementsPerRow: targetWidth, left: 0, top: 0, width: targetWidth, height: targetHeight)
            }
            let target = ShadingTarget(
              shader: shader, opacity: opacity, pixels: pixels.baseAddress!, pixelsPerRow: targetWidth, shiftX: 0, shiftY: 0,
              columns: 0..<targetWidth, rows: 0..<targetHeight, pictureLeft: left, pictureTop: top, pictureWidth: width,
              pictureHeight: height, shaded: shaded.baseAddress!, rowCoverage: coverage.baseAddress!, clip: plane)
            copied = rasterizer.shade(rule: .evenOdd, into: target, columns: 0..<width, rows: 0..<height)
          }
        }
      }
    }
    return (pixels, copied)
  }

  /// The target after laying the gradient through the shape's coverage drawn into a picture,
  /// multiplied by `clip` when given.
  static func laidThroughCoverage(_ shader: GradientShader, opacity: UInt8, clip: [UInt8]? = nil) -> [UInt32] {
    let rasterizer = CoverageRasterizer()
    addShape(to: rasterizer)
    var mask = [UInt8](repeating: 0, count: width * height)
    mask.withUnsafeMutableBufferPointer {
      rasterizer.fill(rule: .evenOdd, share: 255, onto: $0.baseAddress!, bytesPerRow: width, columns: 0..<width, rows: 0..<height)
    }
    if let clip {
      for row in 0..<height {
        for column in 0..<width {
          let sum = UInt16(mask[row * width + column]) * UInt16(clip[(row + top) * targetWidth + column + left]) + 128
          mask[row * width + column] = UInt8((sum + (sum >> 8)) >> 8)
        }
      }
    }
    var picture = [UInt32](repeating: 0, count: width * height)
    picture.withUnsafeMutableBufferPointer {
      shader.shade(into: $0.baseAddress!, wordsPerRow: width, left: left, top: top, width: width, height: height)
    }
    var pixels = below()
    pixels.withUnsafeMutableBufferPointer { pixels in
      for row in 0..<height {
        CoverageCompositor.compositeOver(
          pixels: picture.withUnsafeBufferPointer { $0.baseAddress! + row * width },
          through: mask.withUnsafeBufferPointer { $0.baseAddress! + row * width }, opacity: opacity,
          onto: pixels.baseAddress! + (row + top) * targetWidth + left, count: width)
      }
    }
    return pixels
  }

  static let opaque = [Color(red: 0.06, green: 0.31, blue: 0.4), Color(red: 1, green: 0.5, blue: 0)]

  @Test("an opaque gradient at full opacity is copied from the shaded row inside the shape, to the same pixels")
  func opaqueCopied() {
    let shader = Self.shader(Self.opaque)
    #expect(shader.ramp.isOpaque)
    let (pixels, copied) = Self.swept(shader, opacity: 255)
    #expect(pixels == Self.laidThroughCoverage(shader, opacity: 255))
    // Most of the square's 3 600 pixels, less the hole's 192 and the rims.
    #expect(copied > 2_500 && copied < 3_600, "\(copied) pixels copied")
  }

  @Test(
    "a translucent gradient, or a faded one, goes through the compositor everywhere",
    arguments: [(true, 255 as UInt8), (false, 254), (false, 128)])
  func translucentOrFaded(translucent: Bool, opacity: UInt8) {
    let colors = translucent ? [Self.opaque[0], Color(red: 1, green: 0.5, blue: 0, alpha: 0.99)] : Self.opaque
    let shader = Self.shader(colors)
    #expect(shader.ramp.isOpaque == !translucent)
    let (pixels, copied) = Self.swept(shader, opacity: opacity)
    #expect(pixels == Self.laidThroughCoverage(shader, opacity: opacity))
    #expect(copied == 0)
  }

  @Test("under a clip that covers pixels in part, rows it cuts go through the compositor")
  func partlyClipped() {
    // Whole but for row 40, a third of each pixel through, and column 70, two thirds.
    var clip = [UInt8](repeating: 255, count: Self.targetWidth * Self.targetHeight)
    for column in 0..<Self.targetWidth { clip[40 * Self.targetWidth + column] = 85 }
    for row in 0..<Self.targetHeight { clip[row * Self.targetWidth + 70] = 170 }
    let shader = Self.shader(Self.opaque)
    let (pixels, copied) = Self.swept(shader, opacity: 255, clip: clip)
    #expect(pixels == Self.laidThroughCoverage(shader, opacity: 255, clip: clip))
    // Rows whose inside crosses column 70 or lies in row 40 go through the compositor.
    let (_, unclipped) = Self.swept(shader, opacity: 255)
    #expect(copied > 0 && copied < unclipped * 3 / 4, "\(copied) of \(unclipped) pixels copied")
  }

  @Test("a plane's row is whole only where every byte is 255")
  func wholeRows() {
    var bytes = [UInt8](repeating: 255, count: 40)
    bytes[29] = 254
    bytes.withUnsafeBufferPointer {
      let plane = PixelPlane(base: $0.baseAddress!, elementsPerRow: 20, left: 10, top: 5, width: 20, height: 2)
      #expect(plane.isWhole(row: 5, columns: 10..<30))
      #expect(plane.isWhole(row: 6, columns: 10..<19))
      #expect(!plane.isWhole(row: 6, columns: 10..<20))
      #expect(!plane.isWhole(row: 6, columns: 19..<30))
      #expect(plane.isWhole(row: 6, columns: 20..<30))
    }
  }
}
