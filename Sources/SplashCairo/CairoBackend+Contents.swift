import CCairo
import SplashCore
import SplashModel

/// Drawing a layer's image contents with `contentsRect` and `contentsGravity`.
extension CairoBackend {
  /// Draws the `portion` of the image (`contentsRect`) in the bounds as `contentsGravity`
  /// places it. Contents are not clipped to the bounds (an aspect-fill image overflows them
  /// unless `masksToBounds` is set).
  ///
  /// The portion stands for the whole image: gravity places and scales it by its own size.
  /// Where it reaches past the image, the edge pixels extend outwards, and an empty portion
  /// draws nothing (Apple leaves that undefined); both from the `CALayer.contentsRect`
  /// reference.
  ///
  /// An image's size in points is its pixel size divided by its scale, which follows iOS's file
  /// naming: `logo@2x.png` is 2 pixels per point, `logo@3x.png` 3, anything else 1. A tint (a
  /// replicator instance's colour) multiplies its pixels.
  func drawContents(
    _ contents: LayerContents, portion: Rect, bounds: Rect, tint: Color = .white, in cairo: OpaquePointer
  ) throws {
    let image = try images.image(for: contents, tint: tint)
    guard image.width > 0, image.height > 0, bounds.width > 0, bounds.height > 0, portion.width != 0, portion.height != 0
    else { return }
    let scale = contents.embeddedImage == nil ? Self.imageScale(path: contents.imagePath) : 1
    // The portion in image pixels (an animation overshooting to a negative width mirrors it).
    let source = Rect(
      x: portion.minX * Double(image.width), y: portion.minY * Double(image.height),
      width: portion.width * Double(image.width), height: portion.height * Double(image.height))
    let natural = Size(width: abs(source.width) / scale, height: abs(source.height) / scale)
    let target = Self.placement(of: natural, in: bounds, gravity: contents.gravity)

    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_rectangle(cairo, target.minX, target.minY, target.width, target.height)
    cairo_translate(cairo, target.minX, target.minY)
    cairo_scale(cairo, target.width / source.width, target.height / source.height)
    cairo_translate(cairo, -source.minX, -source.minY)
    // Drawn bilinearly from the level shrunk by less than 2 (`CairoImage.halved(_:)`).
    let halvings = image.halvingCount(forDevicePixelsPerImagePixel: Self.devicePixelsPerUserUnit(in: cairo))
    let level = try image.halved(halvings)
    if halvings > 0 {
      let factor = Double(1 << halvings)
      cairo_scale(cairo, factor, factor)
    }
    cairo_set_source_surface(cairo, level.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
    cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
    cairo_fill(cairo)
  }

  /// The device pixels one user unit spans along the axis the current matrix shrinks most.
  static func devicePixelsPerUserUnit(in cairo: OpaquePointer) -> Double {
    var acrossX = 1.0
    var acrossY = 0.0
    var downX = 0.0
    var downY = 1.0
    cairo_user_to_device_distance(cairo, &acrossX, &acrossY)
    cairo_user_to_device_distance(cairo, &downX, &downY)
    return min((acrossX * acrossX + acrossY * acrossY).squareRoot(), (downX * downX + downY * downY).squareRoot())
  }

  /// Where an image of `size` goes in `bounds` for each gravity.
  static func placement(of size: Size, in bounds: Rect, gravity: LayerContents.Gravity) -> Rect {
    switch gravity {
    case .resize:
      return bounds
    case .resizeAspect, .resizeAspectFill:
      let fit = min(bounds.width / size.width, bounds.height / size.height)
      let fill = max(bounds.width / size.width, bounds.height / size.height)
      let factor = gravity == .resizeAspect ? fit : fill
      let scaled = Size(width: size.width * factor, height: size.height * factor)
      return Rect(
        x: bounds.minX + (bounds.width - scaled.width) / 2, y: bounds.minY + (bounds.height - scaled.height) / 2,
        width: scaled.width, height: scaled.height)
    default:
      let name = gravity.rawValue.lowercased()
      var x = bounds.minX + (bounds.width - size.width) / 2
      var y = bounds.minY + (bounds.height - size.height) / 2
      if name.hasPrefix("top") { y = bounds.minY }
      if name.hasPrefix("bottom") { y = bounds.maxY - size.height }
      if name.hasSuffix("left") { x = bounds.minX }
      if name.hasSuffix("right") { x = bounds.maxX - size.width }
      return Rect(x: x, y: y, width: size.width, height: size.height)
    }
  }

  static func imageScale(path: String) -> Double {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let stem = name.split(separator: ".").first.map(String.init) ?? name
    if stem.hasSuffix("@3x") { return 3 }
    if stem.hasSuffix("@2x") { return 2 }
    return 1
  }
}
