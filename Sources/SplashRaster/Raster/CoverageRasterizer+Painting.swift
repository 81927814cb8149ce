/// Laying a rasterized shape's coverage onto pixels: one colour over premultiplied pixels, or
/// a share of coverage over an alpha-only plane (a mask or a one-colour group).
///
/// The arithmetic is pixman's `over` with a solid source and an 8-bit mask, as in
/// `CoverageCompositor`, so a shape drawn here and a group laid there agree to the bit.
extension CoverageRasterizer {
  /// Lays `color` (premultiplied `0xAARRGGBB`) through the polygons' coverage under `rule` over
  /// `pixels` (`pixelsPerRow` a row) within `columns` × `rows`, then forgets the polygons.
  public func fill(
    rule: FillRule, color: UInt32, onto pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, columns: Range<Int>,
    rows: Range<Int>
  ) {
    defer { reset() }
    guard color != 0 else { return }
    var sink = ColorSink(pixels: pixels, pixelsPerRow: pixelsPerRow, color: color)
    sweep(rule: rule, columns: columns, rows: rows, into: &sink)
  }

  /// Lays the polygons' coverage under `rule`, at `share` (255: all of it), over the 8-bit
  /// coverage in `bytes` (`bytesPerRow` a row) within `columns` × `rows`, then forgets the
  /// polygons.
  public func fill(
    rule: FillRule, share: UInt8, onto bytes: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, columns: Range<Int>,
    rows: Range<Int>
  ) {
    defer { reset() }
    guard share != 0 else { return }
    var sink = ShareSink(bytes: bytes, bytesPerRow: bytesPerRow, share: UInt64(share))
    sweep(rule: rule, columns: columns, rows: rows, into: &sink)
  }
}

/// Lays one colour over premultiplied pixels.
struct ColorSink: CoverageSink {
  let pixels: UnsafeMutablePointer<UInt32>
  let pixelsPerRow: Int
  let solid: CoverageCompositor.SolidColor

  init(pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, color: UInt32) {
    self.pixels = pixels
    self.pixelsPerRow = pixelsPerRow
    solid = CoverageCompositor.SolidColor(color)
  }

  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int) {
    CoverageCompositor.compositeOver(solid, through: coverage, onto: pixels + row * pixelsPerRow + column, count: count)
  }

  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8) {
    let target = pixels + row * pixelsPerRow + column
    if coverage == 0xFF && solid.isOpaque {
      target.update(repeating: solid.color, count: count)
      return
    }
    let source = coverage == 0xFF ? solid.spread : CoverageCompositor.multiply(solid.spread, by: UInt64(coverage))
    // Two pixels at a time in 16-bit lanes: the same source over each.
    let sourceLanes = unsafeBitCast(SIMD2<UInt64>(source, source), to: SIMD8<UInt16>.self)
    let transparency = SIMD8<UInt16>(repeating: UInt16(255 - (source >> 48)))
    let row = UnsafeMutableRawPointer(target)
    var x = 0
    while x &+ 1 < count {
      let below = PixelLanes.widened(row.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self))
      let sum = sourceLanes &+ CoverageCompositor.multiply(below, transparency)
      row.storeBytes(of: PixelLanes.narrowed(sum | (0 &- (sum &>> 8))), toByteOffset: 4 &* x, as: UInt64.self)
      x &+= 2
    }
    if x < count { CoverageCompositor.layOne(sourceLanes, onto: row, at: x) }
  }
}

/// Lays a share of coverage over an alpha-only plane.
struct ShareSink: CoverageSink {
  let bytes: UnsafeMutablePointer<UInt8>
  let bytesPerRow: Int
  let share: UInt64

  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int) {
    let target = bytes + row * bytesPerRow + column
    for index in 0..<count where coverage[index] != 0 {
      let laid = CoverageCompositor.multiply(UInt64(coverage[index]), by: share)
      let sum = laid + CoverageCompositor.multiply(UInt64(target[index]), by: 255 - laid)
      target[index] = UInt8(min(sum, 255))
    }
  }

  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8) {
    let target = bytes + row * bytesPerRow + column
    let laid = CoverageCompositor.multiply(UInt64(coverage), by: share)
    if laid == 255 {
      target.update(repeating: 255, count: count)
      return
    }
    let laidLanes = SIMD8<UInt16>(repeating: UInt16(laid))
    let transparency = SIMD8<UInt16>(repeating: UInt16(255 - laid))
    let raw = UnsafeMutableRawPointer(target)
    var x = 0
    while x &+ 8 <= count {
      let below = PixelLanes.widened(raw.loadUnaligned(fromByteOffset: x, as: UInt64.self))
      let sum = laidLanes &+ CoverageCompositor.multiply(below, transparency)
      raw.storeBytes(of: PixelLanes.narrowed(sum | (0 &- (sum &>> 8))), toByteOffset: x, as: UInt64.self)
      x &+= 8
    }
    while x < count {
      let sum = laid + CoverageCompositor.multiply(UInt64(target[x]), by: 255 - laid)
      target[x] = UInt8(min(sum, 255))
      x &+= 1
    }
  }
}
