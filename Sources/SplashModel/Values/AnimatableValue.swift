import SplashCore

/// A value an animation can carry: one case per kind of Core Animation property.
public enum AnimatableValue: Sendable, Hashable {
  case scalar(Double)
  case point(Point)
  case size(Size)
  case rect(Rect)
  case color(Color)
  /// Boxed: a 4×4 matrix inline made every value 129 bytes, copied by `memcpy` each time a
  /// value was read, interpolated or set (eight times an animation applied); the other cases
  /// fit in 33.
  indirect case transform(Transform3D)
  case path(Path)
  /// A list of numbers (`lineDashPattern`, gradient `locations`).
  case numbers([Double])
  /// A list of colours (gradient `colors`).
  case colors([Color])

  /// The kind of value, used to check that an animation fits the property it targets.
  public enum Kind: String, Sendable, Hashable {
    case scalar = "number"
    case point
    case size
    case rect
    case color
    case transform
    case path
    case numbers = "array of numbers"
    case colors = "array of colours"
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
    case .numbers: .numbers
    case .colors: .colors
    }
  }

  /// The value a fraction `amount` of the way from `self` to `other`.
  ///
  /// Transforms interpolate decomposed (see `DecomposedTransform`); a singular end (a zero
  /// scale) cannot be decomposed, and then the value switches at the midpoint. Paths interpolate
  /// point by point after `Path.morphable(with:)` has given both the same structure. Lists
  /// interpolate element by element when their lengths agree, and switch at the midpoint when
  /// they do not. Values of different kinds never meet: presets are checked before they reach
  /// the model, so `self` is returned.
  public func interpolated(to other: AnimatableValue, amount: Double) -> AnimatableValue {
    switch (self, other) {
    case (.scalar(let from), .scalar(let to)): .scalar(from + (to - from) * amount)
    case (.point(let from), .point(let to)): .point(from.interpolated(to: to, amount: amount))
    case (.size(let from), .size(let to)): .size(from.interpolated(to: to, amount: amount))
    case (.rect(let from), .rect(let to)): .rect(from.interpolated(to: to, amount: amount))
    case (.color(let from), .color(let to)): .color(from.interpolated(to: to, amount: amount))
    case (.transform(let from), .transform(let to)):
      if let start = DecomposedTransform(from), let end = DecomposedTransform(to) {
        .transform(start.interpolated(to: end, amount: amount).transform)
      } else {
        amount < 0.5 ? self : other
      }
    case (.path(let from), .path(let to)):
      .path(Path.morph(from, to, amount: amount))
    case (.numbers(let from), .numbers(let to)) where from.count == to.count:
      .numbers(zip(from, to).map { $0 + ($1 - $0) * amount })
    case (.colors(let from), .colors(let to)) where from.count == to.count:
      .colors(zip(from, to).map { $0.interpolated(to: $1, amount: amount) })
    case (.numbers, .numbers), (.colors, .colors):
      amount < 0.5 ? self : other
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
    case (.rect(let value), .rect(let minus)):
      .rect(
        Rect(x: value.minX - minus.minX, y: value.minY - minus.minY, width: value.width - minus.width, height: value.height - minus.height))
    case (.color(let value), .color(let minus)):
      .color(
        Color(red: value.red - minus.red, green: value.green - minus.green, blue: value.blue - minus.blue, alpha: value.alpha - minus.alpha)
      )
    default: self
    }
  }

  /// `self` scaled by `factor`, for cumulative repeats (n times the change of one iteration).
  public func scaled(by factor: Double) -> AnimatableValue {
    switch self {
    case .scalar(let value): .scalar(value * factor)
    case .point(let value): .point(value * factor)
    case .size(let value): .size(Size(width: value.width * factor, height: value.height * factor))
    case .rect(let value):
      .rect(Rect(x: value.minX * factor, y: value.minY * factor, width: value.width * factor, height: value.height * factor))
    case .color(let value):
      .color(Color(red: value.red * factor, green: value.green * factor, blue: value.blue * factor, alpha: value.alpha * factor))
    default: self
    }
  }

  /// Whether the value has a sum and a difference, which `byValue`, `cumulative` and paced
  /// keyframes need.
  public var isVectorLike: Bool {
    switch self {
    case .scalar, .point, .size, .rect, .color: true
    default: false
    }
  }

  /// The straight-line distance to another value of the same kind, for paced keyframes.
  public func distance(to other: AnimatableValue) -> Double {
    func norm(_ components: [Double]) -> Double { components.reduce(0) { $0 + $1 * $1 }.squareRoot() }
    switch (self, other) {
    case (.scalar(let a), .scalar(let b)): return abs(b - a)
    case (.point(let a), .point(let b)): return a.distance(to: b)
    case (.size(let a), .size(let b)): return norm([b.width - a.width, b.height - a.height])
    case (.rect(let a), .rect(let b)):
      return norm([b.minX - a.minX, b.minY - a.minY, b.width - a.width, b.height - a.height])
    case (.color(let a), .color(let b)):
      return norm([b.red - a.red, b.green - a.green, b.blue - a.blue, b.alpha - a.alpha])
    default: return 0
    }
  }
}
