import Foundation
import SplashModel
import Testing

@testable import SplashPresets

/// Angles keep their units, and take arithmetic: `"pi / 4 rad"`, `"360 / 8 deg"`, `"2 * pi"`.
@Suite("Angles: units after an expression, pi means radians, 0 needs no unit, other bare numbers are refused")
struct AngleExpressionTests {
  /// The radians `angle` compiles to as a rotation animation's `fromValue`.
  private func radians(_ angle: String, parameters: String = "") throws -> Double {
    let text = """
      { schemaVersion: 1, \(parameters) canvas: { size: [100, 100] }, clip: { cycle: 1 },
        layers: [ { id: "a", animations: [ { type: "basic", keyPath: "transform.rotation.z", fromValue: \(angle), toValue: "0deg" } ] } ] }
      """
    let scene = try PresetCompiler.compile(Data(text.utf8), file: "angle.json5")
    guard case .property(let animation)? = scene.layers.first?.animations.first,
      case .basic(let from?, _, _) = animation.values, case .scalar(let value) = from
    else {
      Issue.record("no rotation compiled from \(angle)")
      return .nan
    }
    return value
  }

  private func message(_ angle: String) -> String {
    do {
      _ = try radians(angle)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  static let angles: [(String, Double)] = [
    // The units as before.
    (#""-90deg""#, -.pi / 2), (#""1.5pi""#, 1.5 * .pi), (#""0.25turn""#, .pi / 2), (#""0.5rad""#, 0.5), (#""pi""#, .pi),
    (#"" 45 deg ""#, .pi / 4), (#""1.5π""#, 1.5 * .pi),
    // An expression, then a unit.
    (#""pi / 4 rad""#, .pi / 4), (#""360 / 8 deg""#, .pi / 4), (#""-(pi / 2) rad""#, -.pi / 2), (#""(1 / 3) turn""#, 2 * .pi / 3),
    (#""2 * 45deg""#, .pi / 2),
    // No unit, but pi: radians, as Swift's `2 * .pi`.
    (#""2 * pi""#, 2 * .pi), (#""-pi / 2""#, -.pi / 2), (#""pi + pi / 2""#, 1.5 * .pi), (#""-.pi / 4""#, -.pi / 4),
    (#""CGFloat(2 * Double.pi)""#, 2 * .pi), (#""M_PI_2""#, .pi / 2),
    // Zero is zero in every unit.
    ("0", 0), (#""0""#, 0), ("-0", 0), (#""0deg""#, 0),
  ]

  @Test("units, expressions with a unit, expressions naming pi, and zero", arguments: angles)
  func accepted(angle: String, expected: Double) throws {
    #expect(abs(try radians(angle) - expected) < 1e-12, "\(angle)")
  }

  @Test("a parameter inside an angle takes the unit after it")
  func parameter() throws {
    let parameters = #"parameters: { steps: { type: "number", default: 8 } },"#
    #expect(abs(try radians(#""360 / $steps deg""#, parameters: parameters) - .pi / 4) < 1e-12)
    #expect(abs(try radians(#""$steps * pi / 16""#, parameters: parameters) - .pi / 2) < 1e-12)
  }

  @Test("any other number without a unit is refused with the explanation, an expression with its value")
  func refused() {
    let expected =
      #"angle.json5: layers[0].animations[0].fromValue: expected an angle with a unit, such as "-90deg", "1.5pi", "0.25turn" or "0.5rad", found "#
    #expect(message("45") == expected + "45")
    #expect(message(#""45""#) == expected + #""45""#)
    #expect(message(#""90 / 2""#) == expected + #""90 / 2" (= 45)"#)
    #expect(message(#""1 - 1""#) == expected + #""1 - 1" (= 0)"#)
    #expect(
      message(#""90grad""#) == expected
        + #""90grad": column 3: expected an operator (+, -, *, /), a unit (deg, pi, rad, turn, π) or the end, found 'g'"#)
    #expect(message(#""pi / 4 rad rad""#) == expected + #""pi / 4 rad rad": column 12: expected the end after the unit, found 'r'"#)
  }
}
