import SplashCore

/// A value an animation can carry: one case per kind of Core Animation property.
public enum AnimatableValue: Sendable, Hashable {
  case scalar(Double)
  case point(Point)
  case size(Size)
  case rect(Rect)
  case color(Color)
  case transform(AffineTransform)
  case path(Path)

  /// The kind of value, used to check that an animation fits the property it targets.
  public enum Kind: String, Sendable, Hashable {
    case scalar = "number"
    case point
    case size
    case rect
    case color
    case transform
    case path
  }

  public var kind: Kind {
    switch self {
    case .scalar: .scalar
    case .point: .point
    case .size: .size
    case .rect: .rect
    case .color: .color
    case .transform: .transform
    case .path: .path
    }
  }

  /// The value a fraction `amount` of the way from `self` to `other`.
  ///
  /// Transforms interpolate decomposed (see `DecomposedTransform`). Paths interpolate point by
  /// point when both have the same elements; paths of different structure switch from one to
  /// the other at the midpoint. Values of different kinds never meet: presets are checked
  /// before they reach the model, so `self` is returned.
  public func interpolated(to other: AnimatableValue, amount: Double) -> AnimatableValue {
    switch (self, other) {
    case (.scalar(let from), .scalar(let to)): .scalar(from + (to - from) * amount)
    case (.point(let from), .point(let to)): .point(from.interpolated(to: to, amount: amount))
    case (.size(let from), .size(let to)): .size(from.interpolated(to: to, amount: amount))
    case (.rect(let from), .rect(let to)): .rect(from.interpolated(to: to, amount: amount))
    case (.color(let from), .color(let to)): .color(from.interpolated(to: to, amount: amount))
    case (.transform(let from), .transform(let to)):
      .transform(
        DecomposedTransform(from).interpolated(to: DecomposedTransform(to), amount: amount).transform)
    case (.path(let from), .path(let to)):
      .path(from.interpolatedElementwise(to: to, amount: amount) ?? (amount < 0.5 ? from : to))
    default: self
    }
  }

  /// `self` added onto `base`, for additive animations and `byValue`.
  ///
  /// Numbers, points, sizes, rects and colours add component by component; transforms
  /// concatenate (this value applied first, then the base); a path cannot be added and
  /// replaces the base.
  public func adding(to base: AnimatableValue) -> AnimatableValue {
    switch (self, base) {
    case (.scalar(let value), .scalar(let base)): .scalar(base + value)
    case (.point(let value), .point(let base)): .point(base + value)
    case (.size(let value), .size(let base)):
      .size(Size(width: base.width + value.width, height: base.height + value.height))
    case (.rect(let value), .rect(let base)):
      .rect(
        Rect(
          x: base.minX + value.minX, y: base.minY + value.minY,
          width: base.width + value.width, height: base.height + value.height))
    case (.color(let value), .color(let base)):
      .color(
        Color(
          red: base.red + value.red, green: base.green + value.green, blue: base.blue + value.blue,
          alpha: base.alpha + value.alpha))
    case (.transform(let value), .transform(let base)): .transform(value.concatenating(base))
    default: self
    }
  }

  /// The value that added onto `self` gives `other` (`other − self`), for `toValue` with `byValue`.
  public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
    switch (self, other) {
    case (.scalar(let value), .scalar(let minus)): .scalar(value - minus)
    case (.point(let value), .point(let minus)): .point(value - minus)
    case (.size(let value), .size(let minus)):
      .size(Size(width: value.width - minus.width, height: value.height - minus.height))
    default: self
    }
  }
}

extension Path {
  /// Point-by-point interpolation, or `nil` when the two paths differ in their elements' kinds.
  func interpolatedElementwise(to other: Path, amount: Double) -> Path? {
    guard elements.count == other.elements.count else { return nil }
    var result: [PathElement] = []
    result.reserveCapacity(elements.count)
    for (from, to) in zip(elements, other.elements) {
      func mix(_ a: Point, _ b: Point) -> Point { a.interpolated(to: b, amount: amount) }
      switch (from, to) {
      case (.move(let a), .move(let b)): result.append(.move(to: mix(a, b)))
      case (.line(let a), .line(let b)): result.append(.line(to: mix(a, b)))
      case (.quadCurve(let c1, let a), .quadCurve(let c2, let b)):
        result.append(.quadCurve(control: mix(c1, c2), to: mix(a, b)))
      case (.cubicCurve(let c1, let d1, let a), .cubicCurve(let c2, let d2, let b)):
        result.append(.cubicCurve(control1: mix(c1, c2), control2: mix(d1, d2), to: mix(a, b)))
      case (.close, .close): result.append(.close)
      default: return nil
      }
    }
    return Path(elements: result)
  }
}
