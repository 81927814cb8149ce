import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

/// `define.numbers`: the `let`s of loader code (`let circleSize = (size.width - 4) / 3`), named
/// once and read as `$name`, compiled through the preset compiler.
@Suite("Named numbers: written once like a Swift let, read as $name, in any order, never circular")
struct NamedNumberTests {
  private func document(numbers: String, layer: String) -> String {
    """
    { schemaVersion: 1, parameters: { size: { type: "number", default: 60 } },
      define: { numbers: { \(numbers) } }, canvas: { size: [100, 100] }, clip: { cycle: 1 },
      layers: [ \(layer) ] }
    """
  }

  private func bounds(numbers: String, layer: String, parameters: [String: String] = [:]) throws -> Rect {
    let scene = try PresetCompiler.compile(Data(document(numbers: numbers, layer: layer).utf8), file: "n.json5", parameters: parameters)
    return try #require(scene.layers.first).properties.bounds
  }

  private func message(numbers: String, layer: String = #"{ id: "a" }"#) -> String {
    do {
      _ = try PresetCompiler.compile(Data(document(numbers: numbers, layer: layer).utf8), file: "n.json5", parameters: [:])
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test("a number may use parameters and numbers written after it; alone or inside an expression")
  func dependencies() throws {
    // Written in the opposite order from the one they must be evaluated in.
    let numbers = #"half: "$circleSize / 2", circleSize: "($size - 2 * $circleSpacing) / 3", circleSpacing: 2"#
    let layer = #"{ id: "a", frame: [0, 0, "$circleSize", "$half + 1"] }"#
    let read = try bounds(numbers: numbers, layer: layer)
    #expect(abs(read.width - 56.0 / 3) < 1e-9 && abs(read.height - (28.0 / 3 + 1)) < 1e-9, "\(read)")
    // A --param value flows through every number that depends on it.
    let overridden = try bounds(numbers: numbers, layer: layer, parameters: ["size": "90"])
    #expect(abs(overridden.width - 86.0 / 3) < 1e-9, "\(overridden)")
  }

  @Test("a circle of numbers, a clash with a parameter, a bad name and a bad value are refused at their path")
  func refusals() {
    #expect(
      message(numbers: #"a: "$b + 1", b: "$c * 2", c: "$a""#)
        == "n.json5: define.numbers.a: expected a number that does not depend on itself, found a → b → c → a")
    #expect(
      message(numbers: #"own: "$own""#) == "n.json5: define.numbers.own: expected a number that does not depend on itself, found own → own")
    #expect(
      message(numbers: "size: 3")
        == #"n.json5: define.numbers.size: expected a name that no parameter has (a named number cannot replace one), found "size""#)
    #expect(
      message(numbers: #""circle-size": 3"#)
        == #"n.json5: define.numbers.circle-size: expected a number name of letters, digits and _ starting with a letter, found "circle-size""#
    )
    #expect(message(numbers: "a: [1]") == "n.json5: define.numbers.a: expected a number or an arithmetic expression, found an array of 1")
    let column = message(numbers: #"a: "($size - 4 / 3""#)
    #expect(column.hasPrefix("n.json5: define.numbers.a: expected a number or an arithmetic expression"), "\(column)")
    #expect(column.hasSuffix("column 15: expected ')'"), "\(column)")
    let unknown = message(numbers: "a: 1", layer: #"{ id: "a", zPosition: "$b" }"#)
    #expect(unknown.contains("$b"), "\(unknown)")
  }
}
