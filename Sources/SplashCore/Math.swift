#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The elementary functions the upper layers need, so that they import nothing but this module.
///
/// The model must stay a pure Swift layer over the geometry module (docs/architecture.md); the C math
/// library stays down here.
///
/// At 0 the sine, cosine, arc sine and arc tangent give their exact values without calling the
/// library (C's Annex F: sin(±0) = ±0, cos(±0) = 1, asin(±0) = ±0, atan2(±0, x > 0) = ±0), the
/// same bits it returns. A flat transform set one component at a time (`transform.scale.x`, as
/// every Lottie layer's scale and rotation are) is decomposed and recomposed through these with
/// x and y angles of 0: six of its nine calls (2 % of evaluating issue_1949).
public enum Math {
  @inlinable public static func sine(_ x: Double) -> Double { x == 0 ? x : sin(x) }
  @inlinable public static func cosine(_ x: Double) -> Double { x == 0 ? 1 : cos(x) }
  @inlinable public static func arcTangent(_ y: Double, _ x: Double) -> Double { y == 0 && x > 0 ? y : atan2(y, x) }
  @inlinable public static func arcSine(_ x: Double) -> Double { x == 0 ? x : asin(min(max(x, -1), 1)) }
  public static func arcCosine(_ x: Double) -> Double { acos(min(max(x, -1), 1)) }
  public static func exponential(_ x: Double) -> Double { exp(x) }
  public static func naturalLogarithm(_ x: Double) -> Double { log(x) }
  public static func hyperbolicSine(_ x: Double) -> Double { sinh(x) }
  public static func hyperbolicCosine(_ x: Double) -> Double { cosh(x) }
}
