#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The elementary functions the upper layers need, so that they import nothing but this module.
///
/// The model must stay a pure Swift layer over the geometry module (docs/architecture.md); the C math
/// library stays down here.
public enum Math {
  public static func sine(_ x: Double) -> Double { sin(x) }
  public static func cosine(_ x: Double) -> Double { cos(x) }
  public static func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
  public static func arcSine(_ x: Double) -> Double { asin(min(max(x, -1), 1)) }
  public static func arcCosine(_ x: Double) -> Double { acos(min(max(x, -1), 1)) }
  public static func exponential(_ x: Double) -> Double { exp(x) }
  public static func naturalLogarithm(_ x: Double) -> Double { log(x) }
  public static func hyperbolicSine(_ x: Double) -> Double { sinh(x) }
  public static func hyperbolicCosine(_ x: Double) -> Double { cosh(x) }
}
