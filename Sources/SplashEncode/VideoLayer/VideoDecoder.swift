import CFFmpeg
import SplashCore

/// Decodes one video file's frames by index, in any order, for one worker: a video layer's
/// frames as BGRA.
///
/// It holds one decoded frame, never a queue of them. Asked for a later frame it decodes
/// forward; asked for an earlier one, or for one past a keyframe it has not reached, it seeks
/// to the keyframe before it and decodes forward from there. Decoding from a keyframe gives
/// the same pictures whatever was decoded before, so a frame's pixels do not depend on the
/// order frames are asked for, nor on which worker asks.
///
///     frames     K · · · · · K · · · ▲ · · K · ·      (K: keyframes)
///     asked                        target
///     decoded                K─────▶▲               seek to the K before it, decode forward
///
/// Colours are read as the stream declares them: its matrix (BT.709, BT.601, BT.2020) and its
/// range; an untagged stream is BT.601 up to 576 lines and BT.709 above, as players guess.
public final class VideoDecoder {
  public let path: String
  public let index: VideoStreamIndex
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private let stream: VideoStream
  private var codecContext: UnsafeMutablePointer<AVCodecContext>?
  private let packet: Packet
  private let frame: VideoFrame
  private var scaler: FrameScaler?
  /// The picture before its rotation, when the container turns it.
  private var unturned: PixelBuffer?
  /// The presentation index of the frame in `frame`, or `nil` when it holds none.
  private var decodedIndex: Int?
  /// The index of the last frame the decoder gave, whether or not it was kept.
  private var lastReceived: Int?
  /// Whether every packet has been sent (the decoder then drains, and needs a seek).
  private var sentEverything = false

  /// Opens `path`, whose packets `index` describes, and its decoder.
  ///
  /// - Throws: `MediaReadError` (stage `video`) naming the file and the step.
  public init(path: String, index: VideoStreamIndex) throws {
    _ = VideoWriter.quietLibraryLogging
    let stage = VideoStreamIndex.stage
    self.path = path
    self.index = index
    try FFmpegInput.check(path, what: "a video file", stage: stage)
    format = try FFmpegInput.open(path, as: VideoStreamIndex.kind, stage: stage)
    guard let format else { throw MediaReadError(stage: stage, path: path, message: "no context") }
    do {
      try MediaReadError.check(avformat_find_stream_info(format, nil), stage: stage, path: path, step: "reading the stream information")
      stream = try VideoStream(format, path: path, stage: stage)
      let decoder = try stream.decoder(path: path, stage: stage)
      guard let context = avcodec_alloc_context3(decoder) else {
        throw MediaReadError(stage: stage, path: path, code: splash_averror_out_of_memory(), message: "cannot create a decoder")
      }
      codecContext = context
      try MediaReadError.check(
        avcodec_parameters_to_context(context, stream.parameters), stage: stage, path: path, step: "configuring the decoder")
      // Workers already decode in parallel, one decoder each; the decoder's own threads would
      // only compete with them (and hold a frame per thread).
      context.pointee.thread_count = 1
      try MediaReadError.check(avcodec_open2(context, decoder, nil), stage: stage, path: path, step: "opening the decoder")
      packet = try Packet()
      frame = try VideoFrame()
    } catch {
      avcodec_free_context(&codecContext)
      avformat_close_input(&self.format)
      throw error
    }
  }

  deinit {
    avcodec_free_context(&codecContext)
    avformat_close_input(&format)
  }

  /// Writes frame `target` (presentation order) as premultiplied BGRA into `pixels`, which
  /// holds `index.width` × `index.height` pixels `bytesPerRow` apart.
  ///
  /// - Throws: `MediaReadError` naming the file and the frame.
  public func decodeFrame(_ target: Int, into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) throws {
    let target = min(max(target, 0), index.presentationTimes.count - 1)
    do {
      try moveDecoder(to: target)
      try convertFrame(into: pixels, bytesPerRow: bytesPerRow)
    } catch let error as EncodeError {
      throw MediaReadError(
        stage: VideoStreamIndex.stage, path: path, step: "frame \(target): \(error.stage)", code: error.code, message: error.message)
    } catch let error as MediaReadError where error.step == nil {
      var named = error
      named.step = "frame \(target)"
      throw named
    }
  }

  /// Leaves the frame showing at `target` in `frame`.
  private func moveDecoder(to target: Int) throws {
    if decodedIndex == target { return }
    let keyframe = index.keyframe(before: target)
    // Forward from here is right only if no keyframe lies between: decoding past one is
    // slower than seeking to it, and after the last packet the decoder must be reset anyway.
    let forward = lastReceived.map { $0 < target && keyframe.index <= $0 } ?? false
    if !forward || sentEverything { try seek(toDecodingTime: keyframe.decodingTime) }
    if try decodeForward(to: target) { return }
    // The container's index placed the seek after the frame (some index by presentation
    // time, some by decoding time): start from the file's beginning.
    try seek(toDecodingTime: Int64.min)
    guard try decodeForward(to: target) else {
      throw MediaReadError(stage: VideoStreamIndex.stage, path: path, message: "the decoder gave no picture for this frame")
    }
  }

