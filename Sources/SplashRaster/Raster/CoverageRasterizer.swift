import SplashCore

/// Turns polygons into the exact share of each pixel they cover, and lays that coverage down
/// with `CoverageCompositor`'s arithmetic.
///
/// Cairo's scan converter samples each pixel row fifteen times and walks every edge on each
/// sample row: measured in C at 512x512, a stroked ring 30 pixels wide cost it 180 µs, a
/// filled disc of three times the ring's area 70 µs. This rasterizer computes each pixel's
/// covered area exactly, once per pixel an edge crosses (an accumulation of signed areas, the
/// method of FreeType's and font-rs's rasterizers), and lays the pixels between two crossings
/// as one span of constant coverage.
///
/// Each edge piece within a pixel adds to that pixel's cell:
///
///     cover += dy                      (its signed height: +1 entering the shape, −1 leaving)
///     area  += dy × (mean x − column)  (the part of that height's pixel left of the edge)
///
/// Sweeping a row left to right, a pixel's covered area is the covers of all cells to its left
/// plus its own cover less its own area; the pixels between cells all have the running sum.
///
/// Only edges where the fill rule turns outside into inside, or back, are added. Summing
/// every edge's signed area and clamping afterwards overstates a pixel where overlapping
/// parts of a shape share an edge: a stroke whose path doubles back on itself counted its
/// edge pixels twice, a 60 % pixel drawn whole. So each row's edge pieces are ordered left to
/// right, the winding counted across them, and each piece kept only where it enters or leaves
/// the shape, with that sign (`RowCrossings`).
///
/// The pieces counted are those of monotone chains, not of single edges: a polygon's run of
/// edges all going down (or all up) crosses each row it spans once, however many short
/// chords a curve was cut into, and enters or leaves the shape as a whole. Counting single
/// edges, nine rows in ten of a Lottie file of small stroked stars (some five hundred edges
/// each) held a corner (a piece starting or ending inside the row) and had to be checked or
/// cut into stretches; a chain starts or ends only at the outline's turning points.
///
/// Between turning points the rows repeat themselves: the same chains, in the same order,
/// each entering or leaving the shape as it did a row above. A run of such rows is ordered
/// and counted once and only its entering and leaving chains are walked down it
/// (`RowCrossings.addWholeBand`); rows a chain starts or ends inside, and runs where chains
/// cross, are taken a row at a time. Both give the same bytes. Measured on MotionCorpse
/// (thin stroked outlines, 512x512) 95 % of the rows were taken in runs, and drawing took
/// 12.6 % fewer instructions.
///
/// A row a chain starts or ends inside is cut at those heights. Where small shapes stand side
/// by side, it is first parted into groups of pieces that lie apart, each cut only at its own
/// heights (`RowCrossings.addApart`): otherwise every shape's corners cut every other's
/// pieces. On a file of an envelope with striped edges (512x512), a quarter of the rows were
/// such rows, up to 46 pieces each, and parting took the sweeps from 131 to 104 million
/// instructions over the file.
///
/// The rasterizer works a band of rows at a time, so memory is the band, not the picture.
/// One instance is used by one thread; it keeps its buffers between fills.
public final class CoverageRasterizer {
  /// Which pixels a set of polygons fills (`CAShapeLayerFillRule`).
  public enum FillRule: Sendable {
    case nonZero
    case evenOdd
  }

  /// One edge, top to bottom, in target pixels.
  struct Edge {
    var top: Double
    var bottom: Double
    /// x at `top`.
    var x: Double
    /// x moved per unit of y.
    var slope: Double
    /// +1 when the edge ran downwards, −1 upwards.
    var direction: Float

    /// The edge from `start` to `end`, both `clamped`; `nil` when it is horizontal (it covers
    /// nothing).
    init?(from start: Point, to end: Point) {
      guard start.y != end.y else { return nil }
      let (upper, lower): (Point, Point) = start.y < end.y ? (start, end) : (end, start)
      top = upper.y
      bottom = lower.y
      x = upper.x
      slope = (lower.x - upper.x) / (lower.y - upper.y)
      direction = start.y < end.y ? 1 : -1
    }

