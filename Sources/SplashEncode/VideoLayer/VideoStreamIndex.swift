import CFFmpeg
import SplashCore

/// A video file's picture stream as a layer shows it: its size, when each frame shows, where
/// its keyframes are and how its colours are coded, read once from the container's packets
/// (nothing is decoded).
///
/// The packets' own times are kept rather than a frame rate, so a phone's variable-rate
/// recording shows each frame when it was captured.
public struct VideoStreamIndex: Sendable {
  /// The picture's size in pixels as drawn: after the container's rotation.
  public var width: Int
  public var height: Int
  /// When each frame shows, in seconds from the first frame, ascending.
  public var frameTimes: [Double]
  /// Seconds from the first frame's start to the last frame's end.
  public var duration: Double
  /// Whether frames carry alpha.
  public var hasAlpha: Bool
  /// Each frame's presentation time in the stream's time base, ascending (as `frameTimes`).
  var presentationTimes: [Int64]
  /// The presentation order indices of the keyframes, ascending, and each one's decoding time.
  var keyframes: [(index: Int, decodingTime: Int64)]
  /// Clockwise quarter turns the container asks for (a phone held upright: 1).
  var quarterTurns: Int

  /// The most frames a video layer's file may have: an hour at 240 fps (8 bytes each here).
  public static let maximumFrames = 864_000
  /// The largest picture: what an image may hold (50 megapixels).
  public static let maximumPixels = 50_000_000

  /// Who reads, for `MediaReadError`: `video: clip.mp4: …`.
  static let stage = "video"

  /// The demuxers a video layer's file may be read by: MP4, MOV and M4V, WebM and Matroska, GIF.
  static let kind = FFmpegInputKind(
    expected: "a video file (MP4, MOV, M4V, WebM, MKV or GIF)", noun: "a video",
    demuxers: ["mov", "matroska", "gif"])

  /// Reads `path`'s packets.
  ///
  /// - Throws: `MediaReadError` (stage `video`) naming the file: not a regular file, not a
  ///   video FFmpeg reads, no picture stream, no frames, a picture too large, HDR.
  public static func read(_ path: String) throws -> VideoStreamIndex {
    _ = VideoWriter.quietLibraryLogging
    try FFmpegInput.check(path, what: "a video file", stage: stage)
    var opened: UnsafeMutablePointer<AVFormatContext>? = try FFmpegInput.open(path, as: kind, stage: stage)
    defer { avformat_close_input(&opened) }
    guard let format = opened else { throw MediaReadError(stage: stage, path: path, message: "no context") }
    try MediaReadError.check(avformat_find_stream_info(format, nil), stage: stage, path: path, step: "reading the stream information")
    let stream = try VideoStream(format, path: path, stage: stage)
    try stream.checkSupported(path: path, stage: stage)

    var times: [(presentation: Int64, decoding: Int64, isKey: Bool)] = []
    let packet = try Packet()
    while true {
      let status = av_read_frame(format, packet.packet)
      if status == splash_averror_eof() { break }
      try MediaReadError.check(status, stage: stage, path: path, step: "reading packet \(times.count)")
      defer { av_packet_unref(packet.packet) }
      guard packet.packet.pointee.stream_index == stream.index else { continue }
      let decoding = packet.packet.pointee.dts
      let presentation = packet.packet.pointee.pts != Int64.min ? packet.packet.pointee.pts : decoding
      // A packet without a time (a raw stream's) cannot be placed; containers that video
      // layers read time every packet.
      guard presentation != Int64.min else {
        throw MediaReadError(stage: stage, path: path, message: "packet \(times.count) has no time; remux the video into MP4 or MOV")
      }
      times.append((presentation, decoding == Int64.min ? presentation : decoding, packet.packet.pointee.flags & AV_PKT_FLAG_KEY != 0))
      guard times.count <= maximumFrames else {
        throw MediaReadError(
          stage: stage, path: path, message: "more than \(maximumFrames) frames (an hour at 240 fps); trim the video first")
      }
    }
    guard !times.isEmpty else { throw MediaReadError(stage: stage, path: path, message: "expected frames, found an empty picture stream") }
    // An MP4 lists its frames up front: fewer packets than that is a file cut short (a copy or
    // a download that did not finish), whose last frames would show as the one before.
    let declared = Int(stream.stream.pointee.nb_frames)
    if declared > times.count {
      throw MediaReadError(
        stage: stage, path: path,
        message:
          "expected the \(declared) frames the file lists, found \(times.count): the file is cut short (an unfinished copy or download?)")
    }

    let ordered = times.sorted { $0.presentation < $1.presentation }
    let presentationTimes = ordered.map(\.presentation)
    let keyframes = ordered.enumerated().filter { $0.element.isKey }.map { (index: $0.offset, decodingTime: $0.element.decoding) }
    guard !keyframes.isEmpty else { throw MediaReadError(stage: stage, path: path, message: "expected a keyframe, found none") }
    let seconds = stream.secondsPerTick
    let first = presentationTimes[0]
    let frameTimes = presentationTimes.map { Double($0 - first) * seconds }
    // The last frame lasts as long as the one before it (or as the declared rate says).
    let lastLength =
      frameTimes.count > 1 ? frameTimes[frameTimes.count - 1] - frameTimes[frameTimes.count - 2] : stream.declaredFrameLength
    let turns = stream.quarterTurns
    return VideoStreamIndex(
      width: turns % 2 == 0 ? stream.width : stream.height, height: turns % 2 == 0 ? stream.height : stream.width,
      frameTimes: frameTimes, duration: frameTimes[frameTimes.count - 1] + max(lastLength, 0), hasAlpha: stream.hasAlpha,
      presentationTimes: presentationTimes, keyframes: keyframes, quarterTurns: turns)
  }

  /// The frame whose presentation time is `time` (stream ticks), or the last before it.
  func frameIndex(ofPresentationTime time: Int64) -> Int {
    max(presentationTimes.countOfLeading { $0 <= time } - 1, 0)
  }

  /// The last keyframe at or before frame `index`, in presentation order.
  func keyframe(before index: Int) -> (index: Int, decodingTime: Int64) {
    keyframes[max(keyframes.countOfLeading { $0.index <= index } - 1, 0)]
  }
}
