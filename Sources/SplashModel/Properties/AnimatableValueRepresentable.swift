import SplashCore

/// A type a layer property holds that an animation can carry, convertible to and from the
/// `AnimatableValue` case of its kind.
///
/// A typed property (`LayerProperty<Double>`) takes only its own value type, so handing
/// `opacity` a colour does not compile; only the type-erased path, where values arrive as
/// `AnimatableValue`, can meet a value of the wrong kind.
public protocol AnimatableValueRepresentable: Sendable, Hashable {
  /// The kind of `AnimatableValue` this type converts to.
  static var animatableKind: AnimatableValue.Kind { get }
  /// The value as an animation carries it.
  var animatableValue: AnimatableValue { get }
  /// The value an animation carries, or `nil` when it is of another kind.
  init?(animatableValue: AnimatableValue)
}

extension Double: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .scalar }
  @inlinable public var animatableValue: AnimatableValue { .scalar(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .scalar(let number) = animatableValue else { return nil }
    self = number
  }
}

/// Carried as 0 (false) or 1 (true), switching at the midpoint of an animation, so it is
/// effectively discrete (as Core Animation animates `isHidden`).
extension Bool: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .scalar }
  @inlinable public var animatableValue: AnimatableValue { .scalar(self ? 1 : 0) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .scalar(let number) = animatableValue else { return nil }
    self = number >= 0.5
  }
}

extension Point: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .point }
  @inlinable public var animatableValue: AnimatableValue { .point(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .point(let point) = animatableValue else { return nil }
    self = point
  }
}

extension Size: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .size }
  @inlinable public var animatableValue: AnimatableValue { .size(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .size(let size) = animatableValue else { return nil }
    self = size
  }
}

extension Rect: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .rect }
  @inlinable public var animatableValue: AnimatableValue { .rect(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .rect(let rect) = animatableValue else { return nil }
    self = rect
  }
}

extension Color: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .color }
  @inlinable public var animatableValue: AnimatableValue { .color(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .color(let color) = animatableValue else { return nil }
    self = color
  }
}

extension Transform3D: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .transform }
  @inlinable public var animatableValue: AnimatableValue { .transform(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .transform(let transform) = animatableValue else { return nil }
    self = transform
  }
}

extension Path: AnimatableValueRepresentable {
  public static var animatableKind: AnimatableValue.Kind { .path }
  @inlinable public var animatableValue: AnimatableValue { .path(self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard case .path(let path) = animatableValue else { return nil }
    self = path
  }
}
