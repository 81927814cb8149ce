import SplashCore
import SplashTestSupport
import Testing

@testable import SplashCairo

/// The backend's device boxes, read from the current matrix, against Cairo asked corner by
/// corner: culling, clipping to extents and the changed rows all decide with them, so a box a
/// hair off would move a layer's clip.
@Suite("A layer's device box is the one Cairo gives its corners, to the bit")
struct DeviceBoxReadingTests {
  @Test("turned, scaled, skewed and moved, in the frame and in a group, the boxes are the same bits")
  func sameBitsAsCairo() throws {
    var generator = SeededGenerator(seed: 53)
    for index in 0..<400 {
      let transform: AffineTransform =
        switch index % 5 {
        case 0: .identity
        case 1: AffineTransform(translationX: .random(in: -90...90, using: &generator), y: .random(in: -90...90, using: &generator))
        default:
          AffineTransform(
            a: .random(in: -4...4, using: &generator), b: .random(in: -4...4, using: &generator),
            c: .random(in: -4...4, using: &generator), d: .random(in: -4...4, using: &generator),
            tx: .random(in: -90...90, using: &generator), ty: .random(in: -90...90, using: &generator))
        }
      let rect = Rect(
        x: .random(in: -40...40, using: &generator), y: .random(in: -40...40, using: &generator),
        width: .random(in: 0...60, using: &generator), height: .random(in: 0...60, using: &generator))
      // A transform Cairo cannot invert is refused before any box is asked for.
      guard let boxes = CairoBackend.deviceBoxes(of: rect, through: transform, inGroup: index % 2 == 0) else { continue }
      #expect(boxes.read.left.bitPattern == boxes.asked.left.bitPattern, "\(transform) \(rect)")
      #expect(boxes.read.top.bitPattern == boxes.asked.top.bitPattern, "\(transform) \(rect)")
      #expect(boxes.read.right.bitPattern == boxes.asked.right.bitPattern, "\(transform) \(rect)")
      #expect(boxes.read.bottom.bitPattern == boxes.asked.bottom.bitPattern, "\(transform) \(rect)")
    }
  }

  @Test("a group's offset on its surface is no part of device space")
  func groupOffsetLeftOut() throws {
    let rect = Rect(x: 1, y: 2, width: 3, height: 4)
    let boxes = try #require(CairoBackend.deviceBoxes(of: rect, through: AffineTransform(scaleX: 2, y: 2), inGroup: true))
    #expect(boxes.read == DeviceBox(left: 2, top: 4, right: 8, bottom: 12))
    #expect(boxes.read == boxes.asked)
  }
}