    /// The farthest a point may lie from the origin, in pixels, as Cairo's 24.8 fixed point
    /// allows: far outside any canvas, and near enough that a pixel's area, which subtracts
    /// coordinates, stays finite (a path scaled by 1e308 overflowed it to infinity).
    static let farthest = Double(1 << 23)

    @inline(__always)
    static func clamped(_ point: Point) -> Point {
      Point(x: min(max(point.x, -farthest), farthest), y: min(max(point.y, -farthest), farthest))
    }

    /// The edge's x at height `y`.
    @inline(__always)
    func crossing(at y: Double) -> Double { x + (y - top) * slope }
  }

  /// Rows rasterized together: the cells of a band stay in the core's cache.
  static let bandHeight = 16

  /// The work a row may take before it is sampled instead (`RowCrossings`); tests set it to
  /// see what sampling changes.
  @exclusivity(unchecked) var workPerRow = RowCrossings.defaultWorkPerRow

  /// Whether runs of rows whose chains keep one order are taken together
  /// (`RowCrossings.addWholeBand`); tests turn it off to hold the two ways against each other.
  @exclusivity(unchecked) var takesRowsTogether = true
  /// The rows taken together since the rasterizer was made, for tests to see that they were.
  @exclusivity(unchecked) private(set) var rowsTakenTogether = 0

  /// Whether a row that pieces start or end inside is parted into groups lying apart
  /// (`RowCrossings.addApart`); tests turn it off to hold the two ways against each other.
  @exclusivity(unchecked) var partsRows = true
  /// The rows parted into more than one group since the rasterizer was made.
  @exclusivity(unchecked) private(set) var rowsParted = 0

  /// Whether a crossing cuts only the pieces that can reach it, the others lying apart being
  /// added whole (`RowCrossings.addSorted`); tests turn it off to hold the two ways against each
  /// other.
  @exclusivity(unchecked) var partsCrossings = true
  /// The crossings since the rasterizer was made whose stretch was halved without some of its
  /// pieces (those lying apart), for tests to see that it happened.
  @exclusivity(unchecked) private(set) var crossingsParted = 0

  /// A run of a polygon's edges all going down, or all up: `edges[firstEdge..<endEdge]`, top
  /// to bottom, each starting where the one above it ends.
  struct Chain {
    var top: Double
    var bottom: Double
    var firstEdge: Int
    var endEdge: Int
    var direction: Float

    /// The rows from `firstRow` up to `endRow` the chain crosses.
    func rows(from firstRow: Int, to endRow: Int) -> Range<Int> {
      let first = Int(max(top.rounded(.down), Double(firstRow)))
      let end = Int(min(bottom.rounded(.up), Double(endRow)))
      return first..<max(end, first)
    }
  }

  /// The part of a chain between `top` and `bottom`, within one pixel row: its edges
  /// `firstEdge..<endEdge` (some may lie partly above or below).
  struct Piece {
    var top: Double
    var bottom: Double
    /// x at `top`, halfway down (where the piece lies among the row's others) and at `bottom`.
    var topX: Double
    var middleX: Double
    var bottomX: Double
    /// No x of the piece within its row lies left of `leftmostX` or right of `rightmostX`.
    var leftmostX: Double
    var rightmostX: Double
    var firstEdge: Int32
    var endEdge: Int32
    var direction: Float
  }

  /// Edges, chain after chain: the first `edgeCount` of the scratch's, where each polygon's
  /// are built (`addEdges`).
  @exclusivity(unchecked) private var edges = ScratchBuffer<Edge>()
  @exclusivity(unchecked) private(set) var edgeCount = 0
  @exclusivity(unchecked) var chains: [Chain] = []
  @exclusivity(unchecked) var minimumX = Double.infinity
  @exclusivity(unchecked) var maximumX = -Double.infinity
  @exclusivity(unchecked) var minimumY = Double.infinity
  @exclusivity(unchecked) var maximumY = -Double.infinity

