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
}
