/// How a path is stroked: the pen's width, its ends, its corners and its dashes, in the
/// path's own units (`CGContext`'s line parameters).
public struct StrokeStyle: Sendable, Hashable {
  /// How an open subpath's ends are drawn (`CGLineCap`).
  public enum Cap: Sendable, Hashable {
    case butt
    case round
    case square
  }

  /// How two segments meet (`CGLineJoin`).
  public enum Join: Sendable, Hashable {
    case miter
    case round
    case bevel
  }

  public var width: Double
  public var cap: Cap
  public var join: Join
  /// The longest miter, in widths, before a miter join is drawn bevelled.
  public var miterLimit: Double
  /// Alternating dash and gap lengths; a pattern `DashPattern` refuses (empty, all zero, a
  /// negative or infinite length) draws a solid line.
  public var dashes: [Double]
  /// How far into the dash pattern the stroke starts.
  public var dashPhase: Double

  public init(
    width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10, dashes: [Double] = [],
    dashPhase: Double = 0
  ) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dashes = dashes
    self.dashPhase = dashPhase
  }
}
