import Foundation
import SplashCore

/// `sr`: a star (`sy: 1`) or a polygon (`sy: 2`) as the path a Lottie player draws.
///
/// Points `pt` tips sit on the outer radius `or` around the position `p`, the first at the top
/// turned by `r` degrees clockwise (angle −90° + r), the next ones clockwise; a star has a
/// notch on the inner radius `ir` halfway between two tips. Direction `d: 3` runs the same
/// vertices anticlockwise from the same first tip. This is the geometry of lottie-web
/// (`ShapeProperty.js`, `convertStarToPath` and `convertPolygonToPath`) and of lottie-ios
/// (`BezierPath.star` and `BezierPath.polygon` in `StarNode.swift` and `PolygonNode.swift`),
/// which the Core Animation engine of lottie-ios also draws (`StarAnimation.swift`).
///
///            tip 0 (−90° + r)
///              /\
///     notch 4 /  \ notch 0        a 5-point star: tips every 72°,
///      ______/    \______         notches halfway between, on ir
///
/// Roundness (`os` at the tips, `is` at the notches, percent) turns each corner into a curve
/// whose tangents run along the circle through the vertex, as both players do; their lengths
/// follow lottie-ios (radius × roundness × 0.47829 for a star, × 0.25 for a polygon), since
/// the reference is what Core Animation shows through lottie-ios. lottie-web uses
/// 2π × radius / (4 × points) × roundness instead, shorter for a star of 5 points or more.
/// A fractional point count draws a partial tip as lottie-ios does; lottie-web rounds the
/// count down.
///
/// Animated properties are sampled once per frame when the layers are built, like rectangles
/// and ellipses.
struct LottieStar {
  /// lottie-ios's `StarNode.PolystarConstant`: tangent length per unit of radius and roundness.
  static let starTangentFactor = 0.47829
  /// lottie-ios's `PolygonNode.PolygonConstant`.
  static let polygonTangentFactor = 0.25

  var isPolygon: Bool
  var pointCount: LottieProperty<[Double]>
  var position: LottieProperty<[Double]>
  var rotation: LottieProperty<[Double]>
  var outerRadius: LottieProperty<[Double]>
  var innerRadius: LottieProperty<[Double]>
  var outerRoundness: LottieProperty<[Double]>
  var innerRoundness: LottieProperty<[Double]>
  var isAnticlockwise: Bool

  /// Reads the `sr` item at `cursor`.
  init(_ cursor: LottieCursor, context: LottieContext) throws {
    let limits = context.limits
    func property(_ key: String, default value: Double? = nil) throws -> LottieProperty<[Double]> {
      if let value, cursor[key] == nil { return .constant([value]) }
      return try .read(try cursor.required(key), limits: limits) { try $0.numbers() }
    }
    isPolygon = (try cursor["sy"]?.number()) == 2
    pointCount = try LottieProperty<[Double]>.read(try cursor.required("pt"), limits: limits) { value in
      let numbers = try value.numbers()
      guard let count = numbers.first, count >= 0, count <= Double(limits.starPoints) else {
        throw value.error(expected: "a number of points from 0 to \(limits.starPoints)")
      }
      return numbers
    }
    position = try property("p", default: 0)
    rotation = try property("r", default: 0)
    outerRadius = try property("or")
    innerRadius = isPolygon ? .constant([0]) : try property("ir")
    outerRoundness = try property("os", default: 0)
    innerRoundness = isPolygon ? .constant([0]) : try property("is", default: 0)
    isAnticlockwise = (try cursor["d"]?.number()) == 3
  }

  /// A vertex of the outline, its tangents relative to it (as a Lottie path's `i` and `o`).
  struct Vertex: Equatable {
    var point: Point
    var inTangent: Point = .zero
    var outTangent: Point = .zero
  }

  /// One moment's star or polygon.
  struct Shape {
    var points: Double
    var center: Point
    /// Degrees, clockwise.
    var rotation: Double
    var outerRadius: Double
    var innerRadius: Double
    /// Fractions (the file's percent ÷ 100).
    var outerRoundness: Double
    var innerRoundness: Double

