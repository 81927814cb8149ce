import CCairo
import Foundation
import SplashCore
import SplashRaster
import SplashRender
import Testing

@testable import SplashCairo

/// The coverage of a clip of rectangles at fractions of a pixel, which masked layers are laid
/// through (`CairoBackend.clipCoverage`): drawn once for the clip's box and given again while
/// the box stays, always the bytes Cairo's own clip has.
@Suite("A clip's coverage is kept while its box stays, and is Cairo's to the byte")
struct ClipCoverageTests {
  /// A 64×48 frame, and what `clipCoverage` gives for `columns`×`rows` under `box` cut to the
  /// whole pixels `whole` (a group's box, the canvas): through the coverage kept for the box
  /// when `planned` (the display list says the clips are rectangles), or drawn afresh from
  /// Cairo's clip when not.
  private func coverage(
    _ backend: CairoBackend, in cairo: OpaquePointer, box: DeviceBox, whole: DeviceBox, columns: Range<Int>, rows: Range<Int>,
    planned: Bool
  ) throws -> [UInt8] {
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_rectangle(cairo, whole.left, whole.top, whole.right - whole.left, whole.bottom - whole.top)
    cairo_clip(cairo)
    cairo_rectangle(cairo, box.left, box.top, box.right - box.left, box.bottom - box.top)
    cairo_clip(cairo)
    backend.compositingClip = planned ? .rectangle(box) : nil
    defer { backend.compositingClip = nil }
    let target = try #require(backend.partlyClippedPixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32))
    let (pattern, plane) = try #require(backend.clipCoverage(columns: columns, rows: rows, on: target, in: cairo))
    defer { cairo_pattern_destroy(pattern) }
    var bytes: [UInt8] = []
    for row in rows {
      for column in columns { bytes.append(plane.base[(row - plane.top) * plane.elementsPerRow + column - plane.left]) }
    }
    return bytes
  }

  @Test("kept for one box: the same bytes as Cairo's clip under any cut to whole pixels; a new box is drawn anew")
  func keptWhileTheBoxStays() throws {
    let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 48))
    defer { cairo_surface_destroy(surface) }
    let cairo = try #require(cairo_create(surface))
    defer { cairo_destroy(cairo) }
    let backend = CairoBackend(counters: RenderCounters())
    let frame = DeviceBox(left: 0, top: 0, right: 64, bottom: 48)
    let first = DeviceBox(left: 10.25, top: 5.5, right: 50.75, bottom: 40.125)
    let moved = DeviceBox(left: 10.5, top: 5.5, right: 50.75, bottom: 40.125)
    let left = (columns: 10..<22, rows: 5..<13)
    let right = (columns: 40..<51, rows: 30..<41)

    // The first request draws the box's coverage.
    let kept = try coverage(backend, in: cairo, box: first, whole: frame, columns: left.columns, rows: left.rows, planned: true)
    let cairos = try coverage(backend, in: cairo, box: first, whole: frame, columns: left.columns, rows: left.rows, planned: false)
    #expect(kept == cairos)
    // Column 10 is ¾ inside, row 5 half: the corner ⅜, the column ¾, the row ½, then whole.
    #expect((1..<255).contains(kept[0]) && kept[0] < kept[12] && kept[0] < kept[1], "\(kept)")
    #expect((1..<255).contains(kept[12]) && (1..<255).contains(kept[1]) && kept[13] == 255, "\(kept)")
    #expect(backend.counted.clipCoveragesReused == 0)
    // Under the same box cut to a group's whole pixels, elsewhere: given again, and Cairo's.
    let group = DeviceBox(left: 36, top: 24, right: 64, bottom: 48)
    let again = try coverage(backend, in: cairo, box: first, whole: group, columns: right.columns, rows: right.rows, planned: true)
    #expect(backend.counted.clipCoveragesReused == 1)
    #expect(again == (try coverage(backend, in: cairo, box: first, whole: group, columns: right.columns, rows: right.rows, planned: false)))
    // The box moved a quarter of a pixel: drawn for it, not the one kept.
    let movedKept = try coverage(backend, in: cairo, box: moved, whole: frame, columns: left.columns, rows: left.rows, planned: true)
    #expect(backend.counted.clipCoveragesReused == 1)
    #expect(
      movedKept == (try coverage(backend, in: cairo, box: moved, whole: frame, columns: left.columns, rows: left.rows, planned: false)))
    #expect(movedKept[12] < kept[12] && movedKept[13] == 255, "\(movedKept)")
  }
}