  /// Scratch memory kept from fill to fill. The sweep reaches it through pointers, with no
  /// check of bounds or of uniqueness on each touch.
  ///
  /// No stored property of the rasterizer is checked for overlapping accesses at run time
  /// (`@exclusivity(unchecked)`): one thread uses an instance, and its methods never touch a
  /// property while another access to it is under way. The checks, some thirty a fill (each
  /// reservation of scratch memory, each array lent to the sweep), were an eighth of filling
  /// a shape a few pixels tall.
  @exclusivity(unchecked) private var covers = ScratchBuffer<Float>()
  @exclusivity(unchecked) private var areas = ScratchBuffer<Float>()
  @exclusivity(unchecked) private var touched = ScratchBuffer<UInt64>()
  @exclusivity(unchecked) private var runBytes = ScratchBuffer<UInt8>()
  @exclusivity(unchecked) private var pieces = ScratchBuffer<Piece>()
  @exclusivity(unchecked) private var stretch = ScratchBuffer<Piece>()
  @exclusivity(unchecked) private var cuts = ScratchBuffer<Double>()
  @exclusivity(unchecked) private var byLeft = ScratchBuffer<Int32>()
  @exclusivity(unchecked) private var parted = ScratchBuffer<Piece>()
  /// Beside `stretch`: the leftmost x of the pieces from each place on.
  @exclusivity(unchecked) private var leftmostAfter = ScratchBuffer<Double>()
  /// Where a sweep's rows count `crossingsParted` (its first element).
  @exclusivity(unchecked) private var crossingTally = ScratchBuffer<Int>()

  @exclusivity(unchecked) private var rowStarts = ScratchBuffer<Int>()
  /// The chains crossing the band being swept.
  @exclusivity(unchecked) private var active = ScratchBuffer<Int>()
  /// For each active chain, its first edge not yet wholly above the band.
  @exclusivity(unchecked) private var cursors = ScratchBuffer<Int>()
  /// The chains in order of the row each starts in.
  @exclusivity(unchecked) private var order = ScratchBuffer<Int>()

  /// What every polygon added is cut to first, in target pixels (see `Cut`); `nil` for
  /// nothing. It stays set until set again; `reset` leaves it.
  @exclusivity(unchecked) public var cut: Cut?

  /// A clip the rasterizer cuts shapes to: the whole pixels around it are the columns and
  /// rows a fill covers, and the cut keeps the shape to the clip inside them.
  public enum Cut: Sendable, Equatable {
    /// A rectangle at fractions of a pixel (a `masksToBounds` sliding across the frame).
    case box(DeviceBox)
    /// A convex polygon: a clip turned or skewed off the device's axes (a composition's
    /// bounds under a turning camera).
    case polygon(ConvexPolygon)

    /// Whether every point of `points`, mapped by `transform`, lies inside the clip: cutting
    /// them would keep each, in order.
    func contains(_ points: UnsafeBufferPointer<Point>, mappedBy transform: AffineTransform) -> Bool {
      switch self {
      case .box(let box): box.contains(points, mappedBy: transform)
      case .polygon(let polygon): polygon.contains(points, mappedBy: transform)
      }
    }

    /// The closed polygon through `points` cut to the clip.
    func applied(to points: [Point]) -> [Point] {
      switch self {
      case .box(let box): box.clip(points)
      case .polygon(let polygon): polygon.cut(points)
      }
    }
  }

  public init() {}

  deinit {
    covers.free()
    areas.free()
    touched.free()
    runBytes.free()
    pieces.free()
    stretch.free()
    cuts.free()
    edges.free()
    byLeft.free()
    parted.free()
    leftmostAfter.free()
    crossingTally.free()
    rowStarts.free()
    order.free()
    active.free()
    cursors.free()
  }

  /// Forgets the polygons added so far.
  public func reset() {
    edgeCount = 0
    chains.removeAll(keepingCapacity: true)
    minimumX = .infinity
    maximumX = -.infinity
    minimumY = .infinity
    maximumY = -.infinity
  }

  /// True when no edge has been added since the last reset.
  public var isEmpty: Bool { edgeCount == 0 }

