import SplashCore
import Testing

@testable import SplashCairo

/// The device clip rectangle is answered again from the last one found while the backend makes
/// no call that may change the clip (`CairoBackend+ClipChanges`); every such call it makes is
/// counted, so the answer is Cairo's after each. (A debug build also checks each answer given
/// again against Cairo's, in every test that draws.)
@Suite("The clip rectangle answered again is Cairo's")
struct ClipRectangleMemoryTests {
  static func same(
    _ a: (minX: Int, minY: Int, maxX: Int, maxY: Int)?, _ b: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
  ) -> Bool { CairoBackend.sameRectangle(a, b) }

  @Test("after a clip, a group pushed and popped, and the clip reset")
  func afterEachChange() throws {
    let backend = CairoBackend()
    let buffer = try #require(PixelBuffer(width: 64, height: 48))
    let drawing = try CairoContext(drawingInto: buffer)
    let cairo = drawing.context
    func answers() -> (given: (minX: Int, minY: Int, maxX: Int, maxY: Int)?, cairos: (minX: Int, minY: Int, maxX: Int, maxY: Int)?) {
      (backend.deviceClipRectangle(of: cairo), CairoBackend.askedDeviceClipRectangle(of: cairo))
    }
    var now = answers()
    #expect(Self.same(now.given, (0, 0, 64, 48)) && Self.same(now.given, now.cairos))
    // Asked again with nothing changed: the same.
    now = answers()
    #expect(Self.same(now.given, (0, 0, 64, 48)))

    // A clip and nothing else since the last answer.
    backend.appendRoundedRect(Rect(x: 9, y: 3, width: 23, height: 12), radius: 0, to: cairo)
    backend.cairo_clip(cairo)
    now = answers()
    #expect(Self.same(now.given, (9, 3, 32, 15)) && Self.same(now.given, now.cairos))

    backend.pushGroup(cairo)
    now = answers()
    #expect(Self.same(now.given, now.cairos))
    backend.cairo_pop_group_to_source(cairo)
    now = answers()
    #expect(Self.same(now.given, (9, 3, 32, 15)) && Self.same(now.given, now.cairos))

    backend.cairo_reset_clip(cairo)
    now = answers()
    #expect(Self.same(now.given, (0, 0, 64, 48)) && Self.same(now.given, now.cairos))
  }
}
