import SplashCore

/// An element of a list-valued layer property (`lineDashPattern`, gradient `colors`), which an
/// animation carries as one `AnimatableValue` case per element type.
///
/// Arrays conform to `AnimatableValueRepresentable` through their element, since an array can
/// conform only once whatever its element.
public protocol AnimatableListElement: Sendable, Hashable {
  /// The kind of `AnimatableValue` a list of this element converts to.
  static var listKind: AnimatableValue.Kind { get }
  /// The list as an animation carries it.
  static func animatableValue(of list: [Self]) -> AnimatableValue
  /// The list an animation carries, or `nil` when it is of another kind.
  static func list(from value: AnimatableValue) -> [Self]?
}

extension Double: AnimatableListElement {
  public static var listKind: AnimatableValue.Kind { .numbers }
  @inlinable public static func animatableValue(of list: [Double]) -> AnimatableValue { .numbers(list) }
  @inlinable public static func list(from value: AnimatableValue) -> [Double]? {
    guard case .numbers(let numbers) = value else { return nil }
    return numbers
  }
}

extension Color: AnimatableListElement {
  public static var listKind: AnimatableValue.Kind { .colors }
  @inlinable public static func animatableValue(of list: [Color]) -> AnimatableValue { .colors(list) }
  @inlinable public static func list(from value: AnimatableValue) -> [Color]? {
    guard case .colors(let colors) = value else { return nil }
    return colors
  }
}

extension Array: AnimatableValueRepresentable where Element: AnimatableListElement {
  public static var animatableKind: AnimatableValue.Kind { Element.listKind }
  @inlinable public var animatableValue: AnimatableValue { Element.animatableValue(of: self) }
  @inlinable public init?(animatableValue: AnimatableValue) {
    guard let list = Element.list(from: animatableValue) else { return nil }
    self = list
  }
}
