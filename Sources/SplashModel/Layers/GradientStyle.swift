import SplashCore

/// The properties of a `CAGradientLayer`, with its defaults.
public struct GradientStyle: Sendable, Hashable {
  /// `CAGradientLayerType`.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Along the line from `startPoint` to `endPoint`.
    case axial
    /// Circles centred on `startPoint` reaching `endPoint` (an ellipse in non-square bounds).
    case radial
    /// Around `startPoint`, starting in the direction of `endPoint`.
    case conic
  }

  public var kind: Kind = .axial
  public var colors: [Color] = []
  /// Where each colour sits, 0…1; empty spreads them evenly.
  public var locations: [Double] = []
  /// In unit coordinates of the bounds.
  public var startPoint = Point(x: 0.5, y: 0)
  public var endPoint = Point(x: 0.5, y: 1)

  public init() {}
}
