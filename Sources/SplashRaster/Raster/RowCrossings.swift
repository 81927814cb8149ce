/// The chain pieces of one band of rows, and which of them enter or leave the shape.
///
/// A row's pieces are ordered left to right (by their x halfway down) and the winding
/// counted across them; only a piece where the fill rule turns outside into inside (+1) or
/// back (−1) is added to the cells (see `CoverageRasterizer`):
///
///     winding   0 ──▶ 1 ──▶ 2 ──▶ 1 ──▶ 0      two overlapping shapes, nonzero
///     adds       +1    0     0    −1
///
/// That order holds over the whole height counted only when no two pieces change places in
/// it. Where a piece starts or ends inside the row (a chain's turning point), or two pieces
/// cross, the row is cut there and each stretch counted on its own: counting them together
/// would, for instance, take two pieces stacked over the same half of a row for one piece
/// above the other, and would give the part of a pentagram's point above a crossing the
/// winding of the middle below it.
///
///     row top    ─────────────────────       a and b cross: the stretch above the
///                  a ╲       ╱ b             crossing has a left of b, the one below
///                      ╲   ╱                 b left of a
///     crossing   ─ ─ ─ ─ ╳ ─ ─ ─ ─
///                      ╱   ╲
///     row bottom ─────────────────────
///
/// Most rows are neither: every piece runs through the row and they keep their order, and
/// the row is counted as one stretch. Chains keep turning points few (see
/// `CoverageRasterizer`), so cutting the rather rare rest costs little.
struct RowCrossings {
  typealias Piece = CoverageRasterizer.Piece
  typealias Edge = CoverageRasterizer.Edge

  /// Every chain's edges, as `CoverageRasterizer` holds them.
  let edges: UnsafeBufferPointer<Edge>
  /// The band's pieces, row after row; row r's are `rowStarts[r − bandTop] ..<
  /// rowStarts[r − bandTop + 1]`.
  let pieces: UnsafeMutablePointer<Piece>
  let rowStarts: UnsafeMutablePointer<Int>
  /// One stretch's pieces, cut to its height.
  let stretch: UnsafeMutablePointer<Piece>
  /// Where a row is cut.
  let cuts: UnsafeMutablePointer<Double>
  /// A row's pieces in order of their leftmost x (`addApart`), as indices into `pieces`, and
  /// gathered in that order.
  let byLeft: UnsafeMutablePointer<Int32>
  let parted: UnsafeMutablePointer<Piece>
  /// Beside `stretch`, place for place: the leftmost x of the pieces from there on
  /// (`addSorted`).
  let leftmostAfter: UnsafeMutablePointer<Double>
  /// Where the crossings halved without the pieces lying apart are counted.
  let crossingsParted: UnsafeMutablePointer<Int>
  let bandTop: Int
  let rule: CoverageRasterizer.FillRule
  /// The work one row may take (see `defaultWorkPerRow`).
  var workPerRow = Self.defaultWorkPerRow
  /// Whether a row that pieces start or end inside is parted into groups (`addApart`).
  var partsRows = true
  /// Whether a crossing halves only the pieces that can reach it (`addSorted`).
  var partsCrossings = true

  /// Places a piece of each active chain in each row of the band it crosses, where
  /// `CoverageRasterizer.countPieces` left room, and moves each chain's cursor (its first edge
  /// not wholly above the row) down with it.
  func placePieces(
    of chains: UnsafeBufferPointer<CoverageRasterizer.Chain>, active: UnsafePointer<Int>,
    cursors: UnsafeMutablePointer<Int>, count: Int, bandBottom: Int
  ) {
    // Each row's next free slot: `rowStarts` moves on as pieces are placed, and is moved back
    // afterwards.
    for index in 0..<count {
      let chain = chains[active[index]]
      var cursor = cursors[index]
      for row in chain.rows(from: bandTop, to: bandBottom) {
        let rowTop = Double(row)
        while edges[cursor].bottom <= rowTop { cursor += 1 }
        let slot = rowStarts[row - bandTop]
        pieces[slot] = piece(of: chain, from: cursor, top: max(chain.top, rowTop), bottom: min(chain.bottom, Double(row + 1)))
        rowStarts[row - bandTop] += 1
      }
      cursors[index] = cursor
    }
    // Each row's start has moved to the next row's: move them back.
    var row = bandBottom - bandTop
    while row > 0 {
      rowStarts[row] = rowStarts[row - 1]
      row -= 1
    }
    rowStarts[0] = 0
  }

