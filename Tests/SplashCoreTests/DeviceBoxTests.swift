import SplashTestSupport
import Testing

@testable import SplashCore

@Suite("A device box holds a rectangle's four placed corners and nothing more")
struct DeviceBoxTests {
  @Test("the box through a transform is the smallest one around the four mapped corners")
  func boxThroughTransformIsTightAroundCorners() {
    var generator = SeededGenerator(seed: 41)
    for _ in 0..<300 {
      let rect = Rect(
        x: Double.random(in: -50...50, using: &generator), y: Double.random(in: -50...50, using: &generator),
        width: Double.random(in: 0...80, using: &generator), height: Double.random(in: 0...80, using: &generator))
      let transform = AffineTransform(
        a: Double.random(in: -3...3, using: &generator), b: Double.random(in: -3...3, using: &generator),
        c: Double.random(in: -3...3, using: &generator), d: Double.random(in: -3...3, using: &generator),
        tx: Double.random(in: -100...100, using: &generator), ty: Double.random(in: -100...100, using: &generator))
      let corners = [
        Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
        Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
      ].map { transform.apply(to: $0) }
      let box = DeviceBox(around: rect, through: transform)
      #expect(box.left == corners.map(\.x).min())
      #expect(box.right == corners.map(\.x).max())
      #expect(box.top == corners.map(\.y).min())
      #expect(box.bottom == corners.map(\.y).max())
    }
  }

  @Test("each corner is placed once, each of the four")
  func eachCornerPlacedOnce() {
    let rect = Rect(x: 1, y: 2, width: 3, height: 4)
    var placed: [Point] = []
    let box = DeviceBox(around: rect) { corner in
      placed.append(corner)
      // Each corner lands somewhere of its own, so a corner left out or taken twice shows.
      return Point(x: corner.x * 10 + corner.y, y: -corner.y * 10 - corner.x)
    }
    #expect(Set(placed.map { "\($0.x),\($0.y)" }) == ["1.0,2.0", "4.0,2.0", "1.0,6.0", "4.0,6.0"])
    #expect(placed.count == 4)
    #expect(box == DeviceBox(left: 12, top: -64, right: 46, bottom: -21))
  }

  @Test("a rectangle rotated a quarter turn keeps its size, sideways")
  func quarterTurn() {
    let box = DeviceBox(around: Rect(x: 0, y: 0, width: 20, height: 10), through: AffineTransform(rotationAngle: .pi / 2))
    #expect(abs(box.left + 10) < 1e-12 && abs(box.right) < 1e-12)
    #expect(abs(box.top) < 1e-12 && abs(box.bottom - 20) < 1e-12)
  }
}
