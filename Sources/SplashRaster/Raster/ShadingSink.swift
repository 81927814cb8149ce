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
///
/// An opaque gradient at full opacity hides what lies below wherever a pixel is covered whole,
/// and `over` then writes the shaded pixel itself. The row's longest span of whole coverage (a
/// filled shape's inside) is copied from the shaded row, and only the pixels either side of it
/// go through the compositor:
///
///     row:     |cells|········ whole coverage ········|cells|
///     laid:    |over |             copied             |over |
///
/// (Shading the span straight into the target instead made three calls of the shader a row,
/// whose setting up cost more than the compositor's pass saved.)
struct ShadingSink: CoverageSink {
  let target: ShadingTarget
  /// Whether spans of whole coverage may be copied from the shaded row.
  private let copiesWholeSpans: Bool
  /// The row gathered, and its columns from the first run's start to the last one's end.
  private var row = Int.min
  private var start = 0
  private var end = 0
  /// The longest span of whole coverage in the row gathered (picture columns).
  private var wholeStart = 0
  private var wholeEnd = 0
  /// Pixels copied from the shaded row.
  private(set) var pixelsCopied = 0

  /// The shortest span of whole coverage copied: below it, the extra calls cost more than the
  /// compositor's pass over the pixels.
  static let shortestCopiedSpan = 16

  init(_ target: ShadingTarget) {
    self.target = target
    copiesWholeSpans = target.opacity == 255 && target.shader.ramp.isOpaque
  }

  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int) {
    gather(row: row, column: column, count: count)
    (target.rowCoverage + column).update(from: coverage, count: count)
  }

  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8) {
    gather(row: row, column: column, count: count)
    (target.rowCoverage + column).update(repeating: coverage, count: count)
    if coverage == 255, count > wholeEnd - wholeStart {
      wholeStart = column
      wholeEnd = column + count
    }
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
    defer {
      end = start
      wholeEnd = wholeStart
    }
    guard end > start else { return }
    let deviceRow = target.pictureTop + row
    let targetRow = deviceRow + target.shiftY
    guard target.rows.contains(targetRow) else { return }
    // Target column = picture column + `toTarget`.
    let toTarget = target.pictureLeft + target.shiftX
    let from = max(start + toTarget, target.columns.lowerBound)
    let to = min(end + toTarget, target.columns.upperBound)
    guard from < to else { return }
    target.shader.shadeRow(
      into: target.shaded, row: deviceRow, origin: target.pictureLeft, columns: from - target.shiftX..<to - target.shiftX)
    if copiesWholeSpans, wholeEnd - wholeStart >= Self.shortestCopiedSpan {
      let wholeFrom = max(wholeStart + toTarget, from)
      let wholeTo = min(wholeEnd + toTarget, to)
      // Under a clip that covers pixels in part, only where it lets all of each pixel through.
      if wholeTo - wholeFrom >= Self.shortestCopiedSpan,
        target.clip?.isWhole(row: targetRow, columns: wholeFrom..<wholeTo) ?? true
      {
        lay(from..<wholeFrom, row: targetRow, shadedFrom: from, toTarget: toTarget)
        (target.pixels + targetRow * target.pixelsPerRow + wholeFrom).update(
          from: target.shaded + (wholeFrom - from), count: wholeTo - wholeFrom)
        pixelsCopied += wholeTo - wholeFrom
        lay(wholeTo..<to, row: targetRow, shadedFrom: from, toTarget: toTarget)
        return
      }
    }
    lay(from..<to, row: targetRow, shadedFrom: from, toTarget: toTarget)
  }

  /// Lays the shaded pixels of target columns `columns` of `targetRow` through their coverage;
  /// the scratch row holds the shaded pixels from target column `shadedFrom` on.
  @inline(__always)
  private func lay(_ columns: Range<Int>, row targetRow: Int, shadedFrom: Int, toTarget: Int) {
    guard !columns.isEmpty else { return }
    let coverage = target.rowCoverage + (columns.lowerBound - toTarget)
    target.clip?.clip(coverage, row: targetRow, columns: columns, into: coverage)
    CoverageCompositor.compositeOver(
      pixels: target.shaded + (columns.lowerBound - shadedFrom), through: coverage, opacity: target.opacity,
      onto: target.pixels + targetRow * target.pixelsPerRow + columns.lowerBound, count: columns.count)
  }
}

extension CoverageRasterizer {
  /// Shades `target`'s gradient through the polygons' coverage under `rule` (in the picture's
  /// pixels, within `columns` × `rows` of it) and lays it over the target's pixels, then
  /// forgets the polygons. Returns how many pixels of whole coverage were copied from the
  /// shaded row (see `ShadingSink`).
  @discardableResult
  public func shade(rule: FillRule, into target: ShadingTarget, columns: Range<Int>, rows: Range<Int>) -> Int {
    defer { reset() }
    var sink = ShadingSink(target)
    sweep(rule: rule, columns: columns, rows: rows, into: &sink)
    sink.layRow()
    return sink.pixelsCopied
  }
}

extension CoverageRecording {
  /// Shades `target`'s gradient through the recorded coverage, in `rows` of the picture, and
  /// lays it over the target's pixels. Returns how many pixels of whole coverage were copied
  /// from the shaded row.
  @discardableResult
  public func shade(into target: ShadingTarget, rows: Range<Int>) -> Int {
    var sink = ShadingSink(target)
    replay(into: &sink, rows: rows)
    sink.layRow()
    return sink.pixelsCopied
  }
}
