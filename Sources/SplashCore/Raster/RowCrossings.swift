/// The edge pieces of one band of rows, and which of them enter or leave the shape.
///
/// A row's pieces are ordered left to right (by their x halfway down) and the winding
/// counted across them; only a piece where the fill rule turns outside into inside (+1) or
/// back (−1) is added to the cells (see `CoverageRasterizer`):
///
///     winding   0 ──▶ 1 ──▶ 2 ──▶ 1 ──▶ 0      two overlapping shapes, nonzero
///     adds       +1    0     0    −1
///
/// Where a piece starts or ends inside the row (a corner of a polygon), the pieces present
/// differ from one stretch of the row's height to the next. When the row is plainly simple
/// there (the mean winding stays within 0…1 on one side of zero, and pieces running the same
/// way side by side lie one above the other, as two edges meeting at a corner do), every
/// piece is added as it is, which is exact. Otherwise the row is cut at those points and each
/// stretch counted on its own: counting them together would, for instance, take two pieces
/// stacked over the same half of a row for one piece above the other.
struct RowCrossings {
  typealias Piece = CoverageRasterizer.Piece

  /// The band's pieces, row after row; row r's are `rowStarts[r − bandTop] ..<
  /// rowStarts[r − bandTop + 1]`.
  let pieces: UnsafeMutablePointer<Piece>
  let rowStarts: UnsafeMutablePointer<Int>
  /// One stretch's pieces, cut to its height.
  let stretch: UnsafeMutablePointer<Piece>
  /// Where a row is cut.
  let cuts: UnsafeMutablePointer<Double>
  let bandTop: Int
  let rule: CoverageRasterizer.FillRule

  /// Places a piece of each active edge in each row of the band it crosses, where
  /// `CoverageRasterizer.countPieces` left room.
  func placePieces(
    of edges: UnsafeBufferPointer<CoverageRasterizer.Edge>, active: UnsafeBufferPointer<Int>, bandBottom: Int
  ) {
    // Each row's next free slot: `rowStarts` moves on as pieces are placed, and is moved back
    // afterwards.
    for index in active {
      let edge = edges[index]
      for row in edge.rows(from: bandTop, to: bandBottom) {
        let top = max(edge.top, Double(row))
        let bottom = min(edge.bottom, Double(row + 1))
        let slot = rowStarts[row - bandTop]
        pieces[slot] = Piece(
          top: top, bottom: bottom, topX: edge.x + (top - edge.top) * edge.slope,
          bottomX: edge.x + (bottom - edge.top) * edge.slope, direction: edge.direction)
        rowStarts[row - bandTop] += 1
      }
    }
    // Each row's start has moved to the next row's: move them back.
    var row = bandBottom - bandTop
    while row > 0 {
      rowStarts[row] = rowStarts[row - 1]
      row -= 1
    }
    rowStarts[0] = 0
  }

  func hasPieces(row: Int) -> Bool { rowStarts[row - bandTop] < rowStarts[row - bandTop + 1] }

