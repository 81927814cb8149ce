import SplashCore

/// A layer's drop shadow, with `CALayer`'s defaults (invisible until `opacity` is raised).
public struct Shadow: Sendable, Hashable {
  public var color: Color = .black
  public var opacity: Double = 0
  /// `CALayer`'s default offset is (0, −3): three points up.
  public var offset = Size(width: 0, height: -3)
  /// The blur radius in points.
  public var radius: Double = 3

  public init() {}
}