  /// Adds the closed polygon through `points`, each mapped by `transform` into target pixels,
  /// as monotone chains.
  ///
  ///       ╱╲         the edges going up (left) are one chain and those going down (right)
  ///      ╱  ╲        another, the first reversed so that both run top to bottom
  ///
  /// A chain ends where the polygon turns from going down to going up or back, and at an edge
  /// left out: a horizontal one (across it a chain would jump sideways inside one row, past
  /// pieces it is ordered against) or one with a point that is not finite. It also ends at
  /// the polygon's first point: the chain through it is two, which meet there, and the row
  /// holding that point is cut at it (see `RowCrossings`).
  public func addPolygon(_ points: [Point], transform: AffineTransform = .identity) {
    points.withUnsafeBufferPointer { addPolygon($0, transform: transform) }
  }

  /// `addPolygon` of points in memory the caller holds.
  func addPolygon(_ points: UnsafeBufferPointer<Point>, transform: AffineTransform) {
    guard points.count > 1 else { return }
    // A polygon wholly inside the clip is its own clip: each cut keeps every point, in order.
    // Most are (a composition's shapes, well inside its bounds), and are not copied four times.
    if let cut, !cut.contains(points, mappedBy: transform) {
      cut.applied(to: points.map { transform.apply(to: $0) }).withUnsafeBufferPointer { addEdges(of: $0, transform: .identity) }
    } else {
      addEdges(of: points, transform: transform)
    }
  }

  /// `addPolygon` without the clip.
  ///
  /// The polygon's edges are built where they are kept, after the others: appended one by one
  /// to an array, each checked its storage for uniqueness and room, a fifth of the cost of
  /// adding polygons; built apart and appended at once, they were all copied again
  /// (polystar_anim's stroke outlines: 2 % of its instructions).
  private func addEdges(of points: UnsafeBufferPointer<Point>, transform: AffineTransform) {
    guard points.count > 1 else { return }
    // One edge a point at most.
    let firstIndex = edgeCount
    edges.reserve(firstIndex + points.count, keeping: firstIndex)
    let built = edges.base + firstIndex
    var count = 0
    var bounds = (minimumX: minimumX, maximumX: maximumX, minimumY: minimumY, maximumY: maximumY)
    var chainStart = 0
    var chainDirection: Float = 0
    /// Ends the chain of the edges from `chainStart` on, if there are any.
    func endChain() {
      guard chainStart < count else { return }
      if chainDirection < 0 {
        var chainEdges = UnsafeMutableBufferPointer(start: built + chainStart, count: count - chainStart)
        chainEdges.reverse()
      }
      chains.append(
        Chain(
          top: built[chainStart].top, bottom: built[count - 1].bottom, firstEdge: firstIndex + chainStart,
          endEdge: firstIndex + count, direction: chainDirection))
      chainStart = count
    }
    // Each point is mapped, checked and clamped once, as the end of one edge and the start of
    // the next.
    func mapped(_ point: Point) -> (point: Point, isFinite: Bool) {
      let mapped = transform.apply(to: point)
      return (Edge.clamped(mapped), mapped.x.isFinite && mapped.y.isFinite)
    }
    var previous = mapped(points[points.count - 1])
    for point in points {
      let end = mapped(point)
      defer { previous = end }
      guard previous.isFinite, end.isFinite, let edge = Edge(from: previous.point, to: end.point) else {
        endChain()
        continue
      }
      if edge.direction != chainDirection { endChain() }
      chainDirection = edge.direction
      built[count] = edge
      count += 1
      bounds.minimumX = min(bounds.minimumX, previous.point.x, end.point.x)
      bounds.maximumX = max(bounds.maximumX, previous.point.x, end.point.x)
      bounds.minimumY = min(bounds.minimumY, edge.top)
      bounds.maximumY = max(bounds.maximumY, edge.bottom)
    }
    endChain()
    edgeCount += count
    (minimumX, maximumX, minimumY, maximumY) = bounds
  }