  /// The piece of `chain` from `top` to `bottom`, its edges from `cursor` (the first not
  /// wholly above `top`) on.
  @inline(__always)
  private func piece(of chain: CoverageRasterizer.Chain, from cursor: Int, top: Double, bottom: Double) -> Piece {
    let edge = edges[cursor]
    let topX = edge.crossing(at: top)
    var end = cursor + 1
    let middleX: Double
    let bottomX: Double
    var leftmostX: Double
    var rightmostX: Double
    if edge.bottom >= bottom {
      // Within one edge: the common case (a curve cut finer than a row takes several).
      bottomX = edge.crossing(at: bottom)
      middleX = (topX + bottomX) / 2
      leftmostX = min(topX, bottomX)
      rightmostX = max(topX, bottomX)
    } else {
      leftmostX = topX
      rightmostX = topX
      while end < chain.endEdge, edges[end].top < bottom {
        leftmostX = min(leftmostX, edges[end].x)
        rightmostX = max(rightmostX, edges[end].x)
        end += 1
      }
      middleX = x(at: (top + bottom) / 2, from: cursor, to: end)
      bottomX = edges[end - 1].crossing(at: bottom)
      leftmostX = min(leftmostX, bottomX)
      rightmostX = max(rightmostX, bottomX)
    }
    return Piece(
      top: top, bottom: bottom, topX: topX, middleX: middleX, bottomX: bottomX, leftmostX: leftmostX,
      rightmostX: rightmostX, firstEdge: Int32(cursor), endEdge: Int32(end), direction: chain.direction)
  }

  /// Adds a band whose chains all run through it and keep their order across it, all of
  /// its rows at once, and returns whether it could: otherwise the band is left as it was,
  /// to be taken row by row.
  ///
  ///     band top    ─────────────────────      the chains are ordered and counted once,
  ///                   ╲     │      ╱           for the band's height: in every row they
  ///                    ╲    │     ╱            lie in that order, so each row keeps the
  ///     band bottom ─────────────────────      same ones, and only those are walked
  ///
  /// What a row would do is done once: placing a piece of every chain, ordering them,
  /// looking for a crossing and counting the winding. Each kept chain's edges are then
  /// deposited row by row, in the order the rows would have deposited them, so the cells
  /// get the same sums. Most bands of a shape taller than a band are such bands: its
  /// turning points, where chains start and end, lie in few of them.
  func addWholeBand(
    of chains: UnsafeBufferPointer<CoverageRasterizer.Chain>, active: UnsafePointer<Int>,
    cursors: UnsafeMutablePointer<Int>, count: Int, bandBottom: Int, to cells: inout CellBand
  ) -> Bool {
    let top = Double(bandTop)
    let bottom = Double(bandBottom)
    guard Self.sortCost(count) <= workPerRow else { return false }
    // The chains that reach the band (those that start below it are active already).
    var placed = 0
    for index in 0..<count {
      let chain = chains[active[index]]
      guard chain.top < bottom else { continue }
      guard chain.top <= top, chain.bottom >= bottom else { return false }
      var cursor = cursors[index]
      while edges[cursor].bottom <= top { cursor += 1 }
      pieces[placed] = piece(of: chain, from: cursor, top: top, bottom: bottom)
      placed += 1
    }
    Self.sort(pieces, count: placed)
    guard firstCrossing(pieces, count: placed) == nil else { return false }
    // The chains that enter or leave the shape, each with the sign it adds.
    var kept = 0
    var winding = 0
    for index in 0..<placed {
      guard let sign = boundarySign(goingDown: pieces[index].direction > 0, winding: &winding) else { continue }
      stretch[kept] = pieces[index]
      stretch[kept].direction = sign
      kept += 1
    }
    // Rows are a band's and edge indices an array's (which `Piece` holds in 32 bits): wrapping
    // arithmetic, with no overflow check in the loop.
    for row in bandTop..<bandBottom {
      let rowTop = Double(row)
      let rowBottom = Double(row &+ 1)
      for index in 0..<kept {
        var cursor = Int(stretch[index].firstEdge)
        while edges[cursor].bottom <= rowTop { cursor &+= 1 }
        stretch[index].firstEdge = Int32(truncatingIfNeeded: cursor)
        let direction = stretch[index].direction
        let edge = edges[cursor]
        if edge.bottom >= rowBottom {
          cells.deposit(
            row: row &- cells.top, from: edge.crossing(at: rowTop), to: edge.crossing(at: rowBottom),
            height: rowBottom - rowTop, direction: direction)
          continue
        }
        // The edges the row holds, as a piece of several edges deposits them.
        let bandEnd = Int(stretch[index].endEdge)
        var end = cursor &+ 1
        while end < bandEnd, edges[end].top < rowBottom { end &+= 1 }
        depositEdges(from: cursor, to: end, top: rowTop, bottom: rowBottom, direction: direction, row: row, to: &cells)
      }
    }
    // Each chain's cursor as the rows would have left it: at its first edge not wholly above
    // the band's last row.
    let lastRowTop = Double(bandBottom - 1)
    for index in 0..<count where chains[active[index]].top < bottom {
      var cursor = cursors[index]
      while edges[cursor].bottom <= lastRowTop { cursor += 1 }
      cursors[index] = cursor
    }
    return true
  }