  private func seek(toDecodingTime time: Int64) throws {
    guard let format, let codecContext else { return }
    let status =
      time == Int64.min
      ? avformat_seek_file(format, stream.index, Int64.min, Int64.min, Int64.max, 0)
      : av_seek_frame(format, stream.index, time, AVSEEK_FLAG_BACKWARD)
    try check(status, "seeking")
    avcodec_flush_buffers(codecContext)
    decodedIndex = nil
    lastReceived = nil
    sentEverything = false
  }

  /// Decodes until the frame at `target` shows; `false` when the first picture after a seek
  /// was already past it.
  private func decodeForward(to target: Int) throws -> Bool {
    guard let format, let codecContext else { return false }
    let targetTime = index.presentationTimes[target]
    var first = true
    while true {
      let status = avcodec_receive_frame(codecContext, frame.frame)
      if status == 0 {
        let time =
          frame.frame.pointee.best_effort_timestamp != Int64.min ? frame.frame.pointee.best_effort_timestamp : frame.frame.pointee.pts
        let received = index.frameIndex(ofPresentationTime: time)
        if first && received > target { return false }
        first = false
        lastReceived = received
        // The frame at the target, or the first after it if the target never comes out
        // (a packet the decoder could not use).
        if received >= target || time >= targetTime {
          decodedIndex = target
          return true
        }
        av_frame_unref(frame.frame)
        continue
      }
      if status == splash_averror_eof() {
        // Drained before the frame came out: the decoder dropped it (a damaged stream).
        guard lastReceived != nil else { return false }
        throw MediaReadError(stage: VideoStreamIndex.stage, path: path, message: "the decoder ended before this frame")
      }
      guard status == splash_averror_again() else {
        try check(status, "decoding")
        return false
      }
      if sentEverything { return false }
      let read = av_read_frame(format, packet.packet)
      if read == splash_averror_eof() {
        sentEverything = true
        try check(avcodec_send_packet(codecContext, nil), "flushing the decoder")
        continue
      }
      try check(read, "reading a packet")
      defer { av_packet_unref(packet.packet) }
      guard packet.packet.pointee.stream_index == stream.index else { continue }
      let sent = avcodec_send_packet(codecContext, packet.packet)
      // A damaged packet is skipped, as players skip it; the frames that need it come out
      // damaged or not at all.
      if sent < 0 && sent != splash_averror_invalid_data() { try check(sent, "decoding") }
    }
  }

  /// Converts the decoded frame into `pixels`, turned as the container asks.
  private func convertFrame(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) throws {
    let width = Int(frame.frame.pointee.width)
    let height = Int(frame.frame.pointee.height)
    let turns = index.quarterTurns
    guard (turns % 2 == 0 ? (width, height) : (height, width)) == (index.width, index.height) else {
      throw EncodeError(
        stage: "converting", message: "the picture changed size to \(width)x\(height) mid-stream; re-encode the video at one size")
    }
    let pixelFormat = AVPixelFormat(frame.frame.pointee.format)
    if scaler == nil {
      scaler = try FrameScaler(
        width: width, height: height, from: pixelFormat, to: AV_PIX_FMT_BGRA, yuvIsFullRange: Self.isFullRange(frame.frame),
        matrix: Self.matrix(of: frame.frame, height: height), bilinear: true)
    }
    guard let scaler else { return }
    var destination: UnsafeMutableRawPointer = pixels
    var destinationRowBytes = bytesPerRow
    if turns != 0 {
      if unturned == nil { unturned = PixelBuffer(width: width, height: height) }
      guard let unturned else { throw EncodeError(stage: "converting", message: "cannot hold a \(width)x\(height) picture") }
      destination = unturned.bytes
      destinationRowBytes = unturned.bytesPerRow
    }
    var planes: [UnsafeMutablePointer<UInt8>?] = [destination.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
    var strides: [Int32] = [Int32(destinationRowBytes), 0, 0, 0]
    try frame.withPlanes { sourcePlanes, sourceStrides in
      try sourcePlanes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 4) { source in
        try scaler.scale(source: source, sourceStrides: sourceStrides, height: height, destination: &planes, destinationStrides: &strides)
      }
    }
    // swscale gives straight colour; layers draw premultiplied colour.
    if index.hasAlpha { StraightAlpha.premultiply(destination, width: width, height: height, bytesPerRow: destinationRowBytes) }
    if turns != 0, let unturned {
      QuarterTurn.copy(unturned, turns: turns, into: pixels, bytesPerRow: bytesPerRow)
    }
  }

  /// Whether the frame's YUV spans 0–255 (declared, or a JPEG pixel format).
  static func isFullRange(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
    if frame.pointee.color_range == AVCOL_RANGE_JPEG { return true }
    let format = AVPixelFormat(frame.pointee.format)
    return [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P].contains(format)
  }

  /// The matrix the frame declares, or the one players guess from its height.
  static func matrix(of frame: UnsafeMutablePointer<AVFrame>, height: Int) -> FrameScaler.Matrix {
    matrix(declared: frame.pointee.colorspace, height: height)
  }

  static func matrix(declared: AVColorSpace, height: Int) -> FrameScaler.Matrix {
    switch declared {
    case AVCOL_SPC_BT709: .bt709
    case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_SMPTE240M, AVCOL_SPC_FCC: .bt601
    case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: .bt2020
    // Untagged: standard definition (up to PAL's 576 lines) was BT.601, HD is BT.709; mpv and
    // browsers guess the same way.
    default: height <= 576 ? .bt601 : .bt709
    }
  }
}
