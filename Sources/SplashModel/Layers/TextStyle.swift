import SplashCore

/// The properties of a text layer, with `CATextLayer`'s defaults.
///
/// The font is named as a designer would (family, weight, size); the renderer shapes it with
/// Pango and documents its fallback when the family is not installed.
public struct TextStyle: Sendable, Hashable {
  /// How lines sit horizontally in the layer's bounds (`CATextLayerAlignmentMode`).
  public enum Alignment: String, Sendable, Hashable, CaseIterable {
    case natural, left, right, center, justified
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

  public init() {}
}