  /// The chain's x at `y`, among its edges `first..<end` (which reach `y`).
  @inline(__always)
  private func x(at y: Double, from first: Int, to end: Int) -> Double {
    var index = first
    while index + 1 < end, edges[index].bottom < y { index += 1 }
    return edges[index].crossing(at: y)
  }

  func hasPieces(row: Int) -> Bool { rowStarts[row - bandTop] < rowStarts[row - bandTop + 1] }

  /// Adds to `cells` the row's pieces that enter or leave the shape; a row that takes more
  /// than `workPerRow` is sampled instead (`addSampled`).
  ///
  /// A row that pieces start or end inside is cut at each such height, and every piece across
  /// the row is taken again in every stretch. In a row of many small shapes side by side (the
  /// stripes of an airmail border, a dashed outline, particles), every shape's corners would
  /// then cut every other shape. So such a row is first parted into groups that lie apart
  /// (`addApart`), and each group is cut only where its own pieces start or end.
  ///
  /// Returns whether the row was parted into more than one group.
  func addCrossings(row: Int, to cells: inout CellBand) -> Bool {
    let first = rowStarts[row - bandTop]
    let end = rowStarts[row - bandTop + 1]
    var budget = workPerRow
    var groups = 1
    // A row whose pieces cannot even be ordered once within the budget is sampled at once.
    if Self.sortCost(end - first) > budget { budget = -1 }
    if budget >= 0 {
      let whole = crossesWhole(pieces + first, count: end - first, row: row)
      if partsRows, end - first >= Self.fewestPiecesParted, !whole {
        groups = addApart(from: first, to: end, row: row, to: &cells, budget: &budget)
      } else {
        addGroup(pieces + first, count: end - first, crossesWhole: whole, winding: 0, row: row, to: &cells, budget: &budget)
      }
    }
    guard budget < 0 else { return groups > 1 }
    cells.clearRow(row - cells.top)
    addSampled(from: first, to: end, row: row, samples: Self.samples(pieces: end - first, workPerRow: workPerRow), to: &cells)
    return false
  }

  /// The fewest pieces a row must hold to be parted into groups: two shapes apart need four.
  static let fewestPiecesParted = 4

  /// Whether each of the `count` pieces runs from the row's top to its bottom.
  @inline(__always)
  private func crossesWhole(_ group: UnsafeMutablePointer<Piece>, count: Int, row: Int) -> Bool {
    let rowTop = Double(row)
    let rowBottom = Double(row + 1)
    for index in 0..<count where group[index].top > rowTop || group[index].bottom < rowBottom { return false }
    return true
  }

