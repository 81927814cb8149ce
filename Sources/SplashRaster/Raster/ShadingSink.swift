/// Where a gradient is shaded through a shape's coverage (see `ShadingSink`).
public struct ShadingTarget {
  public let shader: GradientShader
  /// The gradient's opacity, as a solid mask's alpha.
  public let opacity: UInt8
  public let pixels: UnsafeMutablePointer<UInt32>
  public let pixelsPerRow: Int
  /// Device pixel (x, y) is target pixel (x + `shiftX`, y + `shiftY`).
  public let shiftX: Int
  public let shiftY: Int
  /// The target pixels that may be written.
  public let columns: Range<Int>
  public let rows: Range<Int>
  /// The picture the coverage is in: the device pixel its (0, 0) is, and its size.
  public let pictureLeft: Int
  public let pictureTop: Int
  public let pictureWidth: Int
  public let pictureHeight: Int
  /// Room for `pictureWidth` pixels and as many bytes: a row's shaded pixels and its coverage.
  public let shaded: UnsafeMutablePointer<UInt32>
  public let rowCoverage: UnsafeMutablePointer<UInt8>
  /// How much of each pixel of `columns` × `rows` (target pixels) a clip that covers pixels in
  /// part lets through, which the coverage is multiplied by; `nil` when the clip is whole
  /// pixels.
  public let clip: PixelPlane<UInt8>?

  public init(
    shader: GradientShader, opacity: UInt8, pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, shiftX: Int, shiftY: Int,
    columns: Range<Int>, rows: Range<Int>, pictureLeft: Int, pictureTop: Int, pictureWidth: Int, pictureHeight: Int,
    shaded: UnsafeMutablePointer<UInt32>, rowCoverage: UnsafeMutablePointer<UInt8>, clip: PixelPlane<UInt8>? = nil
  ) {
    self.shader = shader
    self.opacity = opacity
    self.pixels = pixels
    self.pixelsPerRow = pixelsPerRow
    self.shiftX = shiftX
    self.shiftY = shiftY
    self.columns = columns
    self.rows = rows
    self.pictureLeft = pictureLeft
    self.pictureTop = pictureTop
    self.pictureWidth = pictureWidth
    self.pictureHeight = pictureHeight
    self.shaded = shaded
    self.rowCoverage = rowCoverage
    self.clip = clip
  }
}

/// Shades a gradient through a shape's coverage as the sweep hands it out, and lays it over
/// premultiplied pixels: a masked gradient drawn as a player draws a gradient fill, a row at a
/// time, with no picture of the mask in between.
///
/// Coverage comes in the coordinates of the picture the mask would have been drawn into (its
/// top left pixel is the target's `pictureLeft`, `pictureTop` on the device). A row's runs are
/// gathered into one row of coverage, from its first run to its last (zero between them), which
/// is shaded in one go from the picture's left column (`GradientShader.shadeRow`) and laid by
/// `CoverageCompositor.compositeOver`: every pixel comes out as drawing the mask into its
/// picture and laying the shaded gradient through it makes it, to the bit. (Shading each run on
/// its own made as many calls as runs, which cost what the picture saved.)
struct ShadingSink: CoverageSink {
  let target: ShadingTarget
  /// The row gathered, and its columns from the first run's start to the last one's end.
  private var row = Int.min
  private var start = 0
  private var end = 0

  init(_ target: ShadingTarget) { self.target = target }

  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int) {
    gather(row: row, column: column, count: count)
    (target.rowCoverage + column).update(from: coverage, count: count)
  }

  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8) {
    gather(row: row, column: column, count: count)
    (target.rowCoverage + column).update(repeating: coverage, count: count)
  }

  /// Makes room for a run: lays the row gathered when this one is another, and clears the
  /// columns between the last run and this one.
  @inline(__always)
  private mutating func gather(row: Int, column: Int, count: Int) {
    if row != self.row {
      layRow()
      self.row = row
      start = column
    } else if column > end {
      (target.rowCoverage + end).update(repeating: 0, count: column - end)
    }
    end = column + count
  }

  /// Shades the row gathered where the target holds it, and lays it through its coverage.
  mutating func layRow() {
    defer { end = start }
    guard end > start else { return }
    let deviceRow = target.pictureTop + row
    let targetRow = deviceRow + target.shiftY
    guard target.rows.contains(targetRow) else { return }
    let first = target.pictureLeft + start + target.shiftX
    let from = max(first, target.columns.lowerBound)
    let to = min(target.pictureLeft + end + target.shiftX, target.columns.upperBound)
    guard from < to else { return }
    target.shader.shadeRow(
      into: target.shaded, row: deviceRow, origin: target.pictureLeft, columns: from - target.shiftX..<to - target.shiftX)
    let coverage = target.rowCoverage + start + (from - first)
    target.clip?.clip(coverage, row: targetRow, columns: from..<to, into: coverage)
    CoverageCompositor.compositeOver(
      pixels: target.shaded, through: coverage, opacity: target.opacity,
      onto: target.pixels + targetRow * target.pixelsPerRow + from, count: to - from)
  }
}

extension CoverageRasterizer {
  /// Shades `target`'s gradient through the polygons' coverage under `rule` (in the picture's
  /// pixels, within `columns` × `rows` of it) and lays it over the target's pixels, then
  /// forgets the polygons.
  public func shade(rule: FillRule, into target: ShadingTarget, columns: Range<Int>, rows: Range<Int>) {
    defer { reset() }
    var sink = ShadingSink(target)
    sweep(rule: rule, columns: columns, rows: rows, into: &sink)
    sink.layRow()
  }
}

extension CoverageRecording {
  /// Shades `target`'s gradient through the recorded coverage, in `rows` of the picture, and
  /// lays it over the target's pixels.
  public func shade(into target: ShadingTarget, rows: Range<Int>) {
    var sink = ShadingSink(target)
    replay(into: &sink, rows: rows)
    sink.layRow()
  }
}
