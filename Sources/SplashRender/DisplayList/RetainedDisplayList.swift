import SplashCore

/// The last frame's display list, kept by one renderer so that the next frame's list takes the
/// nodes of the subtrees that have not changed instead of building and placing them again.
///
/// Most of a Lottie file's layers are still subtrees, which `SceneEvaluator` hands out as the
/// very same values in every frame; building their nodes again (extents, paint summaries) and
/// placing them again (culling, backing stores, draw plans) was most of the display list's
/// time: issue_1949's 359 layers took 149 µs a frame, against ThorVG's 190 µs for the whole
/// frame. A node is taken when it was built from the same storage (`DisplayNode.isBuilt`),
/// and its placement is kept when it lands where it did:
///
///     frame n      presented ──build──▶ node ──place(at P)──▶ drawn, then kept here
///     frame n + 1  same storage? ─yes─▶ node ──at P again? ─yes─▶ drawn as it is
///                                          │                  └no──▶ placed again
///                                          └no──▶ built afresh (its sublayers asked in turn)
///
/// Nodes are matched by their place in the tree and checked by identity, so a list built with
/// them equals the list built without, whatever frames came before. It holds one frame's
/// nodes; the next list reads them and lets go of them before placing its own, so a node taken
/// and placed elsewhere is changed in place, not copied with all it holds.
///
/// One renderer (one thread) uses it, frame after frame.
public final class RetainedDisplayList {
  var layers: [DisplayNode] = []
  var backdrop: DisplayNode?
  /// What the kept list was drawn through and over, and which it was.
  var viewport: Viewport?
  var backgroundColor: Color?
  /// The mark of the list kept, `nil` before the first.
  var kept: Mark? { generation > 0 ? Mark(keeper: keeper, generation: generation) : nil }

  /// One list kept here: the lists built after it, each from the one before, say which they
  /// follow (`DisplayList.follows`), and a renderer that drew this one can tell whether the
  /// pixels it holds are those the next list's `changedRegion` counts from.
  public struct Mark: Equatable, Sendable {
    let keeper: Keeper
    let generation: Int

    public static func == (lhs: Mark, rhs: Mark) -> Bool { lhs.keeper === rhs.keeper && lhs.generation == rhs.generation }
  }

  /// The identity of one `RetainedDisplayList`, held by its marks (an address could be
  /// another list's once this one is gone).
  final class Keeper: Sendable {}
  private let keeper = Keeper()
  private var generation = 0
  /// Nodes taken whole from the last frame while building the latest list, and of those, the
  /// ones whose placement was kept too (counted for tests).
  public private(set) var nodesTaken = 0
  public private(set) var placementsKept = 0
  /// Nodes of the last frame kept for a layer that only moved (`DisplayNode.isBuiltApartFromPlace`).
  public private(set) var nodesMoved = 0
  /// The places numbered so far (`slot(keeping:)`).
  private var slotsHandedOut = 0

  public init() {}

  /// The kept nodes, no longer held here.
  func takeNodes() -> (layers: [DisplayNode], backdrop: DisplayNode?) {
    nodesTaken = 0
    placementsKept = 0
    nodesMoved = 0
    defer {
      layers = []
      backdrop = nil
    }
    return (layers, backdrop)
  }

  /// Keeps `list`'s nodes for the next frame, and returns the mark of `list`.
  func keep(_ list: DisplayList) -> Mark {
    layers = list.layers
    backdrop = list.backdrop
    viewport = list.viewport
    backgroundColor = list.tree.backgroundColor
    generation += 1
    return Mark(keeper: keeper, generation: generation)
  }

  /// The number of a node built at a place whose last node had `previous` (0 for none): the
  /// same, or one no node of this list's frames has had (`DisplayNode.slot`).
  func slot(keeping previous: Int = 0) -> Int {
    guard previous == 0 else { return previous }
    slotsHandedOut += 1
    return slotsHandedOut
  }

  func countTaken() { nodesTaken += 1 }
  func countMoved() { nodesMoved += 1 }
  func countPlacementKept() { placementsKept += 1 }
}
