import SplashOutput
import SplashPipeline

/// `splashvid [render]`: a preset to one or more clips (H.264 MP4 unless an output's extension
/// or `--format` says otherwise, or an animated GIF) and a poster, all from one render pass.
///
/// The command parses; the job (`RenderJob`) renders.
struct RenderCommand {
  var job: RenderJob
  var progressStyle: ProgressReporter.Style?

  init(_ arguments: [String]) throws {
    let scanned = try RenderJob.scan(arguments)
    job = try RenderJob(scanned)
    progressStyle = scanned.values["progress"].flatMap(ProgressReporter.Style.init(rawValue:))
  }

  func run(environment: [String: String], cancellation: CancellationFlag, log: @escaping (String) -> Void) throws {
    try job.run(environment: environment, cancellation: cancellation, progress: ProgressReporter(style: progressStyle), log: log)
  }
}
