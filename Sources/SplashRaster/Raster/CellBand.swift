/// The cells of one band of rows: where `CoverageRasterizer` adds up each edge's covered area
/// and from which it sweeps a row's coverage.
///
/// Cells are stored densely, a row of the shape's columns each, and marked in a bit set, so
/// that a row's sweep visits its touched cells in order without sorting them and skips the
/// pixels between them 64 at a time.
struct CellBand {
  let covers: UnsafeMutablePointer<Float>
  let areas: UnsafeMutablePointer<Float>
  let touched: UnsafeMutablePointer<UInt64>
  /// The column of each row's first cell.
  let left: Int
  let width: Int
  let wordsPerRow: Int
  /// The row of the band's first row.
  var top: Int

  /// Adds a piece of edge inside one row, from x `start` to x `end`, `height` tall, to the
  /// cells of the columns it crosses.
  ///
  ///     column:   c0      c0+1     c0+2
  ///             |  ╲     |        |
  ///             |    ╲   |        |       each column gets the height of the piece inside
  ///             |      ╲ |        |       it and where, on average, that piece lies
  ///             |        ╲        |
  ///             |        | ╲      |
  @inline(__always)
  mutating func deposit(row: Int, from start: Double, to end: Double, height: Double, direction: Float) {
    // Only the band's columns are walked. The part of a piece left of them covers the whole of
    // the first column's height share (it lies wholly left of every pixel drawn); the part
    // right of them covers no pixel drawn. A piece far outside costs no more than one inside.
    // x is counted from the band's left from here on: the column is then a cell's index.
    var start = start - Double(left)
    var end = end - Double(left)
    var height = height
    let rightEdge = Double(width)
    if start < 0 || end < 0 {
      if start <= 0 && end <= 0 {
        add(row: row, index: 0, cover: height, position: 0, direction: direction)
        return
      }
      // The share of the height left of the band.
      let outside = height * -min(start, end) / abs(end - start)
      add(row: row, index: 0, cover: outside, position: 0, direction: direction)
      height -= outside
      if start < 0 { start = 0 } else { end = 0 }
    }
    if start > rightEdge || end > rightEdge {
      if start >= rightEdge && end >= rightEdge { return }
      height -= height * (max(start, end) - rightEdge) / abs(end - start)
      if start > rightEdge { start = rightEdge } else { end = rightEdge }
    }
    guard height > 0 else { return }
    // Both ends lie within 0…width now: truncating is rounding down, with no call to libm's
    // `floor` where the target has no rounding instruction (x86-64 before SSE4.1), and the
    // range needs no check (`SaturatingConversion`).
    let startIndex = SaturatingConversion.integer(start)
    let endIndex = SaturatingConversion.integer(end)
    if startIndex == endIndex {
      add(row: row, index: startIndex, cover: height, position: (start + end) / 2 - Double(startIndex), direction: direction)
      return
    }
    let rise = height / abs(end - start)
    var x = start
    var index = startIndex
    var remaining = height
    if endIndex > startIndex {
      while index < endIndex {
        let boundary = Double(index &+ 1)
        let piece = (boundary - x) * rise
        add(row: row, index: index, cover: piece, position: (x + boundary) / 2 - Double(index), direction: direction)
        remaining -= piece
        x = boundary
        index &+= 1
      }
    } else {
      while index > endIndex {
        let boundary = Double(index)
        let piece = (x - boundary) * rise
        add(row: row, index: index, cover: piece, position: (x + boundary) / 2 - boundary, direction: direction)
        remaining -= piece
        x = boundary
        index &-= 1
      }
    }
    if remaining > 0 {
      add(row: row, index: endIndex, cover: remaining, position: (x + end) / 2 - Double(endIndex), direction: direction)
    }
  }

