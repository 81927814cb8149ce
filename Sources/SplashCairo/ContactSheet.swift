import CCairo
import CPangoCairo
import SplashCore
import SplashModel
import SplashRender

/// A grid of frames of a scene with their scene times printed under them.
///
///     ┌────────┐ ┌────────┐ ┌────────┐
///     │ frame  │ │ frame  │ │ frame  │    columns × rows of thumbnails, each the canvas at
///     └────────┘ └────────┘ └────────┘    `thumbnailWidth` pixels wide,
///      t = 0.900   t = 1.150   t = 1.400   labelled with its scene time
public enum ContactSheet {
  public static let margin = 12
  public static let labelHeight = 22

  /// Renders `times` of `scene` into one sheet.
  ///
  /// - Throws: `RenderError` when a frame or the sheet cannot be drawn.
  public static func render(
    scene: Scene, times: [Double], thumbnailWidth: Int, columns: Int, backend: CairoBackend
  ) throws -> PixelBuffer {
    let thumbnailHeight = max(1, Int((Double(thumbnailWidth) * scene.canvasSize.height / scene.canvasSize.width).rounded()))
    let columnCount = max(1, min(columns, times.count))
    let rowCount = (times.count + columnCount - 1) / columnCount
    let cellWidth = thumbnailWidth + margin
    let cellHeight = thumbnailHeight + labelHeight + margin
    guard let sheet = PixelBuffer(width: margin + columnCount * cellWidth, height: margin + rowCount * cellHeight),
      let thumbnail = PixelBuffer(width: thumbnailWidth, height: thumbnailHeight)
    else {
      throw RenderError(stage: "allocating the contact sheet", message: "\(times.count) frames of \(thumbnailWidth) px are too large")
    }
    let sheetDrawing = try CairoContext(drawingInto: sheet)
    let cairo = sheetDrawing.context
    cairo_set_source_rgb(cairo, 0.94, 0.94, 0.94)
    cairo_paint(cairo)

    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: thumbnailWidth, pixelHeight: thumbnailHeight)
    let thumbnailDrawing = try CairoContext(drawingInto: thumbnail)
    for (index, time) in times.enumerated() {
      try backend.render(scene.presentation(at: time), viewport: viewport, into: thumbnail)
      let x = Double(margin + (index % columnCount) * cellWidth)
      let y = Double(margin + (index / columnCount) * cellHeight)
      cairo_surface_mark_dirty(thumbnailDrawing.surface)
      cairo_set_source_surface(cairo, thumbnailDrawing.surface, x, y)
      cairo_paint(cairo)
      drawLabel(label(for: time), centeredAt: x + Double(thumbnailWidth) / 2, top: y + Double(thumbnailHeight) + 3, in: cairo)
    }
    try sheetDrawing.checkStatus(stage: "drawing the contact sheet")
    sheetDrawing.flush()
    return sheet
  }

  /// "t = 1.234 s": milliseconds, always three decimals.
  static func label(for time: Double) -> String {
    let milliseconds = Int((max(time, 0) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "t = \(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }

  private static func drawLabel(_ text: String, centeredAt x: Double, top: Double, in cairo: OpaquePointer) {
    guard let layout = pango_cairo_create_layout(cairo) else { return }
    defer { splash_layout_unref(layout) }
    let description = pango_font_description_from_string("DejaVu Sans 9")
    defer { pango_font_description_free(description) }
    pango_layout_set_font_description(layout, description)
    pango_layout_set_text(layout, text, -1)
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    cairo_set_source_rgb(cairo, 0.15, 0.15, 0.15)
    cairo_move_to(cairo, x - Double(width) / 2, top)
    pango_cairo_show_layout(cairo, layout)
  }
}
