import SplashCore

extension PixelBuffer {
  /// The mean absolute difference per channel between this picture and `other`, of the same
  /// size: over red, green and blue, and alpha too when `includingAlpha`.
  func meanDifference(from other: PixelBuffer, includingAlpha: Bool) -> Double {
    var total = 0
    for y in 0..<height {
      for x in 0..<width {
        let p = rgba(x: x, y: y)
        let q = other.rgba(x: x, y: y)
        total += abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
        if includingAlpha { total += abs(Int(p.alpha) - Int(q.alpha)) }
      }
    }
    return Double(total) / Double((includingAlpha ? 4 : 3) * width * height)
  }
}
