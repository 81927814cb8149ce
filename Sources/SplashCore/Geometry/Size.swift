/// A width and a height, in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  public var description: String { "\(width)x\(height)" }

  /// The size a fraction `amount` of the way from `self` to `other`.
  public func interpolated(to other: Size, amount: Double) -> Size {
    Size(
      width: width + (other.width - width) * amount,
      height: height + (other.height - height) * amount)
  }
}
