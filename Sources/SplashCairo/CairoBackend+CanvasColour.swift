import CCairo
import SplashCore
import SplashRaster
import SplashRender

/// The canvas colour a frame is drawn on.
extension CairoBackend {
  /// Paints `color` over the pixels of `frame` outside `covered` (whole pixels the first layer
  /// paints over opaque), within the region redrawn, replacing what they held.
  ///
  /// Every pixel painted is a whole one, so the colour is set where Cairo would set it
  /// (`SolidFill`), as the pixel Cairo would set (`solidPixel`).
  func paintCanvasColour(_ color: Color, around covered: Rect?, in frame: Rect, drawing: CairoContext) {
    let rectangles = covered.map { Self.bands(around: $0, in: frame) } ?? [frame]
    if fastPaths.fillsCanvasColour, let boxes = Self.pixelBoxes(of: rectangles, within: redrawnRegion) {
      let pixel = Self.solidPixel(color, alpha: color.alpha * foldedOpacity)
      let buffer = drawing.buffer
      let pixelsPerRow = buffer.bytesPerRow / MemoryLayout<UInt32>.stride
      cairo_surface_flush(drawing.surface)
      buffer.bytes.withMemoryRebound(to: UInt32.self, capacity: pixelsPerRow * buffer.height) { pixels in
        for box in boxes {
          SolidFill.fill(pixel, into: pixels, pixelsPerRow: pixelsPerRow, columns: box.columns, rows: box.rows)
        }
      }
      cairo_surface_mark_dirty(drawing.surface)
      counters?.canvasColourFills += 1
      return
    }
    let cairo = drawing.context
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    if let region = redrawnRegion {
      cairo_rectangle(
        cairo, Double(region.columns.lowerBound), Double(region.rows.lowerBound), Double(region.columns.count),
        Double(region.rows.count))
      cairo_clip(cairo)
    }
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    setSource(cairo, color)
    if covered == nil {
      cairo_paint(cairo)
      return
    }
    for band in rectangles { cairo_rectangle(cairo, band.minX, band.minY, band.width, band.height) }
    cairo_fill(cairo)
  }

  /// The bands of `frame` outside `inner` (whole pixels), as up to four rectangles: above and
  /// below it across the frame, and left and right of it beside it.
  static func bands(around inner: Rect, in frame: Rect) -> [Rect] {
    [
      Rect(x: frame.minX, y: frame.minY, width: frame.width, height: inner.minY - frame.minY),
      Rect(x: frame.minX, y: inner.maxY, width: frame.width, height: frame.maxY - inner.maxY),
      Rect(x: frame.minX, y: inner.minY, width: inner.minX - frame.minX, height: inner.height),
      Rect(x: inner.maxX, y: inner.minY, width: frame.maxX - inner.maxX, height: inner.height),
    ].filter { $0.width > 0 && $0.height > 0 }
  }

  /// `rectangles` as whole pixels within `region` (when there is one), or `nil` when one of
  /// them does not lie on whole pixels.
  static func pixelBoxes(of rectangles: [Rect], within region: PixelRegion?) -> [PixelRegion]? {
    var boxes: [PixelRegion] = []
    for rectangle in rectangles {
      // Inside the frame: whole pixels convert without trapping.
      let edges = [rectangle.minX, rectangle.maxX, rectangle.minY, rectangle.maxY]
      guard edges.allSatisfy({ $0 == $0.rounded() }) else { return nil }
      var columns = Int(rectangle.minX)..<Int(rectangle.maxX)
      var rows = Int(rectangle.minY)..<Int(rectangle.maxY)
      if let region {
        columns = columns.clamped(to: region.columns)
        rows = rows.clamped(to: region.rows)
      }
      if !columns.isEmpty, !rows.isEmpty { boxes.append(PixelRegion(rows: rows, columns: columns)) }
    }
    return boxes
  }
}
