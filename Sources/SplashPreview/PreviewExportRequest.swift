import Foundation
import SplashEncode
import SplashHTTP
import SplashModel
import SplashOutput

/// What the page's export panel asks for: a format, and the options `render` would be given
/// for it, read from a `POST /export` query.
///
///     format=h264|hevc|prores|vp9|gif|png    (required)
///     loops=N                                 --loops N (1 by default)
///     scale=S | size=WxH                      --scale S | --size WxH (scale 2 by default)
///     fps=N                                   --fps N (the document's rate, or render's default)
///     transparent=1                           --transparent
///     start=T&end=T | segment=NAME            --start T --end T | --segment NAME
///     hold-start=S&hold-end=S                 --hold-start S --hold-end S
///     background=COLOR                        --background COLOR (an image is the command line's)
///     param.NAME=VALUE                        --param NAME=VALUE
///
/// The file's name is never the page's to choose: the server names it (`PreviewExports`).
/// Any other argument is refused, and so is any value the render would refuse once begun
/// (`check(against:environment:)`): the page hears it at once, and nothing is queued.
struct PreviewExportRequest: Sendable {
  /// The arguments a query may give, besides `param.NAME`.
  static let options: [String] = [
    "format", "loops", "scale", "size", "fps", "transparent", "start", "end", "segment", "hold-start", "hold-end", "background",
  ]

  /// An output format the panel offers: every one `render` writes.
  enum Format: String, CaseIterable, Sendable {
    case h264, hevc, prores, vp9, gif, png

    /// The file name's ending after the stem: `.mp4`, `-hevc.mp4` (so it sits beside the
    /// H.264 file without taking its name), `.mov`, `.webm`, `.gif`, or a folder of frames.
    var suffix: String {
      switch self {
      case .h264: ".mp4"
      case .hevc: "-hevc.mp4"
      case .prores: ".mov"
      case .vp9: ".webm"
      case .gif: ".gif"
      case .png: "-frames"
      }
    }

    var displayName: String {
      switch self {
      case .h264, .hevc, .prores, .vp9: VideoFormat(rawValue: rawValue).map(\.displayName) ?? rawValue
      case .gif: "animated GIF"
      case .png: "PNG sequence"
      }
    }
  }

  var format: Format
  /// The render options the query gives, read as `render` reads its own.
  var request: RenderRequest
  /// `param.NAME=VALUE` each, by name (resolved by the server before the export starts:
  /// an image's path relative to the preset becomes the file it names).
  var parameters: [String: String] = [:]

  /// The request a query describes.
  ///
  /// - Throws: `HTTPRefusal` 400 naming the argument at fault, what was expected and what was found.
  init(query: [String: String]) throws {
    // Sorted, so that the refusal names the same argument whatever order the query is in.
    for name in query.keys.sorted() where !Self.options.contains(name) {
      guard name.hasPrefix("param.") else {
        throw HTTPRefusal(
          status: 400,
          reason: "\(name): not an export option; expected \(Self.options.joined(separator: ", ")) or param.NAME")
      }
      guard name.count > "param.".count else { throw Self.refusal(name, expected: "param.NAME, a parameter's name", found: query[name]) }
    }
    guard let name = query["format"] else {
      throw Self.refusal("format", expected: Format.allCases.map(\.rawValue).joined(separator: ", "), found: nil)
    }
    let format: Format
    do {
      format = Format(rawValue: try RenderOptionValue.formatName(name, among: Format.allCases.map(\.rawValue)))!
    } catch {
      throw Self.refusal(error)
    }
    self.format = format
    request = RenderRequest()
    request.maximumSide = PreviewServer.maximumSide
    // The page sends an empty rate for "the document's own".
    for option in [RenderOption.loops, .size, .scale, .framesPerSecond, .start, .end, .segment, .holdStart, .holdEnd, .background] {
      if let text = query[option.commandLineName], !(option == .framesPerSecond && text.isEmpty) { request[option] = text }
    }
    if let text = query["transparent"] {
      guard text == "1" || text == "0" else { throw Self.refusal("transparent", expected: "1 or 0", found: text) }
      if text == "1" { request[.transparent] = "" }
    }
    // A format the panel names besides the file's extension: HEVC is an .mp4 as H.264 is.
    if format == .hevc { request[.format] = format.rawValue }
    // The values are read as render reads them, and refused in the page's names, now: a job
    // is only built once the server has named the file.
    do {
      _ = try request.read()
    } catch {
      throw Self.refusal(error)
    }
    for (name, value) in query where name.hasPrefix("param.") { parameters[String(name.dropFirst(6))] = value }
  }

  private static func refusal(_ argument: String, expected: String, found: String?) -> HTTPRefusal {
    HTTPRefusal(status: 400, reason: "\(argument): expected \(expected), found \(found.map { "\"\($0)\"" } ?? "none")")
  }

  /// Refuses what the render would refuse once begun, for `scene`: the document's scene with
  /// these parameters set (see `RenderJob.preflight`).
  ///
  /// - Throws: `HTTPRefusal` 400 with the render's message.
  func check(against scene: Scene, environment: [String: String]) throws {
    do {
      // The checks need no file: the place is the server's to choose, and is not made here.
      try job(source: PresetSource(origin: .file("")), path: "/export-check" + format.suffix, stem: "export-check")
        .preflight(scene, environment: environment)
    } catch {
      throw Self.refusal(error)
    }
  }

  /// A render's refusal as the page says it: a job's options named as the export panel names
  /// them (`fps 60: …`, `transparent needs …`), not as the command line does.
  static func refusal(_ error: any Error) -> HTTPRefusal {
    guard let refused = error as? RenderOptionError else { return HTTPRefusal(status: 400, reason: "\(error)") }
    return HTTPRefusal(status: 400, reason: refused.worded(naming: \.commandLineName))
  }

  /// The job `render` would build for these options, writing to `path` (a file, or for a PNG
  /// sequence a folder to hold the frames).
  ///
  /// - Throws: `UsageError`, as `render` refuses the same options (say, transparency in H.264).
  func job(source: PresetSource, path: String, stem: String) throws -> RenderJob {
    var source = source
    source.parameters.merge(parameters) { _, chosen in chosen }
    var request = self.request
    request.outputs = [format == .png ? "\(path)/\(stem)-%04d.png" : path]
    return try RenderJob(request, source: source)
  }
}
