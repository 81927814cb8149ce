import Foundation
import SplashDocument

/// What compiling one Lottie file shares: its name, limits, warnings, the precompositions
/// it defines (`assets` with `layers`), its fonts and glyphs, and the counts the limits apply to.
final class LottieContext {
  let file: String
  let limits: LottieLimits
  let warnings: LottieWarnings
  /// The composition's frame rate (`fr`): a time remap's seconds are frames at this rate.
  let framesPerSecond: Double
  /// Precomposition layer lists by asset id.
  let precompositions: [String: LottieCursor]
  /// Image assets (those without layers) by id.
  let imageAssets: [String: LottieCursor]
  /// The Lottie file's folder, which image files are found in; `nil` for a document without one.
  let baseDirectory: URL?
  /// The folder image files must really lie in (the file's folder unless the user names one).
  let assetsRoot: URL?
  /// The images of the archive the document came from (a dotLottie file's images folder), by
  /// file name; `nil` when the document is a file of its own, whose images are files beside it.
  let archiveImages: [String: [UInt8]]?
  let fonts: LottieFonts
  private(set) var layerCount = 0
  private(set) var shapeItemCount = 0
  /// The precompositions being compiled, outermost first: a reference back into them is a cycle.
  var openPrecompositions: [String] = []

  init(
    file: String, limits: LottieLimits, root: LottieCursor, framesPerSecond: Double, baseDirectory: URL? = nil,
    assetsRoot: URL? = nil, archiveImages: [String: [UInt8]]? = nil
  ) throws {
    self.file = file
    self.framesPerSecond = framesPerSecond
    self.baseDirectory = baseDirectory
    self.assetsRoot = assetsRoot
    self.archiveImages = archiveImages
    self.limits = limits
    warnings = LottieWarnings(file: file)
    var precompositions: [String: LottieCursor] = [:]
    var imageAssets: [String: LottieCursor] = [:]
    for asset in try root["assets"]?.array() ?? [] {
      guard let id = try asset["id"]?.string() else { continue }
      if let layers = asset["layers"] { precompositions[id] = layers } else if asset["p"] != nil { imageAssets[id] = asset }
    }
    self.precompositions = precompositions
    self.imageAssets = imageAssets
    fonts = LottieFonts(root: root)
  }

  func countLayer(at cursor: LottieCursor) throws {
    layerCount += 1
    guard layerCount <= limits.layers else {
      throw cursor.error(expected: "at most \(limits.layers) layers in the file (precompositions count each time they are used)")
    }
  }

  func countShapeItem(at cursor: LottieCursor) throws {
    shapeItemCount += 1
    guard shapeItemCount <= limits.shapeItems else { throw cursor.error(expected: "at most \(limits.shapeItems) shape items in the file") }
  }
}