  /// The pixels the polygons touch, within `columns` × `rows`, as whole pixels.
  public func pixelBounds(columns: Range<Int>, rows: Range<Int>) -> (columns: Range<Int>, rows: Range<Int>)? {
    guard !chains.isEmpty else { return nil }
    let firstColumn = max(columns.lowerBound, Int(max(minimumX.rounded(.down), -1e9)))
    // A shape's right edges lie left of its last column; the columns past them keep the row's
    // running winding, which reaches the clip's edge only when edges beyond the clip were
    // dropped (handled by the sweep).
    let endColumn = min(columns.upperBound, Int(min(maximumX.rounded(.down), 1e9)) + 1)
    let firstRow = max(rows.lowerBound, Int(max(minimumY.rounded(.down), -1e9)))
    let endRow = min(rows.upperBound, Int(min(maximumY.rounded(.up), 1e9)))
    guard firstColumn < endColumn, firstRow < endRow else { return nil }
    return (firstColumn..<endColumn, firstRow..<endRow)
  }

  /// Hands `sink` the coverage of the polygons within `columns` × `rows` under `rule`, row by
  /// row, left to right: runs of cells an edge crosses (one byte a pixel, 0–255) and spans of
  /// pixels between them that share one coverage (never 0).
  func sweep<Sink: CoverageSink>(rule: FillRule, columns: Range<Int>, rows: Range<Int>, into sink: inout Sink) {
    guard let bounds = pixelBounds(columns: columns, rows: rows) else { return }
    let width = bounds.columns.count
    let wordsPerRow = (width + 63) / 64
    let bandHeight = Self.bandHeight
    covers.reserve(bandHeight * width, zeroed: true)
    areas.reserve(bandHeight * width, zeroed: true)
    touched.reserve(bandHeight * wordsPerRow, zeroed: true)
    runBytes.reserve(width, zeroed: false)
    orderChainsByRow(firstRow: bounds.rows.lowerBound, endRow: bounds.rows.upperBound)
    rowStarts.reserve(bandHeight + 1, zeroed: false)
    active.reserve(chains.count, zeroed: false)
    cursors.reserve(chains.count, zeroed: false)
    var cells = CellBand(
      covers: covers.base, areas: areas.base, touched: touched.base, left: bounds.columns.lowerBound, width: width,
      wordsPerRow: wordsPerRow, top: 0)
    let order = order.base
    let active = active.base
    let cursors = cursors.base
    var activeCount = 0
    let takesRowsTogether = takesRowsTogether
    let partsRows = partsRows
    var rowsTogether = 0
    var rowsPartedHere = 0
    // Counted by the rows' `RowCrossings`, which share it.
    let crossingsPartedHere = crossingTally.base
    crossingsPartedHere.pointee = 0
    defer {
      rowsTakenTogether += rowsTogether
      rowsParted += rowsPartedHere
      crossingsParted += crossingsPartedHere.pointee
    }
    do {
      let edges = UnsafeBufferPointer(start: self.edges.base, count: edgeCount)
      chains.withUnsafeBufferPointer { chains in
        var nextChain = 0
        var bandTop = bounds.rows.lowerBound
        while bandTop < bounds.rows.upperBound {
          var bandBottom = min(bandTop + bandHeight, bounds.rows.upperBound)
          var kept = 0
          for index in 0..<activeCount where chains[active[index]].bottom > Double(bandTop) {
            active[kept] = active[index]
            cursors[kept] = cursors[index]
            kept += 1
          }
          activeCount = kept
          while nextChain < chains.count, chains[order[nextChain]].top < Double(bandBottom) {
            let chain = chains[order[nextChain]]
            if chain.bottom > Double(bandTop) {
              active[activeCount] = order[nextChain]
              cursors[activeCount] = chain.firstEdge
              activeCount += 1
            }
            nextChain += 1
          }
          cells.top = bandTop
          // Rows down to the first a chain starts or ends in are taken together when their
          // chains keep one order (`addWholeBand`); a run of rows that chains start or end
          // inside is taken row by row, as is a run whose chains cross.
          let rowsAhead = TurningRows(
            of: chains, active: UnsafeBufferPointer(start: active, count: activeCount), bandTop: bandTop,
            bandBottom: bandBottom
          ).firstStretch()
          bandBottom = bandTop + rowsAhead.rows
          if rowsAhead.together && takesRowsTogether {
            pieces.reserve(activeCount, zeroed: false)
            stretch.reserve(activeCount, zeroed: false)
            let whole = RowCrossings(
              edges: edges, pieces: pieces.base, rowStarts: rowStarts.base, stretch: stretch.base, cuts: cuts.base,
              byLeft: byLeft.base, parted: parted.base, leftmostAfter: leftmostAfter.base, crossingsParted: crossingsPartedHere,
              bandTop: bandTop, rule: rule, workPerRow: workPerRow)
            if whole.addWholeBand(
              of: chains, active: active, cursors: cursors, count: activeCount, bandBottom: bandBottom, to: &cells)
            {
              rowsTogether += bandBottom - bandTop
              for row in bandTop..<bandBottom {
                cells.sweepRow(row, clipRight: columns.upperBound, runBytes: runBytes.base, into: &sink)
              }
              bandTop = bandBottom
              continue
            }
          }
          let total = Self.countPieces(
            of: chains, active: UnsafeBufferPointer(start: active, count: activeCount), bandTop: bandTop,
            bandBottom: bandBottom, rowStarts: rowStarts.base)
          pieces.reserve(total, zeroed: false)
          stretch.reserve(total, zeroed: false)
          cuts.reserve(2 * total + 1, zeroed: false)
          byLeft.reserve(total, zeroed: false)
          parted.reserve(total, zeroed: false)
          leftmostAfter.reserve(total, zeroed: false)
          let crossings = RowCrossings(
            edges: edges, pieces: pieces.base, rowStarts: rowStarts.base, stretch: stretch.base, cuts: cuts.base,
            byLeft: byLeft.base, parted: parted.base, leftmostAfter: leftmostAfter.base, crossingsParted: crossingsPartedHere,
            bandTop: bandTop, rule: rule, workPerRow: workPerRow, partsRows: partsRows, partsCrossings: partsCrossings)
          crossings.placePieces(of: chains, active: active, cursors: cursors, count: activeCount, bandBottom: bandBottom)
          for row in bandTop..<bandBottom where crossings.hasPieces(row: row) {
            if crossings.addCrossings(row: row, to: &cells) { rowsPartedHere += 1 }
            cells.sweepRow(row, clipRight: columns.upperBound, runBytes: runBytes.base, into: &sink)
          }
          bandTop = bandBottom
        }
      }
    }
  }

