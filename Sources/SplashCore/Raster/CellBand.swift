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
    let leftEdge = Double(left)
    let rightEdge = Double(left + width)
    var start = start
    var end = end
    var height = height
    if start < leftEdge || end < leftEdge {
      if start <= leftEdge && end <= leftEdge {
        add(row: row, column: leftEdge, cover: height, position: 0, direction: direction)
        return
      }
      // The share of the height left of the band.
      let outside = height * (leftEdge - min(start, end)) / abs(end - start)
      add(row: row, column: leftEdge, cover: outside, position: 0, direction: direction)
      height -= outside
      if start < leftEdge { start = leftEdge } else { end = leftEdge }
    }
    if start > rightEdge || end > rightEdge {
      if start >= rightEdge && end >= rightEdge { return }
      height -= height * (max(start, end) - rightEdge) / abs(end - start)
      if start > rightEdge { start = rightEdge } else { end = rightEdge }
    }
    guard height > 0 else { return }
    let startColumn = Self.roundedDown(start)
    let endColumn = Self.roundedDown(end)
    if startColumn == endColumn {
      add(row: row, column: startColumn, cover: height, position: (start + end) / 2 - startColumn, direction: direction)
      return
    }
    let rise = height / abs(end - start)
    var x = start
    var column = startColumn
    var remaining = height
    if end > start {
      while column < endColumn {
        let boundary = column + 1
        let piece = (boundary - x) * rise
        add(row: row, column: column, cover: piece, position: (x + boundary) / 2 - column, direction: direction)
        remaining -= piece
        x = boundary
        column = boundary
      }
    } else {
      while column > endColumn {
        let piece = (x - column) * rise
        add(row: row, column: column, cover: piece, position: (x + column) / 2 - column, direction: direction)
        remaining -= piece
        x = column
        column -= 1
      }
    }
    if remaining > 0 {
      add(row: row, column: endColumn, cover: remaining, position: (x + end) / 2 - endColumn, direction: direction)
    }
  }

  /// `value` rounded down, for a value within the band's columns (far inside `Int`'s range).
  /// `rounded(.down)` is a call to libm's `floor` on the baseline x86-64 target, which has no
  /// rounding instruction: twice for every piece.
  @inline(__always)
  static func roundedDown(_ value: Double) -> Double {
    let truncated = Double(Int(value))
    return truncated > value ? truncated - 1 : truncated
  }

  /// Adds `cover` (signed by `direction`) at `position` (0–1 across the pixel) to a cell.
  ///
  /// A cell left of the band is the band's first cell wholly covered from its left: the pixels
  /// it would have covered are outside the clip, the ones right of it are not. A cell right of
  /// the band is outside the clip and covers nothing in it.
  @inline(__always)
  mutating func add(row: Int, column: Double, cover: Double, position: Double, direction: Float) {
    var index = Int(column) - left
    var position = position
    if index < 0 {
      index = 0
      position = 0
    } else if index >= width {
      return
    }
    let signed = Float(cover) * direction
    let cell = row * width + index
    covers[cell] += signed
    areas[cell] += signed * Float(position)
    touched[row * wordsPerRow + index >> 6] |= 1 << UInt64(index & 63)
  }

  /// Hands `sink` the coverage of one row of the band, then clears its cells.
  mutating func sweepRow<Sink: CoverageSink>(
    _ row: Int, clipRight: Int, runBytes: UnsafeMutablePointer<UInt8>,
    into sink: inout Sink
  ) {
    let cellRow = (row - top) * width
    let wordRow = (row - top) * wordsPerRow
    var winding: Float = 0
    var nextColumn = 0
    var runStart = 0
    var runCount = 0
    for word in 0..<wordsPerRow {
      var bits = touched[wordRow + word]
      guard bits != 0 else { continue }
      touched[wordRow + word] = 0
      while bits != 0 {
        let column = word << 6 | bits.trailingZeroBitCount
        bits &= bits &- 1
        if column > nextColumn {
          if runCount > 0 {
            sink.cells(row: row, column: left + runStart, coverage: runBytes, count: runCount)
            runCount = 0
          }
          let coverage = Self.coverageByte(winding)
          if coverage != 0 { sink.span(row: row, column: left + nextColumn, count: column - nextColumn, coverage: coverage) }
        }
        if runCount == 0 { runStart = column }
        let cover = covers[cellRow + column]
        runBytes[runCount] = Self.coverageByte(winding + cover - areas[cellRow + column])
        runCount += 1
        winding += cover
        covers[cellRow + column] = 0
        areas[cellRow + column] = 0
        nextColumn = column + 1
      }
    }
    if runCount > 0 { sink.cells(row: row, column: left + runStart, coverage: runBytes, count: runCount) }
    // Past the last cell the winding stays; it is not zero only when edges beyond the clip's
    // right were dropped, and then the shape reaches the clip's edge.
    let coverage = Self.coverageByte(winding)
    if coverage != 0, left + nextColumn < clipRight {
      sink.span(row: row, column: left + nextColumn, count: clipRight - left - nextColumn, coverage: coverage)
    }
  }

  /// The coverage byte (0–255, rounded) of a pixel whose covered area is `area`: only
  /// entering and leaving edges were added, so it lies in 0…1 but for rounding.
  @inline(__always)
  static func coverageByte(_ area: Float) -> UInt8 {
    UInt8(min(abs(area), 1) * 255 + 0.5)
  }
}