  /// Adds the row's pieces `first..<end` group by group: left to right, a group ends where no
  /// piece to its right reaches back into its columns and its pieces' starts and ends cancel.
  ///
  ///     row top     ─────────────────────────────
  ///                      ╱╲         ╱╲        │       three groups: each corner's two
  ///                     ╱  ╲       ╱  ╲       │       pieces, cut only at its own tip,
  ///     row bottom  ─────────────────────────────     and an edge through the row
  ///
  /// Where a piece starts inside the row, another starts at the same height going the other
  /// way (the two sides of a corner, or the two ends of a level edge), or going the same way
  /// where the last ended (a chain broken at its polygon's first point). So at a gap that
  /// follows whole such pairs, the winding is the same all the way down the row, and the group
  /// beyond it can be counted from it on its own: cut at its own heights, ordered, checked for
  /// crossings. Pieces in different groups cannot cross, their columns being apart.
  ///
  /// Returns the number of groups.
  private func addApart(from first: Int, to end: Int, row: Int, to cells: inout CellBand, budget: inout Int) -> Int {
    let count = end - first
    // The pieces in order of their leftmost x, gathered where the groups can be taken from.
    for index in 0..<count { byLeft[index] = Int32(first + index) }
    Self.sortIndices(byLeft, count: count, of: pieces)
    budget -= Self.sortCost(count)
    for index in 0..<count { parted[index] = pieces[Int(byLeft[index])] }
    let rowTop = Double(row)
    let rowBottom = Double(row + 1)
    var winding = 0
    var groupStart = 0
    var groupWinding = 0
    var rightmostX = -Double.infinity
    var openEnds = OpenEnds()
    var parting = true
    var groups = 1
    for index in 0..<count {
      let piece = parted[index]
      if parting, index > groupStart, openEnds.isEmpty, rightmostX < piece.leftmostX {
        addGroup(parted + groupStart, count: index - groupStart, winding: winding, row: row, to: &cells, budget: &budget)
        winding += groupWinding
        groupStart = index
        groupWinding = 0
        groups += 1
      }
      rightmostX = max(rightmostX, piece.rightmostX)
      let direction = piece.direction > 0 ? 1 : -1
      if piece.top > rowTop { parting = openEnds.add(direction, at: piece.top) && parting } else { groupWinding += direction }
      if piece.bottom < rowBottom { parting = openEnds.add(-direction, at: piece.bottom) && parting }
    }
    addGroup(parted + groupStart, count: count - groupStart, winding: winding, row: row, to: &cells, budget: &budget)
    return groups
  }

  /// The heights where a group's pieces start or end, with the winding each changes there,
  /// left out once it comes back to 0. A group holding more heights than there is room for
  /// (sixteen) ends the parting: the rest of the row is taken as one group.
  struct OpenEnds {
    private var heights = InlineArray<16, Double>(repeating: 0)
    private var changes = InlineArray<16, Int>(repeating: 0)
    private var count = 0

    var isEmpty: Bool { count == 0 }

    /// Counts a change of `change` at height `y`; false when there is no room left for it.
    mutating func add(_ change: Int, at y: Double) -> Bool {
      for slot in 0..<count where heights[slot] == y {
        changes[slot] += change
        if changes[slot] == 0 {
          count -= 1
          heights[slot] = heights[count]
          changes[slot] = changes[count]
        }
        return true
      }
      guard count < heights.count else { return false }
      heights[count] = y
      changes[count] = change
      count += 1
      return true
    }
  }

  /// Adds the `count` pieces of `group`, lying apart from the row's others, that enter or
  /// leave the shape, counting the winding from `winding` (that left of the group);
  /// `crossesWhole` tells whether every piece runs through the row, when the caller knows.
  private func addGroup(
    _ group: UnsafeMutablePointer<Piece>, count: Int, crossesWhole knownWhole: Bool? = nil, winding: Int, row: Int,
    to cells: inout CellBand, budget: inout Int
  ) {
    let rowTop = Double(row)
    let rowBottom = Double(row + 1)
    guard budget >= 0 else { return }
    if knownWhole ?? crossesWhole(group, count: count, row: row) {
      Self.sort(group, count: count)
      guard let crossing = firstCrossing(group, count: count) else {
        // One stretch, the pieces where they lie.
        addOrdered(group, count: count, winding: winding, row: row, to: &cells)
        return
      }
      // A crossing is found: the pieces that can reach it are halved there, as `addStretch`
      // cuts a stretch.
      stretch.update(from: group, count: count)
      addSorted(
        stretch, count: count, from: rowTop, to: rowBottom, winding: winding, row: row, to: &cells, depth: 0, budget: &budget,
        crossing: crossing)
      return
    }
    var cutCount = 0
    for index in 0..<count where cutCount < Self.maximumCuts {
      if group[index].top > rowTop { insertCut(group[index].top, count: &cutCount) }
      if group[index].bottom < rowBottom { insertCut(group[index].bottom, count: &cutCount) }
    }
    // A row cut more often than that is sampled, as one past its budget.
    if cutCount == Self.maximumCuts { budget = -1 }
    cuts[cutCount] = rowBottom
    var upper = rowTop
    for cut in 0...cutCount where budget >= 0 {
      let lower = cuts[cut]
      var kept = 0
      for index in 0..<count where group[index].top <= upper && group[index].bottom >= lower {
        stretch[kept] = group[index]
        kept += 1
      }
      budget -= count
      addStretch(stretch, count: kept, from: upper, to: lower, winding: winding, row: row, to: &cells, depth: 0, budget: &budget)
      upper = lower
    }
  }

