import SplashCore
import Testing

@testable import SplashLottie

/// Where Lottie's parametric shapes start and which way they run: what trim paths measure from.
@Suite("Lottie ellipses start at the top, rectangles at the top-right corner; d: 3 runs the other way")
struct LottieShapePathsTests {
  /// The end points of the path's elements, in order.
  private func points(_ path: Path) -> [Point] {
    path.elements.compactMap { element in
      switch element {
      case .move(let point), .line(let point): point
      case .cubicCurve(_, _, let point), .quadCurve(_, let point): point
      case .close: nil
      }
    }
  }

  @Test("an ellipse: top, right, bottom, left, top; reversed: top, left, bottom, right, top")
  func ellipse() {
    let forward = points(LottieShapePaths.ellipse(center: [10, 20], size: [8, 6], isReversed: false))
    #expect(forward == [Point(x: 10, y: 17), Point(x: 14, y: 20), Point(x: 10, y: 23), Point(x: 6, y: 20), Point(x: 10, y: 17)])
    let reversed = points(LottieShapePaths.ellipse(center: [10, 20], size: [8, 6], isReversed: true))
    #expect(reversed == [Point(x: 10, y: 17), Point(x: 6, y: 20), Point(x: 10, y: 23), Point(x: 14, y: 20), Point(x: 10, y: 17)])
    // Quarter of the length, measured from the top clockwise, ends at the right-most point.
    let quarter = LottieShapePaths.ellipse(center: [0, 0], size: [10, 10], isReversed: false).trimmed(from: 0, to: 0.25)
    #expect(points(quarter).last.map { abs($0.x - 5) < 1e-3 && abs($0.y) < 1e-3 } == true, "\(points(quarter))")
  }

  @Test("a rectangle starts at the top of its right side and runs down it; reversed, along the top")
  func rectangle() {
    let forward = points(LottieShapePaths.rectangle(center: [0, 0], size: [20, 10], radius: 0, isReversed: false))
    #expect(forward.first == Point(x: 10, y: -5))
    #expect(forward.dropFirst().first == Point(x: 10, y: 5), "down the right side first: \(forward)")
    let reversed = points(LottieShapePaths.rectangle(center: [0, 0], size: [20, 10], radius: 0, isReversed: true))
    #expect(reversed == [Point(x: 10, y: -5), Point(x: -10, y: -5), Point(x: -10, y: 5), Point(x: 10, y: 5)], "\(reversed)")
    let rounded = LottieShapePaths.rectangle(center: [0, 0], size: [20, 10], radius: 2, isReversed: false)
    #expect(points(rounded).first == Point(x: 10, y: -3))
    #expect(abs(rounded.length() - (2 * (16 + 6) + 2 * Double.pi * 2)) < 0.05, "\(rounded.length())")
  }
}
