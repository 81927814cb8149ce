/// The backend's own ways of drawing that stand in for Cairo where they apply, each of which
/// can be turned off: off, Cairo draws instead, the reference the tests compare each with.
/// Everything draws with all of them (`all`); only tests turn one off.
public struct FastPaths: Sendable, Equatable {
  /// Axial and radial gradients shaded by `GradientShader`; off, Cairo's patterns draw them.
  public var shadesGradients = true
  /// A masked gradient whose picture is not kept shaded only where its mask has ink (see
  /// `shadeGradientThroughMask`); off, its whole group is shaded and masked.
  public var shadesGradientsThroughMasks = true
  /// Of those, one whose mask paints one opaque fill or stroke shaded through that paint's
  /// coverage as it is swept, with no picture of the mask (see `ShadingSink`), even when a
  /// picture of the gradient is kept; off, the mask is drawn into a picture first.
  public var shadesThroughSweptPaints = true
  /// One-colour groups kept from frame to frame composited by `CoverageCompositor`.
  public var compositesCoverage = true
  /// Translucent fills and strokes onto alpha-only surfaces drawn through a group of their own
  /// (see `paintPath`); off, they are drawn straight.
  public var groupsTranslucentPaints = true
  /// Those groups laid onto their alpha-only surface by `CoverageCompositor`.
  public var laysCoverageGroups = true
  /// Groups with a separable blend mode laid by `BlendCompositor`.
  public var composesBlendModes = true
  /// Inverted masks turned in place (see `invertInPlace`); off, Cairo paints each one's
  /// inverse into a group of its own.
  public var invertsMasksInPlace = true
  /// Shape layers' fills and strokes rasterized by `CoverageRasterizer` where the display
  /// list's plan says so (see `rasterizeShape`); off, Cairo draws them all.
  public var rasterizesShapes = true
  /// Those shapes' coverage kept from frame to frame and laid again while the path, style and
  /// place hold still (see `ShapeCoverageCache`); off, each frame rasterizes them again.
  public var keepsShapeCoverage = true
  /// A masked layer's picture laid through its drawn mask by `CoverageCompositor`, where both
  /// have ink (see `compositeMasked`); off, Cairo masks it, into a group of its own when it is
  /// faded.
  public var compositesMaskedPictures = true
  /// A frame drawn into the buffer that holds the frame the backend drew last redraws only the
  /// region where its display list changed (`ChangedRegion`); off, every frame is drawn whole.
  public var redrawsChangedRegion = true
  /// A mask at rest drawn whole once and composited through again while it draws as it did
  /// (see `maskPicture`); off, every masked layer's mask is drawn under the clip each frame.
  public var keepsMasks = true
  /// The canvas colour set straight into the frame's whole pixels (see `paintCanvasColour`);
  /// off, Cairo paints it.
  public var fillsCanvasColour = true

  public init(
    shadesGradients: Bool = true, shadesGradientsThroughMasks: Bool = true, shadesThroughSweptPaints: Bool = true,
    compositesCoverage: Bool = true,
    groupsTranslucentPaints: Bool = true, laysCoverageGroups: Bool = true, composesBlendModes: Bool = true,
    invertsMasksInPlace: Bool = true, rasterizesShapes: Bool = true, keepsShapeCoverage: Bool = true,
    compositesMaskedPictures: Bool = true, redrawsChangedRegion: Bool = true, keepsMasks: Bool = true,
    fillsCanvasColour: Bool = true
  ) {
    self.shadesGradients = shadesGradients
    self.shadesGradientsThroughMasks = shadesGradientsThroughMasks
    self.shadesThroughSweptPaints = shadesThroughSweptPaints
    self.compositesCoverage = compositesCoverage
    self.groupsTranslucentPaints = groupsTranslucentPaints
    self.laysCoverageGroups = laysCoverageGroups
    self.composesBlendModes = composesBlendModes
    self.invertsMasksInPlace = invertsMasksInPlace
    self.rasterizesShapes = rasterizesShapes
    self.keepsShapeCoverage = keepsShapeCoverage
    self.compositesMaskedPictures = compositesMaskedPictures
    self.redrawsChangedRegion = redrawsChangedRegion
    self.keepsMasks = keepsMasks
    self.fillsCanvasColour = fillsCanvasColour
  }

  /// Every fast path on: how every frame is drawn.
  public static let all = FastPaths()
}