  /// Adds the row's pieces, `first..<end`, at `samples` heights across it: at each, their x
  /// there in order, and where the winding turns outside into inside or back, a step of
  /// that height. Exact across, sampled down; no cutting, no crossing to find.
  ///
  ///     row top     ───────────────────
  ///     sample 1      ▕▔▔▔▔▔▔▔▏   ▕▔▔▏     each sample's inside spans, each as tall
  ///     sample 2       ▕▔▔▔▔▔▔▔▔▔▔▔▔▏      as the row over the samples
  ///     row bottom  ───────────────────
  private func addSampled(from first: Int, to end: Int, row: Int, samples: Int, to cells: inout CellBand) {
    let height = 1 / Double(samples)
    // Each piece's x at the sample, its direction in the lowest bit (a change of one unit in
    // the last place): eight bytes to sort rather than a piece's sixty.
    let xs = UnsafeMutableBufferPointer(start: cuts, count: end - first)
    for sample in 0..<samples {
      let y = Double(row) + (Double(sample) + 0.5) * height
      var count = 0
      for index in first..<end where pieces[index].top <= y && pieces[index].bottom > y {
        let x = self.x(at: y, from: Int(pieces[index].firstEdge), to: Int(pieces[index].endEdge))
        let isDown: UInt64 = pieces[index].direction > 0 ? 1 : 0
        xs[count] = Double(bitPattern: x.bitPattern & ~1 | isDown)
        count += 1
      }
      var sampled = UnsafeMutableBufferPointer(rebasing: xs[0..<count])
      sampled.sort()
      var winding = 0
      for index in 0..<count {
        guard let sign = boundarySign(goingDown: xs[index].bitPattern & 1 == 1, winding: &winding) else { continue }
        cells.deposit(row: row - cells.top, from: xs[index], to: xs[index], height: height, direction: sign)
      }
    }
  }

  /// How many heights a row of `pieces` past its budget is sampled at: as many as a second
  /// budget's work allows, from 2 to 16.
  static func samples(pieces: Int, workPerRow: Int) -> Int {
    min(max(workPerRow / max(sortCost(pieces), 1), 2), 16)
  }

  /// The work of ordering `count` pieces, as the budget counts it.
  static func sortCost(_ count: Int) -> Int {
    count <= largestInsertionSort ? count : count * (Int.bitWidth - count.leadingZeroBitCount)
  }

  /// The work one row may take, in pieces visited (sorted, scanned, added) and edges walked: a
  /// row of a real shape takes a few thousand; a self-crossing path of 20 000 random points
  /// took millions a row, and a minute a frame. Past it, the row is sampled (`addSampled`):
  /// its time is then bounded by the budget and linear in its pieces (but for their sort).
  static let defaultWorkPerRow = 1 << 18

  /// The most places a row is cut at (pieces starting or ending inside it); a row with more is
  /// sampled, as one past its budget is.
  static let maximumCuts = 1024

  /// The most pieces ordered by insertion: past it, the standard library's sort.
  static let largestInsertionSort = 48

  /// How many times a stretch is halved, at most, where pieces cross in it: enough to put
  /// each crossing of a row's few pieces in a stretch of its own.
  static let maximumCrossingDepth = 8

  /// Adds the `count` pieces at `pieces` (in `stretch`), each present from `upper` to `lower`,
  /// that enter or leave the shape there; where two of them cross, adds the stretch above the
  /// crossing and the one below separately (`addSorted`).
  private func addStretch(
    _ pieces: UnsafeMutablePointer<Piece>, count: Int, from upper: Double, to lower: Double, winding: Int, row: Int,
    to cells: inout CellBand, depth: Int, budget: inout Int
  ) {
    // Past the budget the row is sampled (`addSampled`): nothing more here.
    guard lower > upper, budget >= 0 else { return }
    let middle = (upper + lower) / 2
    for index in 0..<count {
      let first = Int(pieces[index].firstEdge)
      let end = Int(pieces[index].endEdge)
      // A piece costs its edges: finding its x walks them, three times.
      budget -= end - first
      pieces[index].top = upper
      pieces[index].bottom = lower
      pieces[index].topX = x(at: upper, from: first, to: end)
      pieces[index].middleX = x(at: middle, from: first, to: end)
      pieces[index].bottomX = x(at: lower, from: first, to: end)
    }
    Self.sort(pieces, count: count)
    budget -= Self.sortCost(count)
    guard depth < Self.maximumCrossingDepth, let crossing = firstCrossing(pieces, count: count) else {
      addOrdered(pieces, count: count, winding: winding, row: row, to: &cells)
      return
    }
    addSorted(
      pieces, count: count, from: upper, to: lower, winding: winding, row: row, to: &cells, depth: depth, budget: &budget,
      crossing: crossing)
  }

