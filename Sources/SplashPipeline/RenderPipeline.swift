import SplashCore
import SplashModel
import SplashRender

/// Drives a clip through the stages: evaluate → render → sink, frame after frame.
///
/// This first pipeline runs the stages one frame at a time on the calling thread, reusing a
/// single pixel buffer, so memory does not depend on the clip's length. Frames are independent
/// (each is a pure function of the scene and its time), which is what lets a later pipeline
/// render them on several workers without changing the output.
public struct RenderPipeline {
  public var scene: Scene
  public var schedule: FrameSchedule
  public var pixelWidth: Int
  public var pixelHeight: Int
  public var fit: Viewport.Fit

  public init(scene: Scene, schedule: FrameSchedule, pixelWidth: Int, pixelHeight: Int, fit: Viewport.Fit = .contain) {
    self.scene = scene
    self.schedule = schedule
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.fit = fit
  }

  /// Renders every frame of the schedule into `sink` and finishes it.
  ///
  /// - Parameter progress: Called after each frame with the number of frames done.
  /// - Throws: `PipelineError` naming the frame whose stage failed; the sink is not finished.
  public func run(
    backend: any RenderBackend, sink: any FrameSink, progress: ((Int) -> Void)? = nil
  ) throws {
    guard let buffer = PixelBuffer(width: pixelWidth, height: pixelHeight) else {
      throw PipelineError(frame: nil, underlying: PipelineError.Reason("cannot allocate a \(pixelWidth)x\(pixelHeight) frame"))
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fit: fit)
    for index in 0..<schedule.frameCount {
      do {
        let tree = scene.presentation(at: schedule.sceneTime(ofFrame: index))
        try backend.render(tree, viewport: viewport, into: buffer)
        try sink.append(buffer)
      } catch {
        throw PipelineError(frame: index, underlying: error)
      }
      progress?(index + 1)
    }
    do {
      try sink.finish()
    } catch {
      throw PipelineError(frame: nil, underlying: error)
    }
  }
}

/// A failure while producing a clip, with the frame it happened at.
public struct PipelineError: Error, CustomStringConvertible {
  /// The frame being produced, or `nil` for a failure before or after the frames.
  public var frame: Int?
  public var underlying: any Error

  public init(frame: Int?, underlying: any Error) {
    self.frame = frame
    self.underlying = underlying
  }

  public var description: String {
    guard let frame else { return "\(underlying)" }
    return "frame \(frame): \(underlying)"
  }

  /// A failure of the pipeline itself, described in words.
  public struct Reason: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }
}
