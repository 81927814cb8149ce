import SplashCore

/// The properties a `CAShapeLayer` adds, with Core Animation's defaults.
public struct ShapeStyle: Sendable, Hashable {
  public var path: Path?
  /// Opaque black, `CAShapeLayer`'s default.
  public var fillColor: Color = .black
  public var fillRule: FillRule = .nonZero
  /// No stroke by default.
  public var strokeColor: Color = .clear
  public var lineWidth: Double = 1
  /// Where the stroke starts, as a fraction of the path's length.
  public var strokeStart: Double = 0
  /// Where the stroke ends, as a fraction of the path's length.
  public var strokeEnd: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var miterLimit: Double = 10
  /// Alternating dash and gap lengths; empty draws a solid line.
  public var lineDashPattern: [Double] = []
  /// How far into the dash pattern the stroke starts.
  public var lineDashPhase: Double = 0

  public init() {}
}
