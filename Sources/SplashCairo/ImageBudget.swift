import CGdkPixbuf
import SplashCore
import SplashFiles
import SplashModel
import SplashRender
import SplashWebP

/// The pixels a scene's images hold once decoded, from their headers, before any is decoded.
///
/// Each worker decodes every image it draws once and keeps it for later frames
/// (`ImageCache`), 4 bytes a pixel: a dozen images each just under `CairoImage.maximumPixels`
/// made 2.5 GB for a 64×64 still. The scene's images together are held to
/// `maximumPixelsInAll`, and the memory estimate counts them for every worker.
public enum ImageBudget {
  /// 100 megapixels in all (400 MB decoded per worker): twice the largest single image, and
  /// some forty full-screen phone images at 3x.
  public static let maximumPixelsInAll = 100_000_000

  /// The decoded pixels of every distinct image the scene's layers and masks show, videos
  /// included; an image whose size cannot be read counts nothing here (decoding it reports why).
  ///
  /// - Throws: `RenderError` when they are more than `maximumPixelsInAll`.
  public static func declaredPixels(in scene: Scene) throws -> Int {
    var sizes: [String: Int] = [:]
    func visit(_ layer: Layer) {
      if let contents = layer.properties.contents, sizes[contents.imagePath] == nil {
        sizes[contents.imagePath] = pixels(of: contents)
      }
      // A video layer's frame, and as much again for what its decoder keeps (reference
      // pictures in 4:2:0 take 1.5 bytes a pixel; a few of them).
      if let source = layer.video?.source { sizes[source.path] = 2 * source.width * source.height }
    }
    scene.forEachLayer(visit)
    scene.backdrop?.forEachInTree(visit)
    let total = sizes.values.reduce(0, +)
    guard total <= maximumPixelsInAll else {
      let largest = sizes.max { $0.value < $1.value }.map { " (the largest, \($0.key), \($0.value / 1_000_000) megapixels)" } ?? ""
      throw RenderError(
        stage: "checking the images",
        message: "the images hold \(total / 1_000_000) megapixels in all\(largest); at most \(maximumPixelsInAll / 1_000_000)")
    }
    return total
  }

  /// The pixel count `contents`' image declares in its header, at most one image's limit each.
  private static func pixels(of contents: LayerContents) -> Int {
    let size: (width: Int, height: Int)?
    if let embedded = contents.embeddedImage {
      size = WebPImage.isWebP(embedded.bytes) ? WebPImage.size(of: embedded.bytes) : EncodedImageSize.of(embedded.bytes)
    } else {
      // Only a regular file is opened: a FIFO would block.
      guard (try? InputFile.check(contents.imagePath, what: "an image file")) != nil else { return 0 }
      var width: Int32 = 0
      var height: Int32 = 0
      size = gdk_pixbuf_get_file_info(contents.imagePath, &width, &height) != nil ? (Int(width), Int(height)) : nil
    }
    guard let size, size.width > 0, size.height > 0 else { return 0 }
    // Headers hold at most 32-bit sides, so the product fits; past one image's limit the
    // decoder refuses it anyway.
    return min(size.width * size.height, CairoImage.maximumPixels)
  }
}
