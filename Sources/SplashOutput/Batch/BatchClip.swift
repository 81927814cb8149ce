import Foundation
import SplashCore
import SplashEncode
import SplashRender

/// One clip of a batch: which preset, where it goes, and how it is rendered.
struct BatchClip: Sendable, Equatable {
  /// Where the row came from, for messages: `manifest.csv:4` or the preset file.
  var origin: String
  /// The preset's name (its file name without the extension).
  var preset: String
  /// The preset's file in the batch folder: `DIR/NAME.json5` or `DIR/NAME.json`.
  var presetFile: String
  /// The output file name, relative to the batch's output folder, in one spelling
  /// (`ConfinedPath.normalizedOutput`).
  var output: String
  /// The clip's render options: the batch's (`BatchDefaults`) under the row's columns, those
  /// that apply to this clip (`--scale` only without a size, `--x264-preset` and `--tune` only
  /// for H.264 and HEVC), the format as the output's name says it. Its parameters are kept
  /// apart, below, as the preset's check resolves them.
  var request: RenderRequest
  /// The row's parameters as the manifest gives them, over the batch's `--param` defaults.
  var parameters: [String: String]
  /// Image parameters' files where they really are (checked to lie inside the assets root),
  /// passed to the render in place of the manifest's paths, which are relative to the batch folder.
  var imageFiles: [String: String] = [:]

  /// The parameters as the render takes them: images by their real paths.
  var renderParameters: [String: String] { parameters.merging(imageFiles) { _, file in file } }

  /// The render of this clip into `outputPath` on `workers` workers.
  ///
  /// - Parameter assetsRoot: `--assets-root` of the batch, if given: the preset's own images may lie there.
  /// - Throws: `RenderOptionError` for a combination no render can carry out (the manifest's
  ///   checks build the same job first, and name the row).
  func job(outputPath: String, workers: Int?, assetsRoot: String? = nil) throws -> RenderJob {
    var request = self.request
    request.outputs = [outputPath]
    var job = try RenderJob(
      request, source: PresetSource(origin: .file(presetFile), parameters: renderParameters, assetsRoot: assetsRoot))
    // The batch shares the machine's workers among the clips it renders at once.
    job.workers = workers
    return job
  }
}
