import CCairo
import SplashCore
import SplashModel
import SplashRaster
import SplashRender

/// Drawing shape layers' fills and strokes with splashvid's own rasterizer.
///
/// Cairo's scan converter was the largest cost left in a frame of strokes: it walks every
/// edge on fifteen sample rows per pixel row (a stroked ring 30 pixels wide at 512x512: Cairo
/// 180 µs, of which its stroker 6 µs). `CoverageRasterizer` computes each pixel's exact
/// covered area once, and `StrokeOutliner` outlines strokes for it. The path is taken when
/// the drawing state is one they handle; otherwise Cairo draws the shape as before.
extension CairoBackend {
  /// What a shape layer paints.
  enum ShapePaint: Equatable {
    case fill(Path, FillRule)
    case stroke(Path, StrokeStyle)
  }

  /// How far a flattened curve may stray from the true one, in device pixels.
  ///
  /// Half of Cairo's default (0.1), which the renderer drew with before. Chords lie inside a
  /// curve, so an edge pixel loses up to tolerance × 255 levels; equal steps (see
  /// `PathFlattener`) reach their bound along every curve, where Cairo's halving of curves
  /// mostly stays well inside it, so at 0.1 a circle's rim came out a level or twenty
  /// lighter than Cairo drew it. A stroke's edges split the same budget between the path's
  /// chords and the turn of each step (see `rasterizeShape`).
  static let flatteningTolerance = 0.05

  /// The tolerance, in the path's own units, to flatten a shape mapped by `toTarget` to:
  /// `flatteningTolerance` over the map's largest stretch; `nil` when the map collapses or is
  /// not finite.
  ///
  /// Curves are flattened in the path's space, before the map, so that a shape's polygons
  /// serve every frame it only moves or turns in (`ShapeCoverageCache`). Bézier curves map
  /// onto Bézier curves and Wang's step count grows with the stretch, so a shape turned and
  /// scaled evenly gets the steps flattening after the map would give it; a shape squeezed one
  /// way gets more. The stretch is rounded to 36 significant bits: computed from a turned
  /// matrix it wavers in its last bits from frame to frame, which would make every frame's
  /// tolerance new. To the nearest, not up: a round scale (2, 0.5) lies on the grid, and
  /// rounding up would part it from itself turned a part in 10¹⁶ larger.
  static func flatteningTolerance(mapping toTarget: AffineTransform) -> Double? {
    let scale = StrokeOutliner.largestScale(of: toTarget)
    guard scale > 0, scale.isFinite else { return nil }
    return flatteningTolerance / rounded(scale, significantBits: 36)
  }

  /// `value` (positive and finite) rounded to the nearest number of `significantBits` bits of
  /// significand.
  static func rounded(_ value: Double, significantBits: Int) -> Double {
    let dropped = UInt64(Double.significandBitCount + 1 - significantBits)
    let half: UInt64 = 1 << (dropped - 1)
    // A carry out of the significand moves the exponent on, as rounding up should.
    return Double(bitPattern: ((value.bitPattern + half) >> dropped) << dropped)
  }