  /// Adds the `count` pieces at `pieces` (in `stretch`), present from `upper` to `lower` and
  /// ordered there, two of which cross at height `crossing`, the first found: the stretch above
  /// each crossing and the one below are added separately, each put in order again.
  ///
  /// Only the pieces that can reach a crossing are halved at it. The ordered pieces are parted
  /// where all those before lie left of all those after, over the whole row (their leftmost and
  /// rightmost x): no piece of one part can cross one of another, and the winding left of a
  /// part is the same all the way down, whatever happens inside the parts before it. A part
  /// with no crossing is added as it lies; one with a crossing is halved on its own.
  ///
  ///     upper ─────────────────────────────────      a stroke looping over itself: of the
  ///              │      │     ╲  ╱     │     │       row's six pieces only the two that
  ///              │      │      ╳       │     │       cross are cut at the crossing; the
  ///              │      │     ╱  ╲     │     │       others are added whole
  ///     lower ─────────────────────────────────
  ///
  /// Halved whole, a stroke that loops over itself (polystar_anim's star of 231 % roundness)
  /// took all of a row's ten or so pieces through every halving, with their three x, their
  /// order and their crossings worked out again. A piece added whole instead of in halves has
  /// its area summed in other steps: within a level (`CrossingPartingTests`).
  private func addSorted(
    _ pieces: UnsafeMutablePointer<Piece>, count: Int, from upper: Double, to lower: Double, winding: Int, row: Int,
    to cells: inout CellBand, depth: Int, budget: inout Int, crossing: Double
  ) {
    if partsCrossings, count > 2,
      addParts(pieces, count: count, from: upper, to: lower, winding: winding, row: row, to: &cells, depth: depth, budget: &budget)
    {
      return
    }
    addHalves(
      pieces, count: count, from: upper, to: lower, at: crossing, winding: winding, row: row, to: &cells, depth: depth, budget: &budget)
  }

  /// Adds the parts of `addSorted`'s pieces that lie apart, each on its own: halved at its
  /// first crossing, or as it lies. Returns false, having added nothing, when the pieces are
  /// one part.
  private func addParts(
    _ pieces: UnsafeMutablePointer<Piece>, count: Int, from upper: Double, to lower: Double, winding: Int, row: Int,
    to cells: inout CellBand, depth: Int, budget: inout Int
  ) -> Bool {
    // The leftmost x from each place on, to find where those before lie apart from the rest.
    let after = leftmostAfter + (pieces - stretch)
    var leftmost = Double.infinity
    var index = count - 1
    while index >= 0 {
      leftmost = min(leftmost, pieces[index].leftmostX)
      after[index] = leftmost
      index -= 1
    }
    var start = 0
    var partWinding = winding
    var rightmost = -Double.infinity
    for index in 0..<count {
      rightmost = max(rightmost, pieces[index].rightmostX)
      let end = index + 1
      guard end == count || rightmost < after[end] else { continue }
      if start == 0 && end == count { return false }
      let part = pieces + start
      if let partCrossing = firstCrossing(part, count: end - start) {
        crossingsParted.pointee += 1
        addHalves(
          part, count: end - start, from: upper, to: lower, at: partCrossing, winding: partWinding, row: row, to: &cells, depth: depth,
          budget: &budget)
      } else {
        addOrdered(part, count: end - start, winding: partWinding, row: row, to: &cells)
      }
      for piece in start..<end { partWinding += pieces[piece].direction > 0 ? 1 : -1 }
      start = end
      rightmost = -Double.infinity
    }
    return true
  }

  /// Adds the stretch of the `count` pieces at `pieces` from `upper` to `crossing` and the
  /// one from `crossing` to `lower`, each put in order on its own.
  @inline(__always)
  private func addHalves(
    _ pieces: UnsafeMutablePointer<Piece>, count: Int, from upper: Double, to lower: Double, at crossing: Double, winding: Int,
    row: Int, to cells: inout CellBand, depth: Int, budget: inout Int
  ) {
    addStretch(pieces, count: count, from: upper, to: crossing, winding: winding, row: row, to: &cells, depth: depth + 1, budget: &budget)
    addStretch(pieces, count: count, from: crossing, to: lower, winding: winding, row: row, to: &cells, depth: depth + 1, budget: &budget)
  }

  /// How far pieces may be out of order before they count as crossing: rounding, where two
  /// pieces meet at a point (a turning point, a corner).
  static let crossingSlack = 1e-9