  /// Adds `cover` (signed by `direction`) at `position` (0–1 across the pixel) to the cell of
  /// the band's column `index` (0 or more). A cell right of the band is outside the clip and
  /// covers nothing in it.
  @inline(__always)
  mutating func add(row: Int, index: Int, cover: Double, position: Double, direction: Float) {
    guard index < width else { return }
    let signed = Float(cover) * direction
    let cell = row &* width &+ index
    covers[cell] += signed
    areas[cell] += signed * Float(position)
    touched[row &* wordsPerRow &+ index &>> 6] |= 1 &<< UInt64(index & 63)
  }

  /// Clears the cells of the band's row `row` (0 for its first), as a sweep leaves them.
  mutating func clearRow(_ row: Int) {
    for word in 0..<wordsPerRow {
      var bits = touched[row &* wordsPerRow &+ word]
      touched[row &* wordsPerRow &+ word] = 0
      while bits != 0 {
        let cell = row &* width &+ (word << 6 | bits.trailingZeroBitCount)
        bits &= bits &- 1
        covers[cell] = 0
        areas[cell] = 0
      }
    }
  }

  /// Hands `sink` the coverage of one row of the band, then clears its cells.
  mutating func sweepRow<Sink: CoverageSink>(
    _ row: Int, clipRight: Int, runBytes: UnsafeMutablePointer<UInt8>,
    into sink: inout Sink
  ) {
    // Columns and counts lie within the band's width, far from overflowing: wrapping
    // arithmetic, which needs no check.
    let cellRow = (row &- top) &* width
    let wordRow = (row &- top) &* wordsPerRow
    var winding: Float = 0
    var nextColumn = 0
    var runStart = 0
    var runCount = 0
    var word = 0
    while word < wordsPerRow {
      defer { word &+= 1 }
      var bits = touched[wordRow &+ word]
      guard bits != 0 else { continue }
      touched[wordRow &+ word] = 0
      while bits != 0 {
        let column = word << 6 | bits.trailingZeroBitCount
        bits &= bits &- 1
        if column > nextColumn {
          let coverage = Self.coverageByte(winding)
          let gap = column &- nextColumn
          if runCount > 0, gap <= Self.longestGapInRun {
            // A short gap joins the run on either side, as cells of its one coverage: at most
            // `longestGapInRun` bytes, set in a loop (`update(repeating:)` called `memset`).
            for offset in 0..<gap { runBytes[runCount &+ offset] = coverage }
            runCount &+= gap
          } else {
            if runCount > 0 {
              sink.cells(row: row, column: left &+ runStart, coverage: runBytes, count: runCount)
              runCount = 0
            }
            if coverage != 0 { sink.span(row: row, column: left &+ nextColumn, count: gap, coverage: coverage) }
          }
        }
        if runCount == 0 { runStart = column }
        let cell = cellRow &+ column
        let cover = covers[cell]
        runBytes[runCount] = Self.coverageByte(winding + cover - areas[cell])
        runCount &+= 1
        winding += cover
        covers[cell] = 0
        areas[cell] = 0
        nextColumn = column &+ 1
      }
    }
    if runCount > 0 { sink.cells(row: row, column: left &+ runStart, coverage: runBytes, count: runCount) }
    // Past the last cell the winding stays; it is not zero only when edges beyond the clip's
    // right were dropped, and then the shape reaches the clip's edge.
    let coverage = Self.coverageByte(winding)
    if coverage != 0, left &+ nextColumn < clipRight {
      sink.span(row: row, column: left &+ nextColumn, count: clipRight &- left &- nextColumn, coverage: coverage)
    }
  }

  /// The longest stretch between two runs of cells laid with them as one run: a sink lays a
  /// cell of a span's coverage as it lays the span's pixels, to the bit, and a thin stroke's
  /// rows (cells, a pixel or two inside, cells) then take one call instead of three.
  static let longestGapInRun = 8

  /// The coverage byte (0–255, rounded) of a pixel whose covered area is `area`: only
  /// entering and leaving edges were added, so it lies in 0…1 but for rounding.
  @inline(__always)
  static func coverageByte(_ area: Float) -> UInt8 {
    // 0.5…255.5: in range, needing no check (`SaturatingConversion`).
    SaturatingConversion.byte(min(abs(area), 1) * 255 + 0.5)
  }
}
