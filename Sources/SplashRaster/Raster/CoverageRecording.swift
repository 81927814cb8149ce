/// A shape's coverage as `CoverageRasterizer` handed it out, kept to be laid again.
///
/// A player does not rasterize a shape again while its path, style and place stay the same
/// (ThorVG keeps each shape's coverage runs until its path or transform changes): most of a
/// Lottie file's shapes hold still from frame to frame while a few move. Laying a recording
/// makes the very calls the sweep made, in the same order, with the same bytes, so the pixels
/// are those of rasterizing again, to the bit, at the cost of the compositing alone.
///
///     sweep ──▶ RecordingSink ──▶ runs + cell bytes ──replay──▶ ColorSink / ShareSink
public struct CoverageRecording: Sendable {
  /// One call of the sweep: a span of one coverage, or a run of cells with bytes of their own.
  struct Run {
    var row: Int32
    var column: Int32
    var count: Int32
    /// A span's coverage (1–255) when not negative; for cells, −1 − the offset of their
    /// first byte in `cellBytes`.
    var coverage: Int32
  }

  var runs: [Run] = []
  var cellBytes: [UInt8] = []

  /// The memory the recording holds.
  public var byteCount: Int { runs.count * MemoryLayout<Run>.stride + cellBytes.count }

  /// Whether the shape covers no pixel.
  public var isEmpty: Bool { runs.isEmpty }

  /// Lays `color` (premultiplied `0xAARRGGBB`) through the coverage over `pixels`
  /// (`pixelsPerRow` a row) in `rows` (all of them when `nil`), as
  /// `CoverageRasterizer.fill(rule:color:…)` did when recorded.
  ///
  /// A row's coverage does not depend on the rows swept with it (each row's sums start
  /// afresh), so the rows of a recording made over more rows are those of sweeping these alone.
  public func fill(color: UInt32, onto pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, rows: Range<Int>? = nil) {
    guard color != 0 else { return }
    var sink = ColorSink(pixels: pixels, pixelsPerRow: pixelsPerRow, color: color)
    replay(into: &sink, rows: rows)
  }

  /// Lays the coverage at `share` over the 8-bit coverage in `bytes` (`bytesPerRow` a row) in
  /// `rows` (all of them when `nil`), as `CoverageRasterizer.fill(rule:share:…)` did when
  /// recorded.
  public func fill(share: UInt8, onto bytes: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, rows: Range<Int>? = nil) {
    guard share != 0 else { return }
    var sink = ShareSink(bytes: bytes, bytesPerRow: bytesPerRow, share: UInt64(share))
    replay(into: &sink, rows: rows)
  }

  /// Makes the recorded calls of `rows` (all when `nil`) again. The runs are in the order the
  /// sweep made them, row after row.
  func replay<Sink: CoverageSink>(into sink: inout Sink, rows: Range<Int>? = nil) {
    let first = Int32(clamping: rows?.lowerBound ?? Int(Int32.min))
    let end = Int32(clamping: rows?.upperBound ?? Int(Int32.max))
    runs.withUnsafeBufferPointer { runs in
      cellBytes.withUnsafeBufferPointer { bytes in
        for run in runs {
          guard run.row >= first else { continue }
          guard run.row < end else { break }
          if run.coverage >= 0 {
            sink.span(row: Int(run.row), column: Int(run.column), count: Int(run.count), coverage: UInt8(run.coverage))
          } else {
            sink.cells(
              row: Int(run.row), column: Int(run.column), coverage: bytes.baseAddress! + Int(-1 - run.coverage),
              count: Int(run.count))
          }
        }
      }
    }
  }
}

/// Keeps what the sweep hands out (see `CoverageRecording`).
struct RecordingSink: CoverageSink {
  var recording = CoverageRecording()

  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int) {
    let offset = recording.cellBytes.count
    recording.cellBytes.append(contentsOf: UnsafeBufferPointer(start: coverage, count: count))
    recording.runs.append(
      CoverageRecording.Run(row: Int32(row), column: Int32(column), count: Int32(count), coverage: Int32(-1 - offset)))
  }

  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8) {
    recording.runs.append(CoverageRecording.Run(row: Int32(row), column: Int32(column), count: Int32(count), coverage: Int32(coverage)))
  }
}

extension CoverageRasterizer {
  /// The polygons' coverage under `rule` within `columns` × `rows`, kept to be laid later (any
  /// number of times, in any colour); then forgets the polygons.
  ///
  /// Rows and columns must lie within ±2³¹ (a frame's pixels do).
  public func record(rule: FillRule, columns: Range<Int>, rows: Range<Int>) -> CoverageRecording {
    defer { reset() }
    var sink = RecordingSink()
    sweep(rule: rule, columns: columns, rows: rows, into: &sink)
    return sink.recording
  }
}