  /// Where the first two neighbours of `count` pieces ordered by x halfway down (all from
  /// one top to one bottom) change places, strictly between top and bottom; `nil` when none
  /// do, and the order holds over the whole height.
  ///
  /// Two straight edges in the same order at both ends cannot cross between. A chain that
  /// bends inside the height can cross a neighbour and come back, so two neighbours of which
  /// one bends are compared at every vertex of either: between two vertices both are
  /// straight. A crossing in neighbours only is enough: a piece that kept its place against
  /// both neighbours everywhere lies between them everywhere.
  func firstCrossing(_ pieces: UnsafeMutablePointer<Piece>, count: Int) -> Double? {
    var index = 1
    while index < count {
      let left = pieces[index - 1]
      let right = pieces[index]
      if left.endEdge - left.firstEdge == 1 && right.endEdge - right.firstEdge == 1 {
        let gapAtTop = right.topX - left.topX
        let gapAtBottom = right.bottomX - left.bottomX
        if gapAtTop < -Self.crossingSlack || gapAtBottom < -Self.crossingSlack {
          return Self.crossing(from: left.top, to: left.bottom, gapAtTop: gapAtTop, gapAtBottom: gapAtBottom)
        }
      } else if left.rightmostX > right.leftmostX - Self.crossingSlack, let crossing = bentCrossing(left, right) {
        // Only neighbours whose spans of x meet are walked: pieces apart cannot cross.
        return crossing
      }
      index += 1
    }
    return nil
  }

  /// Where `right` and `left`, one of which bends, first change places, walking down the
  /// vertices of both; `nil` when they never do.
  ///
  /// Ordered by their x halfway down, two pieces may be out of order from the top: a curve
  /// running level across the row above its middle, past a piece it then drops behind. The
  /// place they change is then where they come back in order, however many vertices down.
  /// (Halving the first part out of order instead took one vertex off a stretch a time, and
  /// a curve of 28 short chords outlasted the eight halvings: half a row's width was drawn
  /// as inside.)
  private func bentCrossing(_ left: Piece, _ right: Piece) -> Double? {
    var leftEdge = Int(left.firstEdge)
    var rightEdge = Int(right.firstEdge)
    let leftEnd = Int(left.endEdge)
    let rightEnd = Int(right.endEdge)
    var upper = left.top
    var gapAtUpper = right.topX - left.topX
    var outOfOrderAbove = gapAtUpper < -Self.crossingSlack
    while upper < left.bottom {
      while leftEdge + 1 < leftEnd, edges[leftEdge].bottom <= upper { leftEdge += 1 }
      while rightEdge + 1 < rightEnd, edges[rightEdge].bottom <= upper { rightEdge += 1 }
      let lower = min(edges[leftEdge].bottom, edges[rightEdge].bottom, left.bottom)
      let gapAtLower =
        lower == left.bottom
        ? right.bottomX - left.bottomX : edges[rightEdge].crossing(at: lower) - edges[leftEdge].crossing(at: lower)
      let outOfOrderBelow = gapAtLower < -Self.crossingSlack
      if outOfOrderAbove != outOfOrderBelow {
        return Self.crossing(from: upper, to: lower, gapAtTop: gapAtUpper, gapAtBottom: gapAtLower)
      }
      upper = lower
      gapAtUpper = gapAtLower
      outOfOrderAbove = outOfOrderBelow
    }
    // Out of order all the way down (only rounding of the x halfway down can leave them so):
    // halving finds their order.
    return outOfOrderAbove ? (left.top + left.bottom) / 2 : nil
  }

  /// Where the gap between two straight pieces, `gapAtTop` at `top` and `gapAtBottom` at
  /// `bottom`, runs through 0: strictly between the two, or halfway down when it does not
  /// change sign there (the pieces are out of order all the way; halving finds their order).
  static func crossing(from top: Double, to bottom: Double, gapAtTop: Double, gapAtBottom: Double) -> Double {
    let changesSign = gapAtTop < 0 && gapAtBottom > 0 || gapAtTop > 0 && gapAtBottom < 0
    let y = top + (bottom - top) * (changesSign ? gapAtTop / (gapAtTop - gapAtBottom) : 0.5)
    return y > top && y < bottom ? y : (top + bottom) / 2
  }

