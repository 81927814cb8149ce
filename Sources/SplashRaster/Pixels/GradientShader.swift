import SplashCore

/// Fills a rectangle of pixels with a gradient, each pixel the ramp's colour at its centre.
///
/// Where a pixel lies in the gradient is found through an affine map from the picture's pixel
/// coordinates (pixel `(i, j)` covers `i ..< i + 1`, `j ..< j + 1`) into the gradient's own
/// space:
///
/// - axial: the map's `x` is the position along the gradient, 0 at its start, 1 at its end;
/// - radial: the gradient is the unit circle, and the position is the distance from its centre.
///
/// Beyond 0 and 1 the ramp's end colours continue. The map is affine, so along a row the
/// position (or the point in the unit circle) moves by a fixed step from one pixel to the next.
public struct GradientShader {
  public enum Shape: Sendable {
    case axial
    case radial
  }

  public var ramp: GradientRamp
  public var shape: Shape
  /// Pixel coordinates → the gradient's space.
  public var map: AffineTransform

  public init(ramp: GradientRamp, shape: Shape, map: AffineTransform) {
    self.ramp = ramp
    self.shape = shape
    self.map = map
  }

  /// Writes `width`×`height` pixels whose top left pixel is `(left, top)` in the map's pixel
  /// coordinates; rows start `wordsPerRow` words apart at `pixels`.
  public func shade(
    into pixels: UnsafeMutablePointer<UInt32>, wordsPerRow: Int, left: Int, top: Int, width: Int, height: Int
  ) {
    guard width > 0, height > 0 else { return }
    for row in 0..<height {
      shadeRow(into: pixels + row * wordsPerRow, row: top + row, origin: left, columns: left..<(left + width))
    }
  }

  /// Writes the pixels of `columns` in `row` (`pixels` holding the first), each exactly as
  /// `shade` writes it in a picture whose left column is `origin`: a pixel's place is computed
  /// from its column's distance to the origin, so a run shaded alone matches the same pixels of
  /// the whole picture bit for bit.
  public func shadeRow(into pixels: UnsafeMutablePointer<UInt32>, row: Int, origin: Int, columns: Range<Int>) {
    guard !columns.isEmpty else { return }
    ramp.entries.withUnsafeBufferPointer { table in
      guard let table = table.baseAddress else { return }
      let centre = Point(x: Double(origin) + 0.5, y: Double(row) + 0.5)
      let start = map.apply(to: centre)
      let out = pixels - (columns.lowerBound - origin)
      let first = columns.lowerBound - origin
      let end = columns.upperBound - origin
      // Each pixel's place is computed from the row's start, not accumulated, so that no error
      // builds up along a long row.
      switch shape {
      case .axial:
        let base = Float(start.x) * Self.last
        let step = Float(map.a) * Self.last
        Self.fill(out, from: first, to: end, table: table) { columns in base + step * columns }
      case .radial:
        let startX = Float(start.x)
        let startY = Float(start.y)
        let stepX = Float(map.a)
        let stepY = Float(map.b)
        Self.fill(out, from: first, to: end, table: table) { columns in
          let x = startX + stepX * columns
          let y = startY + stepY * columns
          return (x * x + y * y).squareRoot() * Self.last
        }
      }
    }
  }

  private static let last = Float(GradientRamp.count - 1)

  /// Writes the pixels of columns `first..<end` (counted from the row's origin), four at a
  /// time: `position` gives the ramp positions (in entries) of the pixels at the given columns.
  ///
  /// Four lanes are one SSE register; with eight, or with lanes read out one by one, the
  /// compiler worked them out in pairs, twice the instructions for the same values.
  @inline(__always)
  private static func fill(
    _ out: UnsafeMutablePointer<UInt32>, from first: Int, to end: Int, table: UnsafePointer<UInt32>,
    position: (SIMD4<Float>) -> SIMD4<Float>
  ) {
    // Columns are whole numbers far below 2²⁴, exact as floats: counting them up four at a
    // time gives each lane the very value converting its column gives.
    var columns = SIMD4<Float>(0, 1, 2, 3) + Float(first)
    var column = first
    while column + 4 <= end {
      // Taken out as two 64-bit halves: taken lane by lane, the lanes were worked out two by
      // two, for twice the instructions.
      let halves = unsafeBitCast(Self.entries(position(columns)), to: SIMD2<UInt64>.self)
      let (low, high) = (halves[0], halves[1])
      out[column] = table[Int(truncatingIfNeeded: low & 0xFFFF_FFFF)]
      out[column + 1] = table[Int(truncatingIfNeeded: low &>> 32)]
      out[column + 2] = table[Int(truncatingIfNeeded: high & 0xFFFF_FFFF)]
      out[column + 3] = table[Int(truncatingIfNeeded: high &>> 32)]
      columns += 4
      column += 4
    }
    if column < end {
      let entries = Self.entries(position(columns))
      for lane in 0..<(end - column) { out[column + lane] = table[Int(entries[lane])] }
    }
  }

  @inline(__always)
  private static func entries(_ positions: SIMD4<Float>) -> SIMD4<UInt32> {
    let clamped = 0.5 * (magnitude(positions) - magnitude(positions - last) + last)
    let sum = clamped + 12_582_912
    return unsafeBitCast(sum, to: SIMD4<UInt32>.self) & UInt32(GradientRamp.count - 1)
  }

  /// Each lane's absolute value: its sign bit cleared.
  @inline(__always)
  private static func magnitude(_ values: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(unsafeBitCast(values, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
  }
}
