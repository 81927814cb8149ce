import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

/// Numbers written as arithmetic, as iOS code computes them (`(w - 4) / 3`, `2 * .pi`),
/// compiled through the preset compiler where a number is read.
@Suite("Arithmetic expressions where a number goes: precedence, functions, parameters, errors by column")
struct NumberExpressionTests {
  private static let parameters = """
    parameters: { size: { type: "number", default: 40 }, third: { type: "number", default: "375 / 3" },
                  brand: { type: "color", default: "#40E0B0" } }
    """

  private func scene(_ layers: String, overrides: [String: String] = [:]) throws -> Scene {
    let text = "{ schemaVersion: 1, \(Self.parameters), canvas: { size: [375, 667] }, clip: { cycle: 1 }, layers: [ \(layers) ] }"
    return try PresetCompiler.compile(Data(text.utf8), file: "x.json5", parameters: overrides)
  }

  private func message(_ layers: String, overrides: [String: String] = [:]) -> String {
    do {
      _ = try scene(layers, overrides: overrides)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// The number `expression` gives as a layer's `zPosition` (a number without a range).
  private func value(_ expression: String, overrides: [String: String] = [:]) throws -> Double {
    let escaped = expression.replacingOccurrences(of: "\"", with: "\\\"")
    return try #require(try scene(#"{ id: "a", zPosition: "\#(escaped)" }"#, overrides: overrides).layers.first).properties.zPosition
  }

  static let evaluated: [(String, Double)] = [
    ("(40 - 4) / 3", 12), ("2 + 3 * 4", 14), ("(2 + 3) * 4", 20), ("10 - 4 - 3", 3), ("2 / 4 / 2", 0.25),
    ("-2 * -3", 6), ("- (1 + 2)", -3), ("+5", 5), ("--5", 5), ("2 * -pi", -2 * .pi), ("1e2 / 4", 25), ("2.5E-1", 0.25),
    (".5 + 5.", 5.5), ("pi", .pi), ("π / 2", .pi / 2), ("2 * .pi", 2 * .pi), ("CGFloat.pi / 4", .pi / 4),
    ("CGFloat(2 * Double.pi)", 2 * .pi), ("Float(40) / Double(9)", 40.0 / 9), ("M_PI", .pi), ("M_PI_2", .pi / 2),
    ("-M_PI_4", -.pi / 4),
    ("min(3, 1, 2)", 1), ("max(3, 1 + 4, 2)", 5), ("min(7)", 7), ("sin(pi / 2)", 1), ("cos(0)", 1), ("tan(0)", 0),
    ("sqrt(16) + abs(-2)", 6), ("floor(2.7) + ceil(2.1)", 5), ("round(2.5) + round(-2.5)", 0), ("round(2.4)", 2),
    ("\t( 1+2 )*3 ", 9),
  ]

  @Test("precedence, signs, constants and functions evaluate as in Swift", arguments: evaluated)
  func evaluates(expression: String, expected: Double) throws {
    #expect(abs(try value(expression) - expected) < 1e-12, "\(expression)")
  }

  @Test("a number parameter is read inside an expression: its default, an override, and an override written as arithmetic")
  func parameters() throws {
    #expect(try value("$size / 9") == 40.0 / 9)
    #expect(try value("($third - 5) * 2") == 240)
    #expect(try value("$size / 9", overrides: ["size": "90"]) == 10)
    #expect(try value("$size / 9", overrides: ["size": "(90 + 9) / 11"]) == 1)
    // A string that is exactly "$name" is still replaced by the value, of any type.
    let layer = try #require(try scene(#"{ id: "a", zPosition: "$size", backgroundColor: "$brand" }"#).layers.first)
    #expect(layer.properties.zPosition == 40)
    #expect(layer.properties.backgroundColor == Color(red8: 0x40, green8: 0xE0, blue8: 0xB0))
    // Every number reader takes expressions: points, rects, lists, timing.
    let scene = try scene(
      #"{ id: "b", position: ["$size / 2", "2 * $size"], bounds: [0, 0, "(40 - 4) / 3", "$third"], type: "shape", "#
        + #"lineDashPattern: ["$size / 10", "1 + 1"], animations: [ { type: "keyframe", keyPath: "opacity", "#
        + #"values: [0, "1 / 4", 1], keyTimes: [0, "1 / 3", 1], duration: "$size / 80", beginTime: "1 / 2" } ] }"#)
    let shape = try #require(scene.layers.first)
    #expect(shape.properties.position == Point(x: 20, y: 80))
    #expect(shape.properties.bounds == Rect(x: 0, y: 0, width: 12, height: 125))
    #expect(shape.properties.shape.lineDashPattern == [4, 2])
    #expect(shape.animations.first?.timing.duration == 0.5)
    #expect(shape.animations.first?.timing.beginTime == 0.5)
  }

  @Test("a parameter that is not a number, or not declared, is named with its column")
  func parameterRefusals() {
    #expect(
      message(#"{ id: "a", zPosition: "1 + $brand * 2" }"#)
        == ##"x.json5: layers[0].zPosition: expected a number or an arithmetic expression ("(40 - 4) / 3"), found "1 + $brand * 2": column 5: expected a number parameter, found $brand = "#40E0B0""##
    )
    #expect(
      message(#"{ id: "a", zPosition: "$siz / 2" }"#)
        == #"x.json5: layers[0].zPosition: expected a number or an arithmetic expression ("(40 - 4) / 3"), found "$siz / 2": column 1: expected a number parameter, found $siz (the preset declares $size, $third)"#
    )
    // A typo in an exact reference is still caught before compiling, as before.
    #expect(
      message(#"{ id: "a", zPosition: "$siz" }"#).hasPrefix(
        #"x.json5: layers[0].zPosition: expected one of $brand, $size, $third, found "$siz""#))
    // A parameter's own value cannot lean on parameters.
    #expect(
      message(#"{ id: "a" }"#, overrides: ["size": "$third * 2"])
        == #"x.json5: parameters.size: expected a number for --param size, found "$third * 2": column 1: expected no parameter here ($third): a parameter's own value cannot use one"#
    )
  }

  /// (expression, the message after the JSON path)
  static let mistakes: [(String, String)] = [
    ("(40 - 4 / 3", #"expected a number or an arithmetic expression ("(40 - 4) / 3"), found "(40 - 4 / 3": column 12: expected ')'"#),
    ("2 * (3 + 4))", #"found "2 * (3 + 4))": column 12: expected an operator (+, -, *, /) or the end, found ')'"#),
    ("40 / 0", #"found "40 / 0": column 4: division by zero"#),
    ("1 / (2 - 2)", #"found "1 / (2 - 2)": column 3: division by zero"#),
    ("2 * sqrt(1 - 5)", #"found "2 * sqrt(1 - 5)": column 5: expected a number ≥ 0 for sqrt, found -4"#),
    ("1e308 * 10", #"found "1e308 * 10": column 7: the result of '*' is not a finite number"#),
    ("1e400", #"found "1e400": column 1: expected a finite number, found 1e400"#),
    (
      "2 * Pi",
      #"found "2 * Pi": column 5: unknown name "Pi"; expected pi, a $parameter or a function (abs, ceil, cos, floor, max, min, round, sin, sqrt, tan)"#
    ),
    ("sin 2", #"found "sin 2": column 5: expected '(' after sin, found '2'"#),
    ("sin(1, 2)", #"found "sin(1, 2)": column 1: expected one argument for sin, found 2"#),
    ("3 +", #"found "3 +": column 4: expected a number, pi, a $parameter, a function or '('"#),
    ("1e+", #"found "1e+": column 4: expected the digits of an exponent"#),
    ("2pi", #"found "2pi": column 2: expected an operator (+, -, *, /) or the end, found 'p'"#),
    ("fast", #"found "fast": column 1: unknown name "fast""#),
    ("", #"found "": column 1: expected a number"#),
  ]

  @Test("a mistake is reported with its JSON path, the text and the column in it", arguments: mistakes)
  func mistakeIsLocated(expression: String, expected: String) {
    let actual = message(#"{ id: "a", bounds: [0, 0, "\#(expression)", 10] }"#)
    #expect(actual.hasPrefix("x.json5: layers[0].bounds[2]: expected "), "\(actual)")
    #expect(actual.contains(expected), "\(actual)")
  }

  @Test("a range applies to the value an expression evaluates to, which the message shows")
  func ranges() {
    #expect(message(#"{ id: "a", opacity: "1 / 4 + 1 / 4" }"#) == "no error")
    #expect(
      message(#"{ id: "a", opacity: "3 / 2" }"#) == #"x.json5: layers[0].opacity: expected an opacity from 0 to 1, found "3 / 2" (= 1.5)"#)
    #expect(
      message(#"{ id: "a", bounds: [0, 0, "2 - 3", 1] }"#)
        == "x.json5: layers[0].bounds: expected a rect with no negative width or height, found an array of 4")
    #expect(
      message(#"{ id: "g", grid: { columns: "15 / 2", rows: 1, cellSize: [1, 1], cell: {} } }"#)
        == #"x.json5: layers[0].grid.columns: expected a whole number from 1 to 200, found "15 / 2" (= 7.5)"#)
    #expect(
      message(#"{ id: "a", cornerRadius: "(1" }"#)
        == #"x.json5: layers[0].cornerRadius: expected a number ≥ 0, found "(1": column 3: expected ')'"#)
  }

  @Test("an expression is at most 1000 characters and 32 levels deep")
  func limits() throws {
    let long = "1" + String(repeating: " + 1", count: 249)
    #expect(long.count == 997)
    #expect(try value(long) == 250)
    let tooLong = long + " + 1"
    #expect(message(#"{ id: "a", zPosition: "\#(tooLong)" }"#).contains("column 1001: expected an expression of at most 1000 characters"))
    #expect(try value(String(repeating: "(", count: 32) + "7" + String(repeating: ")", count: 32)) == 7)
    let deep = message(#"{ id: "a", zPosition: "\#(String(repeating: "(", count: 33) + "7" + String(repeating: ")", count: 33))" }"#)
    #expect(deep.contains("column 33: expected at most 32 parentheses, function calls and signs inside each other"), "\(deep)")
    let signs = message(#"{ id: "a", zPosition: "\#(String(repeating: "-", count: 40))1" }"#)
    #expect(signs.contains("column 33: expected at most 32"), "\(signs)")
  }

  @Test("batch rows (PreparedPreset) read a number parameter inside expressions with the row's value")
  func manifestRows() throws {
    let text = """
      { schemaVersion: 1, parameters: { size: { type: "number", default: 40 } }, canvas: { size: [100, 100] },
        clip: { cycle: 1 }, layers: [ { id: "a", opacity: "$size / 100" } ] }
      """
    let prepared = try PreparedPreset(Data(text.utf8), file: "p.json5", baseDirectory: URL(fileURLWithPath: "/tmp"), assetsRoot: nil)
    try prepared.check(["size": "50"])
    try prepared.check(["size": "200 / 4"])
    #expect {
      try prepared.check(["size": "250"])
    } throws: { error in
      "\(error)" == #"p.json5: layers[0].opacity: expected an opacity from 0 to 1, found "$size / 100" (= 2.5)"#
    }
  }

  @Test("a grid delays a cell's expression beginTime instead of replacing it, and scales by an expression")
  func gridCells() throws {
    let grid = """
      { id: "host", grid: { columns: 2, rows: 1, cellSize: [10, 10], centerCell: [0, 0], delayPerPoint: 0.01,
        cell: { zPosition: { cell: "column", times: "$size / 4" },
                animations: [ { type: "basic", keyPath: "opacity", beginTime: "$size / 100", duration: 1 } ] } } }
      """
    let cells = try #require(try scene(grid).layers.first).sublayers
    #expect(cells.map(\.properties.zPosition) == [0, 10])
    // Cell 1 is 10 points from the centre cell: 0.4 s from the expression, plus 0.1 s.
    let begins = cells.map { $0.animations.first?.timing.beginTime ?? -1 }
    #expect(abs(begins[0] - 0.4) < 1e-12 && abs(begins[1] - 0.5) < 1e-12, "\(begins)")
    let bad = grid.replacingOccurrences(of: #"beginTime: "$size / 100""#, with: #"beginTime: "$size / 0""#)
    #expect(message(bad).contains(#"layers[0].grid.cell[cell 0,0].animations[0].beginTime"#), "\(message(bad))")
  }
}