  /// The rows of a band that chains start or end in, and the runs between them.
  struct TurningRows {
    /// Rows holding a chain's start or end, one bit each from the band's top.
    var turns: UInt32 = 0
    /// Of those, rows where it lies inside the row rather than on its top edge.
    var inside: UInt32 = 0
    var height: Int

    /// The fewest rows worth taking together (`RowCrossings.addWholeBand`): ordering the
    /// band's chains once costs about what one row of them costs.
    static let shortestRun = 4

    /// Where the active chains of the band from `bandTop` to `bandBottom` start and end.
    init(of chains: UnsafeBufferPointer<Chain>, active: UnsafeBufferPointer<Int>, bandTop: Int, bandBottom: Int) {
      height = bandBottom - bandTop
      let top = Double(bandTop)
      let bottom = Double(bandBottom)
      for index in active {
        let chain = chains[index]
        if chain.top > top, chain.top < bottom { mark(chain.top, bandTop: bandTop) }
        if chain.bottom > top, chain.bottom < bottom { mark(chain.bottom, bandTop: bandTop) }
      }
    }

    private mutating func mark(_ y: Double, bandTop: Int) {
      let row = Int(y.rounded(.down))
      turns |= 1 << UInt32(row - bandTop)
      if Double(row) != y { inside |= 1 << UInt32(row - bandTop) }
    }

    /// How many rows from the band's row `offset` on every chain that reaches runs through
    /// from top to bottom: up to the next row a chain starts or ends in (0 when one does
    /// inside row `offset` itself).
    func run(from offset: Int) -> Int {
      guard inside & 1 << UInt32(offset) == 0 else { return 0 }
      let after = (turns >> UInt32(offset)) >> 1
      return min(after.trailingZeroBitCount + 1, height - offset)
    }

