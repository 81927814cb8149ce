/// How often the backend took each of its fast paths, counted for tests that check a path is
/// taken (or not), and for `bench` (the share of rows drawn): a backend is given one only by
/// those, and counts nothing otherwise.
///
/// One backend draws on one thread, and so counts on it.
public final class RenderCounters {
  /// Bands of gradients shaded by `GradientShader`.
  public var gradientBandsShaded = 0
  /// Groups of gradient layers shaded straight into their pictures.
  public var gradientGroupsShaded = 0
  /// Masked gradients shaded only where their masks have ink.
  public var gradientsShadedThroughMasks = 0
  /// Of those, the ones shaded through their mask's one fill or stroke as it was swept, with no
  /// picture of the mask.
  public var gradientsShadedAsSwept = 0
  /// Pixels of those wholly covered by an opaque gradient, copied from the shaded row.
  public var gradientPixelsCopied = 0
  /// One-colour groups composited by `CoverageCompositor`.
  public var coverageComposited = 0
  /// Translucent fills and strokes onto alpha-only surfaces drawn through a group of their own.
  public var translucentPaintsGrouped = 0
  /// Alpha-only groups laid by `CoverageCompositor.layCoverage`.
  public var coverageGroupsLaid = 0
  /// Groups laid by `BlendCompositor`.
  public var blendModesComposited = 0
  /// Inverted masks turned in place.
  public var masksInvertedInPlace = 0
  /// Fills and strokes drawn by `CoverageRasterizer`.
  public var shapesRasterized = 0
  /// Of those, fills and strokes laid from the coverage kept from an earlier frame.
  public var shapeCoveragesLaid = 0
  /// Layers whose opacity was folded into their paint.
  public var opacitiesFolded = 0
  /// Masked pictures laid through their masks by `CoverageCompositor`.
  public var maskedPicturesComposited = 0
  /// Clip coverages drawn for a clip's box and kept, and those given again from the one kept
  /// (`CairoBackend.clipCoverage`).
  public var clipCoveragesKept = 0
  public var clipCoveragesReused = 0
  /// Masked contents composited from the group kept from an earlier frame.
  public var maskedContentsReused = 0
  /// Masks drawn whole and kept (`CairoBackend.maskPicture`), and masks composited through
  /// from a picture kept in an earlier frame.
  public var masksKeptWhole = 0
  public var masksReused = 0
  /// Groups pushed (`CairoBackend.pushGroup`), and their pixels in all: each as large as the
  /// clip's box it is pushed under, cleared and composited whatever it holds.
  public var groupsPushed = 0
  public var groupPixels = 0
  /// Groups composited from `GroupCache`, and of those, groups that had been idle.
  public var groupsReused = 0
  public var idleGroupsReused = 0
  /// Backing stores composited, those of them that had to be drawn, and those composited by
  /// `BilinearCompositor` rather than by Cairo.
  public var storesComposited = 0
  public var storesDrawn = 0
  public var storesCompositedAsInk = 0
  /// Frames drawn whole, frames of which only the changed region was redrawn (and how many of
  /// its rows and pixels in all), and frames left as the buffer held them (`ChangedRegion`).
  public var framesDrawnWhole = 0
  public var framesRedrawnInPart = 0
  public var rowsRedrawn = 0
  public var pixelsRedrawn = 0
  public var framesUnchanged = 0
  /// Layers below the top level left out of a frame redrawn in part, lying wholly outside the
  /// region redrawn.
  public var layersOutsideRedrawnRegion = 0
  /// Frames whose canvas colour was set straight into their pixels (`paintCanvasColour`).
  public var canvasColourFills = 0

  public init() {}
}
