import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashPipeline
import SplashRender

/// The palette of a render's GIF outputs, from frames sampled before the pass.
///
/// The GIF is encoded frame by frame as the pass goes, but its one palette must be known
/// before the first frame: so `sampleCount` frames spread evenly over one loop (every loop
/// shows the same frames) are rendered first, at the output's size, and their colours
/// counted. They are rendered one at a time into one buffer, so a 1080×1920 clip needs 8 MB
/// for sampling, not 16 frames' worth.
public enum GIFPaletteSampling {
  /// Frames sampled per loop: enough to meet every colour of a splash animation's phases.
  public static let sampleCount = 16

  /// The frames of the first loop that are sampled: up to `sampleCount`, evenly spaced; and
  /// the closing hold's, whose final state no loop frame need show.
  public static func sampledFrames(of schedule: FrameSchedule) -> [Int] {
    let loop = schedule.firstLoop
    let count = min(sampleCount, loop.count)
    let sampled = (0..<count).map { loop.lowerBound + $0 * loop.count / count }
    return schedule.holdEndFrames > 0 ? sampled + [schedule.frameCount - 1] : sampled
  }

  public static func palette(
    scene: Scene, schedule: FrameSchedule, width: Int, height: Int, fit: Viewport.Fit, transparent: Bool,
    warn: @escaping (String) -> Void
  ) throws -> GIFPalette {
    guard let buffer = PixelBuffer(width: width, height: height) else {
      throw RenderError(stage: "sampling the GIF palette", message: "cannot allocate a \(width)x\(height) frame")
    }
    let backend = CairoBackend(warn: warn)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height, fit: fit)
    var histogram = ColorHistogram(countsTransparency: transparent)
    for frame in sampledFrames(of: schedule) {
      try backend.render(scene.presentation(at: schedule.sceneTime(ofFrame: frame)), viewport: viewport, into: buffer)
      histogram.add(buffer)
    }
    return GIFPalette(histogram: histogram)
  }
}
