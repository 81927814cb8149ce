import Foundation
import SplashCore
import SplashDocument
import SplashModel

/// An image layer's picture (`ty: 2` → an image asset: `w` × `h`, file `p` in folder `u`), as
/// a layer whose `contents` is the image, filling `w` × `h` from the layer's origin.
///
/// A file beside the Lottie file is read as a preset's image is: resolved against the file's
/// folder, and confined to the assets root (no `..`, absolute path or link leading out). An
/// image embedded in the file (`e: 1`, a `data:` URI) is not drawn yet, with a warning.
enum LottieImage {
  /// The largest image file read.
  static let maximumFileBytes = 64 * 1024 * 1024

  static func layer(_ entry: LottieCursor, id: String, context: LottieContext) throws -> Layer? {
    let reference = try entry.required("refId")
    guard let asset = context.imageAssets[try reference.string()] else {
      throw reference.error(expected: "the id of an image in \"assets\"")
    }
    let width = try asset.required("w").number(in: 0...100_000, expected: "an image width from 0 to 100000")
    let height = try asset.required("h").number(in: 0...100_000, expected: "an image height from 0 to 100000")
    let name = try asset.required("p").string()
    if asset["e"]?.flag == true || name.hasPrefix("data:") {
      context.warnings.note("images embedded in the file are not drawn yet", at: asset.jsonPath)
      return nil
    }
    let folder = (try asset["u"]?.string()) ?? ""
    guard let baseDirectory = context.baseDirectory else {
      context.warnings.note("image files are not drawn when the Lottie file has no folder", at: asset.jsonPath)
      return nil
    }
    let url = baseDirectory.appendingPathComponent(folder).appendingPathComponent(name)
    let path = url.standardizedFileURL.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw try asset.required("p").error(expected: "an image file that exists (looked for \(path))")
    }
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
    let root = (context.assetsRoot ?? baseDirectory).resolvingSymlinksInPath().standardizedFileURL.path
    guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw try asset.required("p").error(expected: "an image inside \(root) (use --assets-root to allow another folder)")
    }
    do {
      try InputFile.check(resolved, limit: maximumFileBytes, what: "an image file")
    } catch let error as InputFileError {
      let file = try asset.required("p")
      throw DocumentError(file: file.file, path: file.jsonPath, expected: "\(error.expected) (\(path))", found: error.found)
    }
    var picture = Layer(id: "\(id)/image")
    picture.properties.bounds = Rect(x: 0, y: 0, width: width, height: height)
    picture.properties.position = Point(x: width / 2, y: height / 2)
    picture.properties.contents = LayerContents(imagePath: path, gravity: .resize)
    return picture
  }
}
