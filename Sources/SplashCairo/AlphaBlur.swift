/// A Gaussian blur of an alpha channel, approximated by three box blurs.
///
/// Three successive box filters whose widths are chosen from σ come within a few percent of a
/// true Gaussian (the central limit theorem at work), at a cost independent of the radius.
/// Used for layer shadows, where `shadowRadius` r is blurred with σ = r: the same relation as
/// CSS `box-shadow` with a blur of 2r, which is how design tools translate iOS shadows.
/// `ShadowBlurPlan` decides which pixels are blurred, and at what resolution for a wide σ.
enum AlphaBlur {
  /// Blurs `alpha` (row-major, `width` × `height`) in place with standard deviation `sigma`
  /// pixels. Pixels outside the image count as transparent.
  static func blur(_ alpha: inout [Float], width: Int, height: Int, sigma: Double) {
    guard sigma > 0.3, width > 0, height > 0 else { return }
    // Past a few times the picture's size a blur leaves next to nothing of it, and the box
    // widths of a σ much larger would overflow: such a σ is held there.
    let sigma = min(sigma, 4 * Double(max(width, height)))
    var scratch = [Float](repeating: 0, count: alpha.count)
    for radius in boxRadii(sigma: sigma) {
      boxBlurRows(&alpha, into: &scratch, width: width, height: height, radius: radius)
      boxBlurColumns(&scratch, into: &alpha, width: width, height: height, radius: radius)
    }
  }

  /// Half-widths of three boxes whose combined variance is σ² (boxes of width w add (w² − 1)/12).
  static func boxRadii(sigma: Double) -> [Int] {
    let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    let upper = lower + 2
    let wanted = (12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)
    let smallerCount = Int(wanted.rounded())
    return (0..<3).map { ($0 < smallerCount ? lower : upper) / 2 }
  }

  private static func boxBlurRows(_ source: inout [Float], into target: inout [Float], width: Int, height: Int, radius: Int) {
    let scale = 1 / Float(2 * radius + 1)
    for row in 0..<height {
      let base = row * width
      var sum: Float = 0
      for index in 0...min(radius, width - 1) { sum += source[base + index] }
      for column in 0..<width {
        target[base + column] = sum * scale
        let entering = column + radius + 1
        let leaving = column - radius
        if entering < width { sum += source[base + entering] }
        if leaving >= 0 { sum -= source[base + leaving] }
      }
    }
  }

  private static func boxBlurColumns(_ source: inout [Float], into target: inout [Float], width: Int, height: Int, radius: Int) {
    let scale = 1 / Float(2 * radius + 1)
    for column in 0..<width {
      var sum: Float = 0
      for index in 0...min(radius, height - 1) { sum += source[index * width + column] }
      for row in 0..<height {
        target[row * width + column] = sum * scale
        let entering = row + radius + 1
        let leaving = row - radius
        if entering < height { sum += source[entering * width + column] }
        if leaving >= 0 { sum -= source[leaving * width + column] }
      }
    }
  }
}
