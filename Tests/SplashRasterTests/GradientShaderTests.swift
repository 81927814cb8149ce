import SplashCore
import Testing

@testable import SplashRaster

/// The gradient shader against colours computed in double precision at each pixel's centre.
@Suite("Shading gradients through a table, pixel by pixel")
struct GradientShaderTests {
  static let colors = [
    Color(red: 0.06, green: 0.31, blue: 0.4), Color(red: 1, green: 1, blue: 1, alpha: 0.5),
    Color(red: 1, green: 0.5, blue: 0),
  ]
  static let locations = [0.1, 0.35, 0.9]

  /// The exact colour at position `t`, premultiplied, as channels (alpha, red, green, blue).
  static func exact(_ t: Double) -> [Double] {
    let color: Color
    if t <= locations[0] {
      color = colors[0]
    } else if t >= locations[2] {
      color = colors[2]
    } else {
      let index = t < locations[1] ? 0 : 1
      let amount = (t - locations[index]) / (locations[index + 1] - locations[index])
      color = colors[index].interpolated(to: colors[index + 1], amount: amount)
    }
    return [color.alpha * 255, color.red * color.alpha * 255, color.green * color.alpha * 255, color.blue * color.alpha * 255]
  }

  /// Shades a picture 37 pixels wide (not a multiple of eight) whose rows hold 40 words, and
  /// returns the largest difference from `exact` at the position `position` gives each
  /// pixel centre, and whether the three words past each row were left alone.
  static func worstDifference(
    shape: GradientShader.Shape, map: AffineTransform, position: (Point) -> Double
  ) -> (worst: Double, marginUntouched: Bool) {
    let (left, top, width, height, wordsPerRow) = (-12, 7, 37, 9, 40)
    var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: wordsPerRow * height)
    let shader = GradientShader(ramp: GradientRamp(colors: colors, locations: locations), shape: shape, map: map)
    pixels.withUnsafeMutableBufferPointer {
      shader.shade(into: $0.baseAddress!, wordsPerRow: wordsPerRow, left: left, top: top, width: width, height: height)
    }
    var worst = 0.0
    var marginUntouched = true
    for row in 0..<height {
      for column in 0..<width {
        let centre = Point(x: Double(left + column) + 0.5, y: Double(top + row) + 0.5)
        let word = pixels[row * wordsPerRow + column]
        let channels = [word >> 24, word >> 16 & 0xFF, word >> 8 & 0xFF, word & 0xFF].map(Double.init)
        for (actual, expected) in zip(channels, exact(position(centre))) { worst = max(worst, abs(actual - expected)) }
      }
      marginUntouched = marginUntouched && pixels[(row * wordsPerRow + width)..<((row + 1) * wordsPerRow)].allSatisfy { $0 == 0xDEAD_BEEF }
    }
    return (worst, marginUntouched)
  }

  @Test("axial, turned and scaled: each pixel within a level of the exact colour at its centre")
  func axial() {
    // t = 0.011 x − 0.017 y + 0.4: a gradient turned about 57° and 60 pixels long.
    let map = AffineTransform(a: 0.011, b: 0, c: -0.017, d: 0, tx: 0.4, ty: 0)
    let result = Self.worstDifference(shape: .axial, map: map) { (centre: Point) -> Double in
      0.011 * centre.x - 0.017 * centre.y + 0.4
    }
    // Half a level of rounding and half a table step: on the steepest segment (0.1 → 0.35)
    // red changes by at most 930 levels per unit, 0.45 levels per half step.
    #expect(result.worst <= 1)
    #expect(result.marginUntouched)
  }

  @Test("radial, an ellipse off the picture's centre: each pixel within a level of the exact colour")
  func radial() {
    let map = AffineTransform(a: 1.0 / 21, b: 0.2 / 21, c: 0, d: 1.0 / 9, tx: 3.0 / 21, ty: -12.0 / 9)
    let result = Self.worstDifference(shape: GradientShader.Shape.radial, map: map) { (centre: Point) -> Double in
      let point = map.apply(to: centre)
      return (point.x * point.x + point.y * point.y).squareRoot()
    }
    #expect(result.worst <= 1)
    #expect(result.marginUntouched)
  }

  @Test("a map whose values are not numbers writes ramp colours only, inside the rows given")
  func notANumber() {
    let ramp = GradientRamp(colors: Self.colors, locations: Self.locations)
    for map in [
      AffineTransform(a: .nan, b: 0, c: 0, d: 0, tx: 0, ty: 0),
      AffineTransform(a: .infinity, b: -.infinity, c: 1, d: 1, tx: 0, ty: 0),
    ] {
      for shape in [GradientShader.Shape.axial, .radial] {
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: 24)
        pixels.withUnsafeMutableBufferPointer {
          GradientShader(ramp: ramp, shape: shape, map: map).shade(
            into: $0.baseAddress!, wordsPerRow: 12, left: 0, top: 0, width: 11, height: 2)
        }
        #expect(pixels[11] == 0xDEAD_BEEF && pixels[23] == 0xDEAD_BEEF)
        #expect((pixels[0..<11] + pixels[12..<23]).allSatisfy(ramp.entries.contains))
      }
    }
  }
}
