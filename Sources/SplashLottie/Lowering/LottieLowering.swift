import Foundation
import SplashDocument
import SplashModel

/// What building one document's Core Animation layers shares: the document read, where its
/// image files are, the sampling budget, and the counts the limits apply to.
///
/// Precompositions are read once (`LottieDocument`) but built at every use, so the limits on
/// layers and shape items count here, each time a precomposition is used: what they bound is
/// the size of the scene.
final class LottieLowering {
  let document: LottieDocument
  let file: String
  let limits: LottieLimits
  let warnings: LottieWarnings
  let sampler: LottieSampler
  /// The Lottie file's folder, which image files are found in; `nil` for a document without one.
  let baseDirectory: URL?
  /// The folder image files must really lie in (the file's folder unless the user names one).
  let assetsRoot: URL?
  /// The images of the archive the document came from (a dotLottie file's images folder), by
  /// file name; `nil` when the document is a file of its own, whose images are files beside it.
  let archiveImages: [String: [UInt8]]?
  private(set) var layerCount = 0
  private(set) var shapeItemCount = 0
  /// The precompositions being built, outermost first: a reference back into them is a cycle.
  var openPrecompositions: [String] = []

  init(
    document: LottieDocument, context: LottieContext, baseDirectory: URL?, assetsRoot: URL?, archiveImages: [String: [UInt8]]?
  ) {
    self.document = document
    file = context.file
    limits = context.limits
    warnings = context.warnings
    sampler = LottieSampler(samples: context.limits.sampledFramesInAll)
    self.baseDirectory = baseDirectory
    self.assetsRoot = assetsRoot
    self.archiveImages = archiveImages
  }

  /// The composition's frame rate (`fr`): a time remap's seconds are frames at this rate.
  var framesPerSecond: Double { document.framesPerSecond }

  /// Counts one more layer built, refusing the file past the limit.
  func countLayer(at jsonPath: String) throws {
    layerCount += 1
    guard layerCount <= limits.layers else {
      throw DocumentError(
        file: file, path: jsonPath,
        expected:
          "at most \(limits.layers) layers in the file (precompositions count each time they are used, parents once for each layer they hold)",
        found: "\(layerCount) built so far")
    }
  }

  /// Counts `count` more shape items built (a text's characters count too), refusing the file
  /// past the limit.
  func countShapeItems(_ count: Int, at jsonPath: String) throws {
    shapeItemCount += count
    guard shapeItemCount <= limits.shapeItems else {
      throw DocumentError(
        file: file, path: jsonPath,
        expected:
          "at most \(limits.shapeItems) shape items in the file (precompositions count each time they are used, repeaters once per copy)",
        found: "\(shapeItemCount) built so far")
    }
  }
}
