import Foundation
import SplashCore
import SplashEncode
import SplashFiles

/// One file a render writes: a video in one of the formats, an animated GIF (a `.gif`), a
/// poster still (a `.png`) taken from the same pass, or an image sequence (a `.png` name with
/// a `%04d` number).
///
/// GIF is a kind of its own, not a `VideoFormat`: it is a palette of 256 colours rather than
/// YUV, has no rate factor or encoder preset, and times its frames in whole hundredths of a
/// second, so it plays at most 50 fps (`GIFSettings`).
public struct RenderOutput: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case video(VideoFormat)
    case gif
    case poster
    case imageSequence(FrameNamePattern)
  }

  public var path: String
  public var kind: Kind

  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  public var format: VideoFormat? {
    if case .video(let format) = kind { return format }
    return nil
  }

  /// The folder the output goes in (a sequence's: its frames').
  public var folder: String {
    if case .imageSequence(let pattern) = kind { return pattern.folder }
    return OutputFile.split(path).folder
  }

  /// The outputs for the `-o` values, each a video whose format its extension implies (or
  /// `--format` names, applied to the outputs whose extension it fits), a GIF, or the poster.
  ///
  /// `--poster T` without a `.png` output writes the poster beside the first clip (video or
  /// GIF), named after it.
  public static func plan(paths: [String], formatName: String?, wantsPoster: Bool) throws -> [RenderOutput] {
    guard !paths.isEmpty, paths.allSatisfy({ !$0.isEmpty }) else {
      throw UsageError("name the output file with -o FILE.mp4")
    }
    for path in paths { try OutputPaths.checkName(path) }
    if let (first, again) = OutputPaths.firstDuplicate(paths) {
      throw UsageError(first == again ? "-o \(again) given twice" : "-o \(first) and -o \(again) are the same file")
    }
    let named = try formatName.map { name in
      if name == "gif" {
        throw RenderOptionError(.format, value: name, [.text(": a GIF is told by its extension; name it "), .value(.output, "FILE.gif")])
      }
      return try RenderOptionValue.videoFormat(name)
    }
    var outputs: [RenderOutput] = []
    var stills: [String] = []
    for path in paths where Self.pathExtension(path) == "png" {
      if let pattern = try FrameNamePattern(path) {
        outputs.append(RenderOutput(path: path, kind: .imageSequence(pattern)))
      } else {
        stills.append(path)
      }
    }
    let posters = stills
    let clips = paths.filter { Self.pathExtension($0) != "png" }
    let videos = clips.filter { Self.pathExtension($0) != "gif" }
    guard posters.count <= 1 else { throw UsageError("one poster per render; -o names \(posters.joined(separator: " and "))") }
    guard !clips.isEmpty || !outputs.isEmpty else {
      throw UsageError(
        "a render writes a video or a sequence: add -o FILE.mp4 or -o frames-%04d.png (for one frame alone, use 'splashvid still')")
    }
    for path in clips {
      if Self.pathExtension(path) == "gif" {
        outputs.append(RenderOutput(path: path, kind: .gif))
        continue
      }
      let fits = named.map { Self.pathExtension(path).isEmpty || $0.fileExtensions.contains(Self.pathExtension(path)) } ?? false
      // With one video, a --format that does not fit is a mistake worth naming precisely.
      let format = try RenderJob.format(named: fits || videos.count == 1 ? named?.rawValue : nil, output: path)
      outputs.append(RenderOutput(path: path, kind: .video(format)))
    }
    if let named, !videos.isEmpty, !outputs.contains(where: { $0.format == named }) {
      throw RenderOptionError(
        .format, value: named.rawValue,
        [.text(" fits none of the outputs (\(named.displayName) is written as .\(named.fileExtensions[0]))")])
    }
    if let poster = posters.first {
      outputs.append(RenderOutput(path: poster, kind: .poster))
    } else if wantsPoster && clips.isEmpty {
      throw RenderOptionError(.poster, [.text(" needs a video to name the poster after, or "), .value(.output, "poster.png")])
    } else if wantsPoster, let firstClip = clips.first {
      let stem = (firstClip as NSString).deletingPathExtension
      outputs.append(RenderOutput(path: stem + ".png", kind: .poster))
    }
    for output in outputs {
      guard case .imageSequence(let pattern) = output.kind else { continue }
      let files = outputs.filter { $0.kind != output.kind }.map(\.path)
      if let clash = files.first(where: { OutputPaths.isFrame(OutputPaths.entry($0), of: pattern) }) {
        throw UsageError("-o \(clash) is also a frame of -o \(pattern.text)")
      }
    }
    return outputs
  }

  private static func pathExtension(_ path: String) -> String {
    (path as NSString).pathExtension.lowercased()
  }
}