  /// Adds the piece's edges, between its top and bottom, to the cells with `direction`.
  @inline(__always)
  private func deposit(_ piece: Piece, direction: Float, row: Int, to cells: inout CellBand) {
    if piece.endEdge == piece.firstEdge &+ 1 {
      // One edge: it runs from `topX` to `bottomX`.
      cells.deposit(
        row: row &- cells.top, from: piece.topX, to: piece.bottomX, height: piece.bottom - piece.top, direction: direction)
      return
    }
    depositEdges(
      from: Int(piece.firstEdge), to: Int(piece.endEdge), top: piece.top, bottom: piece.bottom, direction: direction, row: row,
      to: &cells)
  }

  /// Adds the parts of edges `first..<end` between `top` and `bottom` to the cells with
  /// `direction`.
  @inline(__always)
  private func depositEdges(
    from first: Int, to end: Int, top: Double, bottom: Double, direction: Float, row: Int, to cells: inout CellBand
  ) {
    // Indices are an array's and rows a band's: wrapping arithmetic, with no overflow check.
    let bandRow = row &- cells.top
    var index = first
    while index < end {
      defer { index &+= 1 }
      let edge = edges[index]
      let partTop = max(edge.top, top)
      let partBottom = min(edge.bottom, bottom)
      guard partBottom > partTop else { continue }
      cells.deposit(
        row: bandRow, from: edge.crossing(at: partTop), to: edge.crossing(at: partBottom), height: partBottom - partTop,
        direction: direction)
    }
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

  /// Whether a point of this winding number is inside the shape under the fill rule.
  @inline(__always)
  private func isInside(winding: Int) -> Bool { rule == .nonZero ? winding != 0 : winding & 1 != 0 }

  /// Counts the next piece, left to right, into `winding`: the sign it adds to the cells
  /// where it turns outside into inside (+1) or back (−1), or `nil` where it changes neither.
  @inline(__always)
  private func boundarySign(goingDown: Bool, winding: inout Int) -> Float? {
    let wasInside = isInside(winding: winding)
    winding += goingDown ? 1 : -1
    let inside = isInside(winding: winding)
    return wasInside == inside ? nil : inside ? 1 : -1
  }

  /// Adds those of `count` pieces, ordered left to right, that enter or leave the shape,
  /// counting the winding from `winding` (that left of the first).
  @inline(__always)
  private func addOrdered(
    _ pieces: UnsafeMutablePointer<Piece>, count: Int, winding: Int, row: Int, to cells: inout CellBand
  ) {
    var winding = winding
    for index in 0..<count {
      let piece = pieces[index]
      guard let sign = boundarySign(goingDown: piece.direction > 0, winding: &winding) else { continue }
      deposit(piece, direction: sign, row: row, to: &cells)
    }
  }

  /// Orders the indices of `count` pieces by the pieces' leftmost x, equal ones by index.
  @inline(__always)
  static func sortIndices(_ indices: UnsafeMutablePointer<Int32>, count: Int, of pieces: UnsafeMutablePointer<Piece>) {
    @inline(__always)
    func precedes(_ first: Int32, _ second: Int32) -> Bool {
      let (firstX, secondX) = (pieces[Int(first)].leftmostX, pieces[Int(second)].leftmostX)
      return firstX < secondX || firstX == secondX && first < second
    }
    guard count <= largestInsertionSort else {
      var buffer = UnsafeMutableBufferPointer(start: indices, count: count)
      buffer.sort(by: precedes)
      return
    }
    var index = 1
    while index < count {
      let key = indices[index]
      var slot = index
      while slot > 0, precedes(key, indices[slot - 1]) {
        indices[slot] = indices[slot - 1]
        slot -= 1
      }
      indices[slot] = key
      index += 1
    }
  }

  /// Orders `count` pieces left to right by their x halfway down, equal ones in the order
  /// they came.
  ///
  /// A row of a real shape holds few pieces, mostly in order already, which insertion sort
  /// orders fastest; a path of thousands of crossing segments puts thousands in a row in no
  /// order, where insertion sort is quadratic and took seconds a row. Both sorts are stable,
  /// so they give the same order, and the same pixels.
  @inline(__always)
  static func sort(_ stretch: UnsafeMutablePointer<Piece>, count: Int) {
    guard count <= largestInsertionSort else {
      var buffer = UnsafeMutableBufferPointer(start: stretch, count: count)
      buffer.sort { $0.middleX < $1.middleX }
      return
    }
    var index = 1
    while index < count {
      let piece = stretch[index]
      let key = piece.middleX
      var slot = index
      while slot > 0, stretch[slot - 1].middleX > key {
        stretch[slot] = stretch[slot - 1]
        slot -= 1
      }
      stretch[slot] = piece
      index += 1
    }
  }
}
