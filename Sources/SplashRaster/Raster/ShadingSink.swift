/// Shades a gradient through a shape's coverage as the sweep hands it out, and lays it over
/// premultiplied pixels: a masked gradient drawn as a player draws a gradient fill, a row at a
/// time, with no picture of the mask in between.
///
/// Coverage comes in the coordinates of the picture the mask would have been drawn into (its
/// top left pixel is `pictureLeft`, `pictureTop` on the device). A row's runs are gathered
/// into one row of coverage, from its first run to its last (zero between them), which is
/// shaded in one go from the picture's left column (`GradientShader.shadeRow`) and laid by
/// `CoverageCompositor.compositeOver`: every pixel comes out as drawing the mask into its
/// picture and laying the shaded gradient through it makes it, to the bit. (Shading each run on
/// its own made as many calls as runs, which cost what the picture saved.)
struct ShadingSink: CoverageSink {
  let shader: GradientShader
  let opacity: UInt8
  /// The target's pixels, `pixelsPerRow` a row; device pixel (x, y) is target pixel
  /// (x + `targetShiftX`, y + `targetShiftY`).
  let pixels: UnsafeMutablePointer<UInt32>
  let pixelsPerRow: Int
  let targetShiftX: Int
  let targetShiftY: Int
  /// The target's pixels that may be written.
  let targetColumns: Range<Int>
  let targetRows: Range<Int>
  let pictureLeft: Int
  let pictureTop: Int
  /// The row's shaded pixels, and its coverage by the picture's column; as long as the
  /// picture is wide.
  let shaded: UnsafeMutablePointer<UInt32>
  let rowCoverage: UnsafeMutablePointer<UInt8>
  /// The row gathered, and its columns from the first run's start to the last one's end.
  private var row = Int.min
  private var start = 0
  private var end = 0

  init(
    shader: GradientShader, opacity: UInt8, pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, targetShiftX: Int,
    targetShiftY: Int, targetColumns: Range<Int>, targetRows: Range<Int>, pictureLeft: Int, pictureTop: Int,
    shaded: UnsafeMutablePointer<UInt32>, rowCoverage: UnsafeMutablePointer<UInt8>
  ) {
    self.shader = shader
    self.opacity = opacity
    self.pixels = pixels
    self.pixelsPerRow = pixelsPerRow
    self.targetShiftX = targetShiftX
    self.targetShiftY = targetShiftY
    self.targetColumns = targetColumns
    self.targetRows = targetRows
    self.pictureLeft = pictureLeft
    self.pictureTop = pictureTop
    self.shaded = shaded
    self.rowCoverage = rowCoverage
  }

  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int) {
    gather(row: row, column: column, count: count)
    (rowCoverage + column).update(from: coverage, count: count)
  }

  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8) {
    gather(row: row, column: column, count: count)
    (rowCoverage + column).update(repeating: coverage, count: count)
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
      (rowCoverage + end).update(repeating: 0, count: column - end)
    }
    end = column + count
  }

  /// Shades the row gathered where the target holds it, and lays it through its coverage.
  mutating func layRow() {
    defer { end = start }
    guard end > start else { return }
    let deviceRow = pictureTop + row
    let targetRow = deviceRow + targetShiftY
    guard targetRows.contains(targetRow) else { return }
    let first = pictureLeft + start + targetShiftX
    let from = max(first, targetColumns.lowerBound)
    let to = min(pictureLeft + end + targetShiftX, targetColumns.upperBound)
    guard from < to else { return }
    shader.shadeRow(into: shaded, row: deviceRow, origin: pictureLeft, columns: from - targetShiftX..<to - targetShiftX)
    CoverageCompositor.compositeOver(
      pixels: shaded, through: rowCoverage + start + (from - first), opacity: opacity,
      onto: pixels + targetRow * pixelsPerRow + from, count: to - from)
  }
}

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
  /// The device pixel the coverage's (0, 0) is, and how wide its picture is.
  public let pictureLeft: Int
  public let pictureTop: Int
  public let pictureWidth: Int
  /// Room for `pictureWidth` pixels and as many bytes.
  public let shaded: UnsafeMutablePointer<UInt32>
  public let rowCoverage: UnsafeMutablePointer<UInt8>

  public init(
    shader: GradientShader, opacity: UInt8, pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, shiftX: Int, shiftY: Int,
    columns: Range<Int>, rows: Range<Int>, pictureLeft: Int, pictureTop: Int, pictureWidth: Int,
    shaded: UnsafeMutablePointer<UInt32>, rowCoverage: UnsafeMutablePointer<UInt8>
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
    self.shaded = shaded
    self.rowCoverage = rowCoverage
  }

  var sink: ShadingSink {
    ShadingSink(
      shader: shader, opacity: opacity, pixels: pixels, pixelsPerRow: pixelsPerRow, targetShiftX: shiftX, targetShiftY: shiftY,
      targetColumns: columns, targetRows: rows, pictureLeft: pictureLeft, pictureTop: pictureTop, shaded: shaded,
      rowCoverage: rowCoverage)
  }
}

extension CoverageRasterizer {
  /// Shades `target`'s gradient through the polygons' coverage under `rule` (in the picture's
  /// pixels, within `columns` × `rows` of it) and lays it over the target's pixels, then
  /// forgets the polygons.
  public func shade(rule: FillRule, into target: ShadingTarget, columns: Range<Int>, rows: Range<Int>) {
    defer { reset() }
    var sink = target.sink
    sweep(rule: rule, columns: columns, rows: rows, into: &sink)
    sink.layRow()
  }
}

extension CoverageRecording {
  /// Shades `target`'s gradient through the recorded coverage, in `rows` of the picture, and
  /// lays it over the target's pixels.
  public func shade(into target: ShadingTarget, rows: Range<Int>) {
    var sink = target.sink
    replay(into: &sink, rows: rows)
    sink.layRow()
  }
}
