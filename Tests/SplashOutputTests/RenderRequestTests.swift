import Foundation
import SplashCore
import SplashEncode
import Testing

@testable import SplashOutput

/// A `RenderRequest` is read in one place (`read()`, then `RenderJob(_:source:)`): values, a
/// target with what it sets, size with scale, and outputs with the format.
@Suite("RenderRequest: every option read and checked in one place")
struct RenderRequestTests {
  private let fuber = PresetSource(
    origin: .named("fuber", presetsDirectory: SplashOutputTests.repository.appendingPathComponent("presets").path))

  private func refusal(_ request: RenderRequest) -> RenderOptionError? {
    #expect(throws: RenderOptionError.self) { try RenderJob(request, source: fuber) }
  }

  @Test("values become the job's: loops, rate, size, fit, encoder, poster, workers, sound, transparency, parameters")
  func values() throws {
    let request = RenderRequest(
      values: [
        .loops: "3", .framesPerSecond: "24", .size: "360x640", .fit: "cover", .constantRateFactor: "20", .encoderPreset: "fast",
        .tune: "film", .poster: "1.5", .workers: "2", .audio: "song.m4a",
      ],
      parameters: ["backgroundColor=#102030", "labelLeft=a=b", "backgroundColor=#405060"], outputs: ["a.mp4", "a.m4v"])
    let job = try RenderJob(request, source: fuber)
    #expect(job.loops == 3 && job.requestedFramesPerSecond == 24 && job.workers == 2 && job.posterTime == 1.5)
    #expect(job.size.requested == PixelSize(width: 360, height: 640) && job.size.fit == .cover)
    #expect(job.encoder == EncoderChoice(constantRateFactor: 20, preset: "fast", tune: "film"))
    #expect(job.soundtrack == .file("song.m4a") && !job.isTransparent)
    let transparent = try RenderJob(RenderRequest(values: [.transparent: ""], outputs: ["a.mov"]), source: fuber)
    #expect(transparent.isTransparent)
    // A later assignment wins; a value may hold '='.
    #expect(job.source.parameters == ["backgroundColor": "#405060", "labelLeft": "a=b"])
    #expect(job.outputs.map(\.kind) == [.video(.h264), .video(.h264), .poster])
  }

  @Test("a target sets size, rate, format, fit, sound and alpha; giving one of them too is refused, naming both")
  func target() throws {
    let job = try RenderJob(RenderRequest(values: [.target: "square"], outputs: ["a.mp4"]), source: fuber)
    #expect(job.size.requested == PixelSize(width: 1080, height: 1080) && job.size.fit == .cover)
    #expect(job.requestedFramesPerSecond == 30 && job.format == .h264 && job.soundtrack == .silence && job.target?.name == "square")
    let web = try RenderJob(RenderRequest(values: [.target: "web", .fit: "contain"], outputs: ["a.webm"]), source: fuber)
    #expect(web.isTransparent && web.format == .vp9 && web.size.requested == nil && web.soundtrack == nil)

    for (option, text) in [(RenderOption.size, "100x100"), (.scale, "3"), (.framesPerSecond, "60"), (.format, "h264")] {
      let refused = try #require(refusal(RenderRequest(values: [.target: "square", option: text], outputs: ["a.mp4"])))
      let said = option == .scale ? "--size" : option.flag
      #expect(refused.description == "--target square sets \(said); leave \(option.flag) \(text) out")
    }
    // The format the target chose is the target's, not a --format nobody gave.
    let misnamed = try #require(refusal(RenderRequest(values: [.target: "web"], outputs: ["a.mp4"])))
    #expect(misnamed.option == .target)
    #expect(misnamed.description == "--target web sets --format vp9: VP9 WebM is written as .webm, not .mp4; rename a.mp4")
    #expect(
      misnamed.worded(naming: \.commandLineName) == "target web sets format vp9: VP9 WebM is written as .webm, not .mp4; rename a.mp4")
    #expect(refusal(RenderRequest(values: [.target: "tiktok"], outputs: ["a.mp4"]))?.option == .target)
  }

  @Test("each refusal names its option, worded by the front end: the command line's flag, a row's column")
  func refusals() throws {
    let cases: [(RenderRequest, String)] = [
      (RenderRequest(values: [.size: "20x20", .scale: "2"], outputs: ["a.mp4"]), "--size or --scale: give one of them, not both"),
      (RenderRequest(values: [.size: "21x20"], outputs: ["a.mp4"]), "--size 21x20: video needs an even width and height"),
      (RenderRequest(values: [.format: "hevc"], outputs: ["a.mov"]), "--format hevc: HEVC MP4 is written as .mp4, not .mov; rename a.mov"),
      (
        RenderRequest(outputs: ["a.avi"]),
        "-o a.avi: cannot tell a video format from .avi; use .mp4 (H.264, or HEVC with --format hevc), .mov (ProRes 4444) or .webm (VP9)"
      ),
      (RenderRequest(values: [.format: "gif"], outputs: ["a.gif"]), "--format gif: a GIF is told by its extension; name it -o FILE.gif"),
      (RenderRequest(values: [.poster: "1"], outputs: ["a%04d.png"]), "--poster needs a video to name the poster after, or -o poster.png"),
      (RenderRequest(parameters: ["=red"], outputs: ["a.mp4"]), "--param =red: expected NAME=VALUE"),
      (RenderRequest(values: [.tune: "film"], outputs: ["a.webm"]), "--tune applies to h264 and hevc, not to VP9 WebM"),
    ]
    for (request, message) in cases {
      let refused = try #require(refusal(request), "\(message)")
      #expect(refused.description == message)
    }
    // The same refusals in a manifest row's spelling, where the column names the option.
    let column: (RenderOption) -> String = { $0 == .output ? "output" : $0.commandLineName }
    #expect(refusal(RenderRequest(outputs: ["a.avi"]))?.worded(naming: column).hasPrefix("output a.avi: cannot tell") == true)
    #expect(
      refusal(RenderRequest(values: [.size: "21x20"], outputs: ["a.mp4"]))?.worded(naming: column)
        == "size 21x20: video needs an even width and height")
  }

  @Test("the preview's smaller largest side is the request's to hold")
  func maximumSide() throws {
    var request = RenderRequest(values: [.size: "5000x5000"], outputs: ["a.mov"])
    #expect(throws: Never.self) { try request.read() }
    request.maximumSide = 4096
    #expect(throws: RenderOptionError.self) { try request.read() }
  }
}
