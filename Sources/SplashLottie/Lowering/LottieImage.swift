import Foundation
import SplashCore
import SplashDocument
import SplashFiles
import SplashModel

/// An image layer's picture (`ty: 2` → an image asset: `w` × `h`, file `p` in folder `u`), as
/// a layer whose `contents` is the image, filling `w` × `h` from the layer's origin.
///
/// A file beside the Lottie file is read as a preset's image is: resolved against the file's
/// folder, and confined to the assets root (no `..`, absolute path or link leading out). An
/// image embedded in the file (`e: 1`, a `data:` URI) is carried in the scene, and so is an
/// image of the archive a dotLottie document came from (found by its file name `p`).
///
/// An image that is not there (a Lottie file copied without its `images` folder) is left out
/// with a warning naming where it was looked for, and the rest is drawn, as players draw it; a
/// path leading out of the folder is refused.
enum LottieImage {
  /// The largest image file read.
  static let maximumFileBytes = 64 * 1024 * 1024

  /// The picture of the image layer whose `refId` is `reference`, or `nil` (warned) when
  /// there is none to draw.
  static func layer(_ reference: LottieCursor, id: String, context: LottieLowering) throws -> Layer? {
    guard let asset = context.document.imageAssets[try reference.string()] else {
      // Some exporters name the image file here instead of its asset id; players draw nothing.
      context.warnings.note("image layers whose refId names no image in \"assets\" are not drawn", at: reference.jsonPath)
      return nil
    }
    let (width, height) = (asset.width, asset.height)
    let source = asset.source
    let name = asset.name
    // `e: 1` marks an embedded image, but exporters set it on plain file names too: what `p`
    // holds decides, as players decide (a data: URI is decoded, anything else is a file).
    if name.hasPrefix("data:") {
      return try embedded(name, asset: asset, width: width, height: height, id: id, context: context)
    }
    if let archiveImages = context.archiveImages {
      // An archive's images are its own: never a file beside the archive, whatever `u` says.
      guard let bytes = archiveImages[name] else {
        context.warnings.note("images missing from the archive's images folder are not drawn", at: source.jsonPath)
        return nil
      }
      let identifier = "\(context.file): images/\(name)"
      let image = EmbeddedImage(identifier: identifier, bytes: bytes)
      return picture(
        LayerContents(imagePath: identifier, gravity: .resize, embeddedImage: image), width: width, height: height, id: id)
    }
    let folder = asset.folder
    guard let baseDirectory = context.baseDirectory else {
      context.warnings.note("image files are not drawn when the Lottie file has no folder", at: asset.jsonPath)
      return nil
    }
    let url = baseDirectory.appendingPathComponent(folder).appendingPathComponent(name)
    let path = url.standardizedFileURL.path
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
    let root = (context.assetsRoot ?? baseDirectory).resolvingSymlinksInPath().standardizedFileURL.path
    guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw source.error(expected: "an image inside \(root) (use --assets-root to allow another folder)")
    }
    guard FileManager.default.fileExists(atPath: path) else {
      // The message names the folder, not the file, so that one folder left behind is one line.
      let looked = url.deletingLastPathComponent().standardizedFileURL.path
      context.warnings.note("image files missing from \(looked)/ are not drawn", at: source.jsonPath)
      return nil
    }
    do {
      try InputFile.check(resolved, limit: maximumFileBytes, what: "an image file")
    } catch let error as InputFileError {
      throw DocumentError(file: source.file, path: source.jsonPath, expected: "\(error.expected) (\(path))", found: error.found)
    }
    return picture(LayerContents(imagePath: path, gravity: .resize), width: width, height: height, id: id)
  }

  /// A `data:` URI's image (`data:image/png;base64,…`), decoded from base64 here; its pixels
  /// are decoded when drawn, as a file's are.
  private static func embedded(
    _ uri: String, asset: LottieImageAsset, width: Double, height: Double, id: String, context: LottieLowering
  ) throws -> Layer? {
    let source = asset.source
    guard uri.hasPrefix("data:"), let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64") else {
      throw source.error(expected: "an embedded image as a data: URI in base64 (data:image/png;base64,…)")
    }
    let encoded = uri[uri.index(after: comma)...]
    guard encoded.utf8.count <= maximumFileBytes / 3 * 4 + 4 else {
      throw DocumentError(
        file: source.file, path: source.jsonPath, expected: "an embedded image of at most \(maximumFileBytes / 1_048_576) MiB",
        found: "\(encoded.utf8.count) characters of base64")
    }
    guard let bytes = Data(base64Encoded: String(encoded)) else {
      throw DocumentError(
        file: source.file, path: source.jsonPath, expected: "image data in base64 after \"base64,\"",
        found: "characters that are not base64")
    }
    let name = "\(context.file): \(asset.jsonPath)"
    let image = EmbeddedImage(identifier: name, bytes: [UInt8](bytes))
    return picture(LayerContents(imagePath: name, gravity: .resize, embeddedImage: image), width: width, height: height, id: id)
  }

  private static func picture(_ contents: LayerContents, width: Double, height: Double, id: String) -> Layer {
    var picture = Layer(id: "\(id)/image")
    LayerPropertyRegistry.bounds.set(Rect(x: 0, y: 0, width: width, height: height), in: &picture.properties)
    LayerPropertyRegistry.position.set(Point(x: width / 2, y: height / 2), in: &picture.properties)
    LayerPropertyRegistry.setContents(contents, in: &picture.properties)
    return picture
  }
}
