import SplashCore

/// The properties of a text layer, with `CATextLayer`'s defaults.
///
/// The font is named as a designer would (family, weight, size); the renderer shapes it with
/// Pango and documents its fallback when the family is not installed.
///
/// Tracking, line height, an outline, italics and a baseline origin are not `CATextLayer`'s:
/// Lottie text has them, and Apple's Lottie player draws it with a `CALayer` of its own that
/// sets them on CoreText (lottie-ios `CoreTextRenderLayer`), so the model has them for Lottie
/// files. Presets leave them at their defaults, which draw as `CATextLayer` does.
public struct TextStyle: Sendable, Hashable {
  /// How lines sit horizontally in the layer's bounds (`CATextLayerAlignmentMode`).
  public enum Alignment: String, Sendable, Hashable, CaseIterable {
    case natural, left, right, center, justified
  }

  /// What the top of the bounds is on the text.
  public enum VerticalPlacement: String, Sendable, Hashable, CaseIterable {
    /// The top of the first line, as `CATextLayer` draws.
    case top
    /// The first line's baseline, where Lottie puts a text layer's origin.
    case firstBaseline
  }

  public var string: String = ""
  public var fontFamily: String = "Helvetica"
  /// OpenType weight, 1…1000: 100 ultra light, 200 thin (UIKit's order), 300 light,
  /// 400 regular … 700 bold … 900 black.
  public var fontWeight: Double = 400
  public var fontSize: Double = 36
  /// Opaque white, `CATextLayer`'s default.
  public var foregroundColor: Color = .white
  public var alignment: Alignment = .natural
  /// Whether lines wrap at the bounds' width.
  public var isWrapped = false
  public var verticalPlacement: VerticalPlacement = .top
  public var isItalic = false
  /// Extra space between characters, in points (CoreText's kern); 0.
  public var tracking: Double = 0
  /// The distance from one baseline to the next, in points, or `nil` for the font's own.
  public var lineHeight: Double?
  /// The glyphs' outline: clear (none) by default; `strokeWidth` points wide, centred on the
  /// outline, with round joins.
  public var strokeColor: Color = .clear
  public var strokeWidth: Double = 0
  /// Whether the outline is drawn over the fill rather than under it.
  public var strokesOverFill = false

  public init() {}
}
