import SplashCore

/// Every property of a layer, with Core Animation's defaults.
///
/// The same struct holds a layer's model values (what the preset sets) and its presentation
/// values (what is on screen at a time, after animations). Shape properties are ignored unless
/// the layer is a shape layer.
public struct LayerProperties: Sendable, Hashable {
  // MARK: CALayer

  /// The anchor point's place in the superlayer's coordinate space.
  public var position: Point = .zero
  /// The layer's own coordinate space: its origin offsets the sublayers and the path.
  public var bounds: Rect = .zero
  /// The point of `bounds` that sits at `position` and that `transform` pivots about, in unit
  /// coordinates of the bounds.
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// Applied about the anchor point.
  public var transform: AffineTransform = .identity
  /// Applied to the layer and its subtree as one picture.
  public var opacity: Double = 1
  public var isHidden = false
  public var backgroundColor: Color = .clear
  public var cornerRadius: Double = 0

  // MARK: CAShapeLayer

  public var path: Path?
  /// Opaque black, `CAShapeLayer`'s default.
  public var fillColor: Color = .black
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
  public var fillRule: FillRule = .nonZero

  public init() {}
}
