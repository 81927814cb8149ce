@testable import SplashModel

/// `compare` asked of the addresses of `left` and `right`, as the comparisons made in place
/// (`LayerProperties.equalApartFromPlace`, `apartWhereAnimated`) are asked of stored values.
func comparedInPlace(
  _ left: LayerProperties, _ right: LayerProperties,
  by compare: (UnsafePointer<LayerProperties>, UnsafePointer<LayerProperties>) -> Bool
) -> Bool {
  withUnsafePointer(to: left) { left in withUnsafePointer(to: right) { compare(left, $0) } }
}