    /// The rows from the band's top taken together, or else taken one by one before the
    /// next run worth taking together: (rows, together). A band shorter than the shortest
    /// run (a shape's last rows) is taken together when no chain starts or ends inside it.
    func firstStretch() -> (rows: Int, together: Bool) {
      func worthTaking(_ offset: Int) -> Int? {
        let rows = run(from: offset)
        return rows >= Self.shortestRun || rows == height ? rows : nil
      }
      if let rows = worthTaking(0) { return (rows, true) }
      for offset in 1..<max(height, 1) where worthTaking(offset) != nil { return (offset, false) }
      return (height, false)
    }
  }

  /// Puts the chains' indices in `order` by the row each starts in (those starting above
  /// `firstRow` first, those starting at `endRow` or below last), a counting sort: the sweep
  /// takes them in as its bands reach them, and stops at the first starting below the band.
  ///
  /// Chains starting below the rows swept (a shape reaching past a clip's bottom) have a
  /// bucket of their own. Sorted into the last row's, those added first stood before that
  /// row's own, and the sweep, stopping at them, never took the row's chains in: a shape
  /// missing from the clip's last row, or one side of it, its coverage then running on to the
  /// clip's right edge.
  func orderChainsByRow(firstRow: Int, endRow: Int) {
    let buckets = endRow - firstRow + 2
    order.reserve(chains.count, zeroed: false)
    rowStarts.reserve(buckets + 1, zeroed: false)
    let starts = rowStarts.base
    starts.update(repeating: 0, count: buckets + 1)
    func bucket(_ chain: Chain) -> Int {
      Int(min(max(chain.top.rounded(.down) - Double(firstRow) + 1, 0), Double(buckets - 1)))
    }
    for chain in chains { starts[bucket(chain) + 1] += 1 }
    for index in 0..<buckets { starts[index + 1] += starts[index] }
    for index in chains.indices {
      let slot = bucket(chains[index])
      order.base[starts[slot]] = index
      starts[slot] += 1
    }
  }

  /// Counts the pieces each row of the band gets (one for each active chain crossing it) and
  /// leaves in `rowStarts` where each row's pieces will begin; returns their number.
  static func countPieces(
    of chains: UnsafeBufferPointer<Chain>, active: UnsafeBufferPointer<Int>, bandTop: Int, bandBottom: Int,
    rowStarts: UnsafeMutablePointer<Int>
  ) -> Int {
    let rows = bandBottom - bandTop
    rowStarts.update(repeating: 0, count: rows + 1)
    for index in active {
      for row in chains[index].rows(from: bandTop, to: bandBottom) { rowStarts[row - bandTop + 1] += 1 }
    }
    for row in 0..<rows { rowStarts[row + 1] += rowStarts[row] }
    return rowStarts[rows]
  }
}

/// Memory reused from fill to fill, grown when a fill needs more.
struct ScratchBuffer<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int

  init() {
    capacity = 64
    base = .allocate(capacity: capacity)
    UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Element>.stride)
  }

  /// Room for `count` elements; a grown buffer keeps nothing, and is all zero bits when
  /// `zeroed` (the cells rely on it: they clear what they use).
  mutating func reserve(_ count: Int, zeroed: Bool) {
    guard count > capacity else { return }
    base.deallocate()
    capacity = max(count, capacity * 2)
    base = .allocate(capacity: capacity)
    if zeroed {
      UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Element>.stride)
    }
  }

  /// Room for `count` elements, the first `kept` of those held kept where the buffer grows.
  mutating func reserve(_ count: Int, keeping kept: Int) {
    guard count > capacity else { return }
    capacity = max(count, capacity * 2)
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    grown.moveInitialize(from: base, count: kept)
    base.deallocate()
    base = grown
  }

  func free() { base.deallocate() }
}

/// Where `CoverageRasterizer` hands a row's coverage.
protocol CoverageSink {
  /// `count` pixels from (`column`, `row`) rightwards, each with its own coverage byte.
  mutating func cells(row: Int, column: Int, coverage: UnsafePointer<UInt8>, count: Int)
  /// `count` pixels from (`column`, `row`) rightwards, all with coverage `coverage` (1–255).
  mutating func span(row: Int, column: Int, count: Int, coverage: UInt8)
}