    /// Tips and notches, clockwise from the first tip; the last vertex comes back to the first.
    ///
    /// With a fractional count n (say 4.5) the first tip is a partial one, on the radius
    /// ir + (n − ⌊n⌋) × (or − ir), turned back by half the missing angle, so the outline still
    /// closes after ⌈n⌉ tips spaced 360° / n (lottie-ios's rule).
    var starVertices: [Vertex] {
      guard points > 0, points.isFinite else { return [] }
      let anglePerPoint = 2 * Double.pi / points
      let half = anglePerPoint / 2
      let partial = points - points.rounded(.down)
      let partialRadius = innerRadius + partial * (outerRadius - innerRadius)
      var angle = (rotation - 90) * Double.pi / 180
      // (radius, angle, tangent length) of each vertex.
      var corners: [(radius: Double, angle: Double, tangent: Double)] = []
      let outerTangent = outerRadius * outerRoundness * LottieStar.starTangentFactor
      let innerTangent = innerRadius * innerRoundness * LottieStar.starTangentFactor
      if partial > 0 {
        angle += half * (1 - partial)
        corners.append((partialRadius, angle, outerTangent * partial))
        angle += half * partial
      } else {
        corners.append((outerRadius, angle, outerTangent))
        angle += half
      }
      let count = 2 * Int(points.rounded(.up))
      for index in 0..<count {
        let isTip = index % 2 == 1
        let isLast = index == count - 1
        var radius = isTip ? outerRadius : innerRadius
        var tangent = isTip ? outerTangent : innerTangent
        if partial > 0 && isLast {
          radius = partialRadius
          tangent *= partial
        }
        corners.append((radius, angle, tangent))
        angle += partial > 0 && index == count - 2 ? half * partial : half
      }
      return vertices(corners)
    }

    /// Corners every 360° / n clockwise from the first, ⌈n⌉ + 1 of them (the last is the
    /// first again when n is whole).
    var polygonVertices: [Vertex] {
      guard points > 0, points.isFinite else { return [] }
      let anglePerPoint = 2 * Double.pi / points
      let start = (rotation - 90) * Double.pi / 180
      let tangent = outerRadius * outerRoundness * LottieStar.polygonTangentFactor
      let corners = (0...Int(points.rounded(.up))).map { index in
        (radius: outerRadius, angle: start + Double(index) * anglePerPoint, tangent: tangent)
      }
      return vertices(corners)
    }

    /// Vertices at `corners`, each with tangents of its length along the circle through it:
    /// out forward (clockwise), in backward. The first has no in tangent and the last no out
    /// tangent, as the players build them.
    private func vertices(_ corners: [(radius: Double, angle: Double, tangent: Double)]) -> [Vertex] {
      corners.enumerated().map { index, corner in
        let offset = Point(x: corner.radius * cos(corner.angle), y: corner.radius * sin(corner.angle))
        let length = (offset.x * offset.x + offset.y * offset.y).squareRoot()
        // The clockwise direction along the circle at the vertex (y down).
        let forward = length > 0 ? Point(x: -offset.y / length, y: offset.x / length) : .zero
        return Vertex(
          point: center + offset,
          inTangent: index > 0 ? forward * -corner.tangent : .zero,
          outTangent: index < corners.count - 1 ? forward * corner.tangent : .zero)
      }
    }
  }

  /// The closed path through `vertices`: lines where a segment has no tangents, cubic curves
  /// elsewhere. A last vertex on the first one is the same corner: its in tangent becomes the
  /// first vertex's. Anticlockwise runs the same vertices backwards from the first.
  static func path(through vertices: [Vertex], anticlockwise: Bool) -> Path {
    var corners = vertices
    if corners.count > 1, let first = corners.first, let last = corners.last,
      first.point.distance(to: last.point) <= 1e-9 * max(1, abs(first.point.x), abs(first.point.y))
    {
      corners[0].inTangent = last.inTangent
      corners.removeLast()
    }
    if anticlockwise, let first = corners.first {
      corners = ([first] + corners.dropFirst().reversed()).map {
        Vertex(point: $0.point, inTangent: $0.outTangent, outTangent: $0.inTangent)
      }
    }
    var path = Path()
    guard let first = corners.first else { return path }
    path.move(to: first.point)
    for index in corners.indices {
      let from = corners[index]
      let isClosing = index == corners.count - 1
      let to = corners[isClosing ? 0 : index + 1]
      if from.outTangent == .zero && to.inTangent == .zero {
        // The closing line is the close itself.
        if !isClosing { path.addLine(to: to.point) }
      } else {
        path.addCurve(to: to.point, control1: from.point + from.outTangent, control2: to.point + to.inTangent)
      }
    }
    path.closeSubpath()
    return path
  }
}

extension LottieProperty where Value == [Double] {
  /// The values of its keyframes (none for a constant).
  var keyframeValues: [[Double]] {
    guard case .animated(let keyframes) = self else { return [] }
    return keyframes.map(\.value)
  }
}
