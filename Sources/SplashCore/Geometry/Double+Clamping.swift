extension Double {
  /// The value clamped to 0…1, with NaN as 0.
  ///
  /// `x.clampedToUnit` lets NaN through (every comparison with it is false), and a NaN
  /// colour or coverage traps when it is rounded to a byte: a file's easing of 1e308 made one.
  @inline(__always)
  public var clampedToUnit: Double {
    guard self > 0 else { return 0 }
    return self < 1 ? self : 1
  }

  /// The value rounded by `rule`, as an Int within `range`: NaN as the range's lower end, and
  /// anything past it (±∞ included) as its nearer end.
  ///
  /// `Int(_:)` traps on NaN, on ±∞ and past ±9.2 × 10¹⁸: a count or a size made from a file's
  /// number goes through this instead.
  @inline(__always)
  public func clamped(to range: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule) -> Int {
    let rounded = self.rounded(rule)
    guard rounded > Double(range.lowerBound) else { return range.lowerBound }
    // Double(Int.max) rounds up to 2⁶³, which no Int holds: compare before converting.
    guard rounded < Double(range.upperBound) else { return range.upperBound }
    return Int(rounded)
  }
}
