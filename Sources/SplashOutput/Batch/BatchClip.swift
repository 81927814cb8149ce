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
  var format: VideoFormat = .h264
  /// The row's parameters as the manifest gives them, over the batch's `--param` defaults.
  var parameters: [String: String]
  /// Image parameters' files where they really are (checked to lie inside the assets root),
  /// passed to the render in place of the manifest's paths, which are relative to the batch folder.
  var imageFiles: [String: String] = [:]
  var size: PixelSize?
  /// `nil`: the document's own rate (a Lottie file's), else the default, as a render without `--fps`.
  var framesPerSecond: Int?
  var loops: Int
  /// The render options the batch gives every clip (`BatchDefaults`), where they apply to
  /// this one: `--scale` only without a size, `--x264-preset` and `--tune` only for H.264
  /// and HEVC.
  var scale: Double? = nil
  var fit: Viewport.Fit? = nil
  var constantRateFactor: Int? = nil
  var encoderPreset: String? = nil
  var tune: String? = nil
  var isTransparent = false
  /// `--target`, which sets the size, the rate and the format itself.
  var target: RenderTarget? = nil

  /// The parameters as the render takes them: images by their real paths.
  var renderParameters: [String: String] { parameters.merging(imageFiles) { _, file in file } }

  /// The render of this clip into `outputPath` on `workers` workers.
  ///
  /// - Parameter assetsRoot: `--assets-root` of the batch, if given: the preset's own images may lie there.
  /// - Throws: `UsageError` for a combination no render can carry out (the manifest's checks
  ///   catch those first, naming the row).
  func job(outputPath: String, workers: Int?, assetsRoot: String? = nil) throws -> RenderJob {
    let isGIF = (output as NSString).pathExtension.lowercased() == "gif"
    // A target gives the rate, the format and the size itself (the manifest refuses them beside
    // it), and frames a fixed size by covering it.
    let size = OutputSize(
      requested: size, scale: scale ?? OutputSize.defaultScale, fit: target?.fit(requested: fit) ?? fit ?? .contain)
    return try RenderJob(
      source: PresetSource(origin: .file(presetFile), parameters: renderParameters, assetsRoot: assetsRoot),
      outputs: [RenderOutput(path: outputPath, kind: isGIF ? .gif : .video(format))], loops: loops,
      framesPerSecond: framesPerSecond, size: size, isTransparent: isTransparent,
      soundtrack: target?.needsSoundTrack == true ? .silence : nil, target: target,
      encoder: EncoderChoice(
        constantRateFactor: constantRateFactor ?? EncoderChoice.defaultConstantRateFactor, preset: encoderPreset, tune: tune),
      workers: workers)
  }
}
