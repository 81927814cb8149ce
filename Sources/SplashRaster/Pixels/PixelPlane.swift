/// A rectangle of pixels (`UInt32` premultiplied `0xAARRGGBB`) or coverage bytes placed on
/// the destination: its element (0, 0) lies on destination pixel (`left`, `top`).
public struct PixelPlane<Element> {
  public var base: UnsafePointer<Element>
  public var elementsPerRow: Int
  public var left: Int
  public var top: Int
  public var width: Int
  public var height: Int

  public init(base: UnsafePointer<Element>, elementsPerRow: Int, left: Int, top: Int, width: Int, height: Int) {
    self.base = base
    self.elementsPerRow = elementsPerRow
    self.left = left
    self.top = top
    self.width = width
    self.height = height
  }

  /// The destination columns and rows the plane covers.
  public var columns: Range<Int> { left..<(left + width) }
  public var rows: Range<Int> { top..<(top + height) }
}

extension PixelPlane where Element == UInt8 {
  /// The `columns.count` coverage bytes at `coverage` (those of destination columns `columns`
  /// in row `row`) times this plane's bytes there, a clip's coverage
  /// (`CoverageCompositor.intersect`), written to `product`, which may be `coverage` itself.
  /// The plane must hold those pixels.
  public func clip(
    _ coverage: UnsafePointer<UInt8>, row: Int, columns: Range<Int>, into product: UnsafeMutablePointer<UInt8>
  ) {
    let clipRow = base + (row - top) * elementsPerRow + (columns.lowerBound - left)
    CoverageCompositor.intersect(coverage, with: clipRow, into: product, count: columns.count)
  }

  /// Whether every byte of destination columns `columns` in row `row` is 255: a clip that lets
  /// all of each of those pixels through. The plane must hold those pixels.
  public func isWhole(row: Int, columns: Range<Int>) -> Bool {
    let bytes = UnsafeRawPointer(base + (row - top) * elementsPerRow + (columns.lowerBound - left))
    let count = columns.count
    var x = 0
    while x &+ 8 <= count {
      guard bytes.loadUnaligned(fromByteOffset: x, as: UInt64.self) == .max else { return false }
      x &+= 8
    }
    while x < count {
      guard bytes.load(fromByteOffset: x, as: UInt8.self) == 0xFF else { return false }
      x &+= 1
    }
    return true
  }
}
