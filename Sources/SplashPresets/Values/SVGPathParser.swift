import SplashCore

/// Parses SVG path data (`M 0 100 L 0 -5 C 30 70 40 90 100 80 Z`) into a `Path`.
///
/// Supports every command but arcs: M/m, L/l, H/h, V/v, C/c, S/s, Q/q, T/t, Z/z, with numbers
/// separated by spaces or commas. Coordinates are in the layer's points (y down), exactly as
/// `UIBezierPath` would be built from them.
struct SVGPathParser {
  struct Failure: Error {
    var message: String
  }

  private let characters: [Character]
  private var index = 0

  init(_ text: String) {
    characters = Array(text)
  }

  static func parse(_ text: String) throws -> Path {
    var parser = SVGPathParser(text)
    return try parser.parse()
  }

  private mutating func parse() throws -> Path {
    var path = Path()
    var current = Point.zero
    var subpathStart = Point.zero
    var lastControl: Point?
    var lastCommand: Character = " "
    var command: Character?
    while true {
      skipSeparators()
      guard index < characters.count else { break }
      let character = characters[index]
      if character.isLetter {
        command = character
        index += 1
      } else if command == nil {
        throw Failure(message: "path data must start with a command such as M, found \"\(character)\"")
      }
      guard let active = command else { break }
      let relative = active.isLowercase
      let origin = relative ? current : .zero
      func point() throws -> Point { Point(x: try number(), y: try number()) + origin }
      var control: Point?
      switch active.uppercased().first ?? " " {
      case "M":
        current = try point()
        subpathStart = current
        path.move(to: current)
        // Further coordinate pairs after a move are implicit line-tos.
        command = relative ? "l" : "L"
      case "L":
        current = try point()
        path.addLine(to: current)
      case "H":
        current = Point(x: try number() + (relative ? current.x : 0), y: current.y)
        path.addLine(to: current)
      case "V":
        current = Point(x: current.x, y: try number() + (relative ? current.y : 0))
        path.addLine(to: current)
      case "C":
        let control1 = try point()
        let control2 = try point()
        current = try point()
        path.addCurve(to: current, control1: control1, control2: control2)
        control = control2
      case "S":
        let reflected = "CcSs".contains(lastCommand) ? current + (current - (lastControl ?? current)) : current
        let control2 = try point()
        current = try point()
        path.addCurve(to: current, control1: reflected, control2: control2)
        control = control2
      case "Q":
        let quadControl = try point()
        current = try point()
        path.addQuadCurve(to: current, control: quadControl)
        control = quadControl
      case "T":
        let reflected = "QqTt".contains(lastCommand) ? current + (current - (lastControl ?? current)) : current
        current = try point()
        path.addQuadCurve(to: current, control: reflected)
        control = reflected
      case "Z":
        path.closeSubpath()
        current = subpathStart
        command = nil
      case "A":
        throw Failure(message: "arc commands (A) are not supported; use an { arc: … } subpath")
      default:
        throw Failure(message: "unknown path command \"\(active)\"")
      }
      lastControl = control
      lastCommand = active
    }
    guard !path.isEmpty else { throw Failure(message: "empty path data") }
    return path
  }

  private mutating func skipSeparators() {
    while index < characters.count, characters[index].isWhitespace || characters[index] == "," { index += 1 }
  }

  private mutating func number() throws -> Double {
    skipSeparators()
    let start = index
    if index < characters.count, "+-".contains(characters[index]) { index += 1 }
    var sawDot = false
    var sawExponent = false
    while index < characters.count {
      let character = characters[index]
      if character.isNumber {
        index += 1
      } else if character == "." && !sawDot && !sawExponent {
        sawDot = true
        index += 1
      } else if (character == "e" || character == "E") && !sawExponent && index > start {
        sawExponent = true
        index += 1
        if index < characters.count, "+-".contains(characters[index]) { index += 1 }
      } else {
        break
      }
    }
    guard index > start, let value = Double(String(characters[start..<index])), value.isFinite else {
      let found = index < characters.count ? "\"\(characters[index])\"" : "the end"
      throw Failure(message: "expected a number in the path data at character \(start + 1), found \(found)")
    }
    return value
  }
}
