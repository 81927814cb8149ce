import SplashCairo
import SplashCore
import SplashModel

/// A contact sheet of frames spread evenly across one loop of an animation (or a range of
/// it: `--start`, `--end`, `--segment`, as a render takes them), written as a PNG.
public struct SheetJob: Sendable {
  public var source: PresetSource
  public var frames: Int
  public var columns: Int
  /// Each frame's width in pixels; its height follows the canvas.
  public var thumbnailWidth: Int
  public var outputPath: String
  /// The part of the animation the sheet spreads its frames over (the whole loop by default).
  public var range = ClipRange()

  public init(source: PresetSource, frames: Int, columns: Int, thumbnailWidth: Int, outputPath: String) {
    self.source = source
    self.frames = frames
    self.columns = columns
    self.thumbnailWidth = thumbnailWidth
    self.outputPath = outputPath
  }

  /// The moments the sheet shows in `clip`.
  ///
  /// A looping clip: frame k of n shows start + k·cycle/n, never the next loop's first frame
  /// again. A one-shot clip with a hold: the last frame is the final state at start + cycle.
  public func times(in clip: ClipWindow) -> [Double] {
    let divisions = clip.hold > 0 && frames > 1 ? Double(frames - 1) : Double(frames)
    return (0..<frames).map { clip.start + clip.cycle * Double($0) / divisions }
  }

  /// Loads the animation, draws the frames and writes the sheet, or nothing.
  ///
  /// - Parameter log: Warnings, the folders made and the closing summary, one line each.
  public func run(environment: [String: String], log: @escaping (String) -> Void) throws {
    let scene = try source.load(environment: environment, warn: { log("splashvid: \($0)") })
    try OutputPaths.checkNoInputOverwritten(files: [outputPath], inputs: try source.inputs(scene, environment: environment))
    let clip = try range.window(in: scene).clip
    let sheet = try ContactSheet.render(
      scene: scene, times: times(in: clip), thumbnailWidth: thumbnailWidth, columns: columns,
      backend: CairoBackend { log("splashvid: warning: \($0)") })
    try PNGOutput.write(sheet, to: outputPath, log: log)
    log("wrote \(outputPath): \(frames) frames from t = \(clip.start) s, \(sheet.width)x\(sheet.height)")
  }
}