  /// Adds to `cells` the row's pieces that enter or leave the shape.
  func addCrossings(row: Int, to cells: inout CellBand) {
    let first = rowStarts[row - bandTop]
    let end = rowStarts[row - bandTop + 1]
    let rowTop = Double(row)
    let rowBottom = Double(row + 1)
    var crossesWhole = true
    for index in first..<end where pieces[index].top > rowTop || pieces[index].bottom < rowBottom {
      crossesWhole = false
      break
    }
    if crossesWhole {
      // Every piece crosses the whole row: one stretch, the pieces where they lie.
      addStretch(pieces + first, count: end - first, row: row, to: &cells)
      return
    }
    Self.sort(pieces + first, count: end - first)
    if isPlainlySimple(first: first, end: end) {
      for index in first..<end {
        let piece = pieces[index]
        cells.deposit(
          row: row - cells.top, from: piece.topX, to: piece.bottomX, height: piece.bottom - piece.top,
          direction: piece.direction)
      }
      return
    }
    var cutCount = 0
    for index in first..<end {
      if pieces[index].top > rowTop { insertCut(pieces[index].top, count: &cutCount) }
      if pieces[index].bottom < rowBottom { insertCut(pieces[index].bottom, count: &cutCount) }
    }
    cuts[cutCount] = rowBottom
    var upper = rowTop
    for cut in 0...cutCount {
      let lower = cuts[cut]
      var count = 0
      for index in first..<end where pieces[index].top <= upper && pieces[index].bottom >= lower {
        let piece = pieces[index]
        let slope = (piece.bottomX - piece.topX) / (piece.bottom - piece.top)
        stretch[count] = Piece(
          top: upper, bottom: lower, topX: piece.topX + (upper - piece.top) * slope,
          bottomX: piece.topX + (lower - piece.top) * slope, direction: piece.direction)
        count += 1
      }
      addStretch(stretch, count: count, row: row, to: &cells)
      upper = lower
    }
  }

  /// Whether the row's pieces (ordered left to right) can be added as they are: the mean
  /// winding across them stays within 0…1 or within −1…0, and each run of neighbours running
  /// the same way lies one above another (a corner's two edges), not over the same height.
  private func isPlainlySimple(first: Int, end: Int) -> Bool {
    let slack = 1e-9
    var winding = 0.0
    var lowest = 0.0
    var highest = 0.0
    var runStart = first
    for index in first..<end {
      let piece = pieces[index]
      winding += Double(piece.direction) * (piece.bottom - piece.top)
      lowest = min(lowest, winding)
      highest = max(highest, winding)
      if piece.direction != pieces[runStart].direction { runStart = index }
      for other in runStart..<index where pieces[other].top < piece.bottom - slack && piece.top < pieces[other].bottom - slack {
        return false
      }
    }
    return (lowest >= -slack && highest <= 1 + slack) || (highest <= slack && lowest >= -1 - slack)
  }

  /// Puts `y` among the first `count` cuts, in order, unless it is there already.
  @inline(__always)
  private func insertCut(_ y: Double, count: inout Int) {
    var slot = count
    while slot > 0, cuts[slot - 1] > y {
      cuts[slot] = cuts[slot - 1]
      slot -= 1
    }
    if slot > 0, cuts[slot - 1] == y {
      // Already there: close the gap again.
      for index in slot..<count { cuts[index] = cuts[index + 1] }
      return
    }
    cuts[slot] = y
    count += 1
  }

  /// Orders `count` pieces of one stretch left to right (by x halfway down) and adds those
  /// that enter or leave the shape to the cells.
  @inline(__always)
  private func addStretch(_ stretch: UnsafeMutablePointer<Piece>, count: Int, row: Int, to cells: inout CellBand) {
    Self.sort(stretch, count: count)
    var winding = 0
    for index in 0..<count {
      let piece = stretch[index]
      let before = winding
      winding += piece.direction > 0 ? 1 : -1
      let wasInside = rule == .nonZero ? before != 0 : before & 1 != 0
      let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
      guard wasInside != isInside else { continue }
      cells.deposit(
        row: row - cells.top, from: piece.topX, to: piece.bottomX, height: piece.bottom - piece.top,
        direction: isInside ? 1 : -1)
    }
  }

  /// Orders `count` pieces left to right by their x halfway down (insertion sort: a row holds
  /// few pieces, mostly in order already).
  @inline(__always)
  static func sort(_ stretch: UnsafeMutablePointer<Piece>, count: Int) {
    var index = 1
    while index < count {
      let piece = stretch[index]
      let key = piece.topX + piece.bottomX
      var slot = index
      while slot > 0, stretch[slot - 1].topX + stretch[slot - 1].bottomX > key {
        stretch[slot] = stretch[slot - 1]
        slot -= 1
      }
      stretch[slot] = piece
      index += 1
    }
  }
}
