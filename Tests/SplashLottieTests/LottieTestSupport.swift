import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Small Lottie documents written for these tests, and an independent reading of where the
/// compiled layers put a point: Core Animation's geometry rederived here, not taken from the
/// renderer.
enum LottieTestSupport {
  /// A document of `width` × `height` at `framesPerSecond` from `inPoint` to `outPoint` with
  /// `layers` (JSON text of the array's elements) and `assets`.
  static func document(
    layers: String, assets: String = "", width: Int = 200, height: Int = 200, framesPerSecond: Double = 30,
    inPoint: Double = 0, outPoint: Double = 60
  ) -> String {
    """
    {"v":"5.7.4","fr":\(framesPerSecond),"ip":\(inPoint),"op":\(outPoint),"w":\(width),"h":\(height),"nm":"test",
     "assets":[\(assets)],"layers":[\(layers)]}
    """
  }

  static func compile(_ text: String, warnings: inout [DocumentError]) throws -> Scene {
    var collected: [DocumentError] = []
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json") { collected.append($0) }
    warnings = collected
    return scene
  }

  static func compile(_ text: String) throws -> Scene {
    try LottieCompiler.compile(Data(text.utf8), file: "test.json")
  }

  /// The message compiling `text` fails with, or "no error".
  static func failure(_ text: String) -> String {
    do {
      _ = try compile(text)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// The member at `path` (keys and indexes) of `value`, or `nil` where there is none.
  static func member(_ value: JSONValue, _ path: [Any]) -> JSONValue? {
    var current: JSONValue? = value
    for step in path {
      switch (current, step) {
      case (.object(let members)?, let key as String): current = members[key]
      case (.array(let elements)?, let index as Int): current = index < elements.count ? elements[index] : nil
      default: return nil
      }
    }
    return current
  }

  /// A static transform (`ks` or `tr`) as JSON.
  static func transform(
    position: String = "[0,0]", anchor: String = "[0,0]", scale: String = "[100,100]", rotation: String = "0",
    opacity: String = "100"
  ) -> String {
    """
    {"p":{"a":0,"k":\(position)},"a":{"a":0,"k":\(anchor)},"s":{"a":0,"k":\(scale)},"r":{"a":0,"k":\(rotation)},"o":{"a":0,"k":\(opacity)}}
    """
  }

  /// Where point `point` of the layer at the end of `chain` (outermost first) is on the canvas,
  /// by Core Animation's rule: a layer maps its point q to position + M · (q − anchor) in its
  /// parent, anchor = bounds.origin + anchorPoint × bounds.size, M its transform (row vectors).
  static func canvasPoint(_ point: Point, through chain: [PresentationLayer]) -> Point {
    var current = point
    for layer in chain.reversed() {
      let properties = layer.properties
      let anchor = Point(
        x: properties.bounds.minX + properties.anchorPoint.x * properties.bounds.width,
        y: properties.bounds.minY + properties.anchorPoint.y * properties.bounds.height)
      let local = current - anchor
      let matrix = properties.transform
      current = Point(
        x: properties.position.x + local.x * matrix.m11 + local.y * matrix.m21 + matrix.m41,
        y: properties.position.y + local.x * matrix.m12 + local.y * matrix.m22 + matrix.m42)
    }
    return current
  }

  /// The chain of presentation layers from a root to the first layer whose id satisfies
  /// `matches`, outermost first.
  static func chain(in tree: PresentationTree, where matches: (String) -> Bool) -> [PresentationLayer]? {
    func search(_ layers: [PresentationLayer]) -> [PresentationLayer]? {
      for layer in layers {
        if matches(layer.id) { return [layer] }
        if let below = search(layer.sublayers) { return [layer] + below }
      }
      return nil
    }
    return search(tree.layers)
  }

  /// A CSS-style cubic Bézier easing solved by bisection (independent of `TimingFunction`).
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func curve(_ a: Double, _ b: Double, _ t: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if curve(x1, x2, middle) < x { low = middle } else { high = middle }
    }
    return curve(y1, y2, (low + high) / 2)
  }

  /// The winding number of `path` about `point` (curves flattened into 64 lines each): 0 where
  /// the non-zero rule leaves a point unfilled.
  static func winding(of point: Point, in path: Path) -> Int {
    var lines: [(Point, Point)] = []
    var start = Point.zero
    var current = Point.zero
    for element in path.elements {
      switch element {
      case .move(let to):
        if current != start { lines.append((current, start)) }
        start = to
        current = to
      case .line(let to):
        lines.append((current, to))
        current = to
      case .quadCurve(let control, let to):
        var previous = current
        for step in 1...64 {
          let t = Double(step) / 64
          let next = Point(
            x: (1 - t) * (1 - t) * current.x + 2 * (1 - t) * t * control.x + t * t * to.x,
            y: (1 - t) * (1 - t) * current.y + 2 * (1 - t) * t * control.y + t * t * to.y)
          lines.append((previous, next))
          previous = next
        }
        current = to
      case .cubicCurve(let control1, let control2, let to):
        var previous = current
        for step in 1...64 {
          let t = Double(step) / 64
          let u = 1 - t
          let next = Point(
            x: u * u * u * current.x + 3 * u * u * t * control1.x + 3 * u * t * t * control2.x + t * t * t * to.x,
            y: u * u * u * current.y + 3 * u * u * t * control1.y + 3 * u * t * t * control2.y + t * t * t * to.y)
          lines.append((previous, next))
          previous = next
        }
        current = to
      case .close:
        lines.append((current, start))
        current = start
      }
    }
    if current != start { lines.append((current, start)) }
    var winding = 0
    for (a, b) in lines {
      // A ray to the right: count crossings, upward +1, downward −1.
      if a.y <= point.y, b.y > point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
      if a.y > point.y, b.y <= point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 { winding -= 1 }
    }
    return winding
  }
}

extension Path {
  /// Whether the non-zero rule fills `point` (see `LottieTestSupport.winding(of:in:)`).
  func contains(_ point: Point, fillRule: FillRule) -> Bool {
    let winding = LottieTestSupport.winding(of: point, in: self)
    return fillRule == .nonZero ? winding != 0 : winding % 2 != 0
  }
}