  /// Fills or strokes with `color`, faded by `foldedOpacity`, with `CoverageRasterizer`, when
  /// `plan` says so and the drawing state allows it; false otherwise, and nothing is drawn.
  ///
  /// The display list's plan decides, for what is drawn straight into the frame (see
  /// `DrawPlan`): Cairo when a clip in force is a path (rounded corners), else the rasterizer,
  /// on an image surface (premultiplied pixels, or coverage for a mask or a one-colour group)
  /// at a whole-pixel offset with the plain `over` operator. Under a clip of whole device
  /// pixels it fills those pixels; under rectangles at fractions of a pixel (which Cairo's clip
  /// then no longer holds as pixels) it fills the whole pixels around them with the shape cut
  /// to them; under rectangles turned or skewed off the axes, the whole pixels around their
  /// polygon with the shape cut to it. Offscreen (backing stores, flats before a perspective
  /// warp), where nothing is planned, the clip decides as it is: whole pixels or Cairo.
  func rasterizeShape(
    _ paint: ShapePaint, with color: Color, of layer: ShapeCoverageCache.Key.Layer, plan: DrawPlan?, in cairo: OpaquePointer
  ) -> Bool {
    if let shading = maskShading {
      shade(paint, of: layer, plan: plan, in: cairo, into: shading)
      return true
    }
    guard fastPaths.rasterizesShapes, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER else { return false }
    let plan = offscreenDepth == 0 ? plan : nil
    if plan?.engine == .cairo { return false }
    let pixel = Self.solidPixel(color, alpha: color.alpha * foldedOpacity)
    let clip = plan?.clip ?? .none
    if let (target, cut) = pixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32, clip: clip) {
      let coverage = self.coverage(of: paint, layer: layer, in: cairo, target: target, cut: cut)
      guard
        writePixels(
          of: target, as: UInt32.self,
          { pixels, pixelsPerRow in
            switch coverage {
            case .recorded(let recording):
              recording.fill(color: pixel, onto: pixels, pixelsPerRow: pixelsPerRow, rows: target.rows)
            case .outlined(let rule):
              rasterizer.fill(
                rule: rule, color: pixel, onto: pixels, pixelsPerRow: pixelsPerRow, columns: target.columns, rows: target.rows)
            }
          })
      else {
        rasterizer.reset()
        return false
      }
    } else if let (target, cut) = pixelTarget(of: cairo, format: CAIRO_FORMAT_A8, clip: clip) {
      let coverage = self.coverage(of: paint, layer: layer, in: cairo, target: target, cut: cut)
      guard
        writePixels(
          of: target, as: UInt8.self,
          { bytes, bytesPerRow in
            switch coverage {
            case .recorded(let recording):
              recording.fill(share: UInt8(pixel >> 24), onto: bytes, bytesPerRow: bytesPerRow, rows: target.rows)
            case .outlined(let rule):
              rasterizer.fill(
                rule: rule, share: UInt8(pixel >> 24), onto: bytes, bytesPerRow: bytesPerRow, columns: target.columns,
                rows: target.rows)
            }
          })
      else {
        rasterizer.reset()
        return false
      }
    } else {
      return false
    }
    counters?.shapesRasterized += 1
    return true
  }

  /// Shades the masked gradient of `shading` through the coverage of the mask's one fill or
  /// stroke, `paint`, as it would have been drawn into the picture of the mask (the same
  /// polygons in the same pixels, its coverage kept alike), or notes that it failed, having
  /// laid nothing.
  private func shade(
    _ paint: ShapePaint, of layer: ShapeCoverageCache.Key.Layer, plan: DrawPlan?, in cairo: OpaquePointer, into shading: MaskShading
  ) {
    guard !shading.isShaded, fastPaths.rasterizesShapes, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER,
      (offscreenDepth == 0 ? plan : nil)?.engine != .cairo
    else {
      shading.failed = true
      return
    }
    // A pushed group's device offset places its pixels.
    let picture = shading.target
    let toTarget = Self.userToDevice(of: cairo).concatenating(
      AffineTransform(translationX: Double(-picture.pictureLeft), y: Double(-picture.pictureTop)))
    let columns = 0..<picture.pictureWidth
    let rows = 0..<picture.pictureHeight
    let copied =
      switch coverage(of: paint, layer: layer, toTarget: toTarget, cut: nil, columns: columns, surfaceRows: rows) {
      case .recorded(let recording): recording.shade(into: shading.target, rows: rows)
      case .outlined(let rule): rasterizer.shade(rule: rule, into: shading.target, columns: columns, rows: rows)
      }
    counters?.gradientPixelsCopied += copied
    shading.isShaded = true
    counters?.shapesRasterized += 1
  }

  /// A shape's coverage, ready to be laid: a recording, or its polygons in the rasterizer.
  private enum ShapeCoverage {
    case recorded(CoverageRecording)
    case outlined(CoverageRasterizer.FillRule)
  }

  /// The coverage of `paint` on `target`: kept from an earlier frame when nothing that decides
  /// it has changed (`ShapeCoverageCache`), recorded to be kept, or outlined to be drawn once.
  private func coverage(
    of paint: ShapePaint, layer: ShapeCoverageCache.Key.Layer, in cairo: OpaquePointer, target: DevicePixelTarget,
    cut: CoverageRasterizer.Cut?
  ) -> ShapeCoverage {
    // Recorded over every row of the surface and laid in the clip's: a frame that redraws
    // a region alone (`ChangedRegion`, clipped to its rows) lays the same recording as one
    // drawn whole.
    coverage(
      of: paint, layer: layer,
      toTarget: Self.userToDevice(of: cairo).concatenating(AffineTransform(translationX: target.offsetX, y: target.offsetY)),
      cut: cut, columns: target.columns, surfaceRows: 0..<Int(cairo_image_surface_get_height(target.surface)))
  }

  /// The coverage of `paint` mapped by `toTarget` into a target's pixels, within `columns` of
  /// them, recorded over `surfaceRows` when it is to be kept.
  private func coverage(
    of paint: ShapePaint, layer: ShapeCoverageCache.Key.Layer, toTarget: AffineTransform, cut: CoverageRasterizer.Cut?,
    columns: Range<Int>,
    surfaceRows: Range<Int>
  ) -> ShapeCoverage {
    guard fastPaths.keepsShapeCoverage else { return .outlined(outline(paint, toTarget: toTarget, cut: cut)) }
    var isStroke = false
    if case .stroke = paint { isStroke = true }
    let key = ShapeCoverageCache.Key(layer: layer, isStroke: isStroke)
    let inputs = ShapeCoverageCache.Inputs(paint: paint, toTarget: toTarget, cut: cut, columns: columns, rows: surfaceRows)
    switch shapeCoverage.use(for: key, inputs: inputs) {
    case .lay(let recording):
      counters?.shapeCoveragesLaid += 1
      return .recorded(recording)
    case .record(let entry):
      let rule = outline(paint, toTarget: toTarget, cut: cut, keptIn: entry)
      let recording = rasterizer.record(rule: rule, columns: columns, rows: surfaceRows)
      shapeCoverage.keep(recording, in: entry)
      return .recorded(recording)
    case .draw(let entry):
      return .outlined(outline(paint, toTarget: toTarget, cut: cut, keptIn: entry))
    }
  }

  /// Where a shape is rasterized under the plan's `clip`: the pixels a clip of whole device
  /// pixels leaves; or, when the plan's clip is rectangles that Cairo's is not as whole pixels,
  /// the whole pixels around their box inside Cairo's clip, and the box in the target's pixels
  /// to cut the shape to; or, under a turned or skewed clip (which Cairo's never holds as
  /// pixels), the whole pixels around its polygon, and the polygon to cut the shape to.
  private func pixelTarget(
    of cairo: OpaquePointer, format: cairo_format_t, clip: DrawPlan.Clip
  ) -> (DevicePixelTarget, CoverageRasterizer.Cut?)? {
    if case .polygon(let polygon) = clip {
      guard let target = devicePixelTarget(of: cairo, format: format, within: polygon.bounds) else { return nil }
      return (target, .polygon(polygon.offsetBy(x: target.offsetX, y: target.offsetY)))
    }
    if let target = devicePixelTarget(of: cairo, format: format) { return (target, nil) }
    guard case .rectangle(let box) = clip, let target = devicePixelTarget(of: cairo, format: format, within: box) else {
      return nil
    }
    return (target, .box(box.offsetBy(x: target.offsetX, y: target.offsetY)))
  }

  /// Adds the polygons of `paint`, mapped by `toTarget` into the target's pixels and cut to
  /// `cut`, to the rasterizer, and returns the rule that fills them. The outline is the one
  /// `shapeCoverage` keeps in `entry` while its inputs hold.
  private func outline(
    _ paint: ShapePaint, toTarget: AffineTransform, cut: CoverageRasterizer.Cut?, keptIn entry: ShapeCoverageCache.Entry? = nil
  ) -> CoverageRasterizer.FillRule {
    rasterizer.reset()
    guard let tolerance = Self.flatteningTolerance(mapping: toTarget) else { return .nonZero }
    let (path, style, rule): (Path, StrokeStyle?, CoverageRasterizer.FillRule) =
      switch paint {
      case .fill(let path, let rule): (path, nil, rule == .evenOdd ? .evenOdd : .nonZero)
      case .stroke(let path, let style): (path, style, .nonZero)
      }
    func outline() -> ShapeOutline {
      guard let style else { return ShapeOutline(filling: PathFlattener.polylines(of: path, transform: .identity, tolerance: tolerance)) }
      // The path's chords and each step's turn at half a width away may each take the fill's
      // budget: a stroke's edge stays within Cairo's 0.1 pixel.
      return StrokeOutliner.outline(
        of: PathFlattener.polylines(
          of: path, transform: .identity, tolerance: tolerance,
          maximumTurn: StrokeOutliner.arcStep(radius: style.width / 2, tolerance: tolerance), tangents: true),
        style: style, tolerance: tolerance)
    }
    let shapeOutline =
      if let entry {
        shapeCoverage.outline(in: entry, path: path, style: style, tolerance: tolerance, outline: outline)
      } else {
        outline()
      }
    rasterizer.cut = cut
    defer { rasterizer.cut = nil }
    rasterizer.addOutline(shapeOutline, transform: toTarget)
    return rule
  }
}
