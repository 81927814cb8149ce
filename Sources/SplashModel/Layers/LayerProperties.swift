import SplashCore

/// Every property of a layer, with Core Animation's defaults.
///
/// The same struct holds a layer's model values (what the preset sets) and its presentation
/// values (what is on screen at a time, after animations). The styles of other layer kinds are
/// present but ignored: a plain layer never draws its `shape`.
public struct LayerProperties: Sendable, Hashable {
  // MARK: Geometry

  /// The anchor point's place in the superlayer's coordinate space.
  public var position: Point = .zero
  /// The layer's own coordinate space: its origin offsets the sublayers and the path.
  public var bounds: Rect = .zero
  /// The point of `bounds` that sits at `position` and that `transform` pivots about, in unit
  /// coordinates of the bounds.
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// Orders siblings: higher draws later (on top); equal values keep the sublayer order.
  public var zPosition: Double = 0
  /// Applied about the anchor point.
  public var transform: Transform3D = .identity
  /// Applied to the sublayers, about the centre of the bounds.
  public var sublayerTransform: Transform3D = .identity

  // MARK: Appearance

  /// Applied to the layer and its subtree as one picture.
  public var opacity: Double = 1
  public var isHidden = false
  public var backgroundColor: Color = .clear
  public var cornerRadius: Double = 0
  /// Whether sublayers are clipped to the bounds (rounded by `cornerRadius`).
  public var masksToBounds = false
  public var borderWidth: Double = 0
  /// Opaque black, `CALayer`'s default.
  public var borderColor: Color = .black
  public var contents: LayerContents?
  /// The part of the contents image shown, in unit coordinates of the image (`CALayer.contentsRect`):
  /// all of it by default; a sprite sheet's cell when animated.
  public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
  @CopyOnWrite public var shadow = Shadow()
  /// Whether the layer shows where its `mask` is clear rather than where it is opaque.
  ///
  /// Core Animation has no such switch (an inverted mask is drawn as a shape with a hole);
  /// Lottie files ask for one with alpha-inverted track mattes and inverted masks, so the
  /// model has it (and presets may set it, as `invertsMask`).
  public var invertsMask = false
  /// Whether the mask's alpha or its luminance decides what shows (`MaskMode`).
  public var maskMode: MaskMode = .alpha
  /// How much the layer's picture (its subtree) is blurred: a Gaussian blur whose standard
  /// deviation is this many points of the layer's space; 0, none.
  ///
  /// Core Animation on iOS has no layer blur (macOS has `CALayer.filters` with Core Image's
  /// `CIGaussianBlur`, whose `inputRadius` this is); Lottie files ask for one with After
  /// Effects' Gaussian Blur effect, which lottie-web and ThorVG draw, so the model has it.
  public var blurRadius: Double = 0
  /// A colour laid over the layer's picture where it is opaque: every pixel takes this colour,
  /// its alpha times the colour's alpha (a design tool's Color Overlay); clear, none.
  ///
  /// Core Animation has none; Lottie files ask for it with After Effects' Fill effect, which
  /// lottie-web and Skottie draw (color, alpha × opacity), so the model has it.
  public var colorOverlay: Color = .clear

  /// Whether the layer's picture is changed before it is composited (blurred, or laid over
  /// with a colour): such a picture is drawn whole into a group of its own.
  public var filtersPicture: Bool { blurRadius > 0 || colorOverlay.alpha > 0 }
  /// How the layer's picture (its subtree, at its opacity) combines with what is below it.
  public var blendMode: BlendMode = .normal

  // MARK: Kind-specific styles

  public var shape = ShapeStyle()
  // Behind references: each is one kind's, and copying a layer should not copy them all.
  @CopyOnWrite public var text = TextStyle()
  @CopyOnWrite public var gradient = GradientStyle()
  @CopyOnWrite public var replicator = ReplicatorStyle()

  public init() {}
}
