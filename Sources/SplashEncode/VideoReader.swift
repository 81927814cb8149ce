import CFFmpeg
import SplashCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads a video file back: its stream facts, and optionally every decoded frame as BGRA.
///
/// Failures are `MediaReadError`s that name the file and the step (`read: a.mp4: decoding
/// frame 3: …`), never `encode:`.
///
/// This is how tests (and `probe`) check what was written: through libavformat and libavcodec,
/// as a player would, converting YUV back to RGB with the matrix and range the file declares.
public enum VideoReader {
  /// Opens `path`, decodes its first video stream and reports what it found.
  ///
  /// - Parameter visitFrame: Called with each decoded frame's index and pixels (converted from
  ///   the file's YUV with BT.709 and its declared range; premultiplied, as every `PixelBuffer`,
  ///   when the file has alpha). `nil` skips the conversion.
  /// - Throws: `MediaReadError` (stage `read`) when the file is not a regular file, or cannot be
  ///   opened or decoded; whatever `visitFrame` throws.
  public static func read(
    _ path: String, visitFrame: ((Int, PixelBuffer) throws -> Void)? = nil
  ) throws -> VideoFileInfo {
    do {
      return try readOpened(path, visitFrame: visitFrame)
    } catch let error as EncodeError {
      // The steps below share the writers' checks (`check`, the frame scaler), which throw
      // EncodeErrors; reading is not encoding, so they are reported as this read's steps.
      throw MediaReadError(stage: stage, path: path, step: error.stage, code: error.code, message: error.message)
    }
  }

  /// Who reads, for `MediaReadError`: a command may name itself instead (`probe`).
  static let stage = "read"

  private static func readOpened(
    _ path: String, visitFrame: ((Int, PixelBuffer) throws -> Void)?
  ) throws -> VideoFileInfo {
    _ = VideoWriter.quietLibraryLogging
    try FFmpegInput.check(path, what: "a video file", stage: stage)
    var opened: UnsafeMutablePointer<AVFormatContext>? = try FFmpegInput.open(path, as: .video, stage: stage)
    defer { avformat_close_input(&opened) }
    guard let format = opened else { throw EncodeError(stage: "opening the file", message: "no context") }
    try check(avformat_find_stream_info(format, nil), "reading the stream information")

    let streamIndex = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard streamIndex >= 0, let stream = format.pointee.streams[Int(streamIndex)], let parameters = stream.pointee.codecpar
    else {
      // A sound file in a video container (an .m4a) opens, but shows nothing.
      throw MediaReadError(stage: stage, path: path, message: "expected \(FFmpegInputKind.video.expected), found no video stream")
    }
    // VP9 keeps alpha in a second stream beside the colour (WebM's alpha_mode); FFmpeg's own
    // VP9 decoder drops it, libvpx's decodes it.
    let hasSideAlpha =
      parameters.pointee.codec_id == AV_CODEC_ID_VP9
      && av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map { String(cString: $0.pointee.value) == "1" } == true
    let sideAlphaDecoder = hasSideAlpha ? avcodec_find_decoder_by_name("libvpx-vp9") : nil
    guard let decoder = sideAlphaDecoder ?? avcodec_find_decoder(parameters.pointee.codec_id) else {
      throw EncodeError(stage: "finding a decoder", message: "FFmpeg has no decoder for this codec")
    }
    var codecContext = avcodec_alloc_context3(decoder)
    defer { avcodec_free_context(&codecContext) }
    guard let codecContext else {
      throw EncodeError(stage: "creating a decoder", code: splash_averror_out_of_memory())
    }
    try check(avcodec_parameters_to_context(codecContext, parameters), "configuring the decoder")
    try check(avcodec_open2(codecContext, decoder, nil), "opening the decoder")

    let width = Int(parameters.pointee.width)
    let height = Int(parameters.pointee.height)
    let packet = try Packet()
    let frame = try VideoFrame()
    var scaler: FrameScaler?
    var decoded = 0
    var presentationTimes: [Int64] = []
    var keyframeCount = 0
    var packetsSinceKeyframe = 0
    var longestKeyframeInterval = 0

    func receiveFrames() throws {
      while true {
        let status = avcodec_receive_frame(codecContext, frame.frame)
        if status == splash_averror_again() || status == splash_averror_eof() { return }
        try check(status, "decoding frame \(decoded)")
        if let visitFrame {
          let hasAlphaPixels =
            av_pix_fmt_desc_get(AVPixelFormat(frame.frame.pointee.format)).map {
              $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
            } ?? false
          if scaler == nil {
            scaler = try FrameScaler(
              width: width, height: height, from: AVPixelFormat(frame.frame.pointee.format), to: AV_PIX_FMT_BGRA,
              yuvIsFullRange: frame.frame.pointee.color_range == AVCOL_RANGE_JPEG)
          }
          guard let pixels = PixelBuffer(width: width, height: height), let scaler else {
            throw EncodeError(stage: "decoding frame \(decoded)", message: "cannot hold a \(width)x\(height) frame")
          }
          var destination: [UnsafeMutablePointer<UInt8>?] = [pixels.bytes.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
          var strides: [Int32] = [Int32(pixels.bytesPerRow), 0, 0, 0]
          try frame.withPlanes { planes, planeStrides in
            try planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 4) { source in
              try scaler.scale(
                source: source, sourceStrides: planeStrides, height: height, destination: &destination,
                destinationStrides: &strides)
            }
          }
          // swscale gives straight colour; a PixelBuffer holds premultiplied colour.
          if hasAlphaPixels { StraightAlpha.premultiply(pixels) }
          try visitFrame(decoded, pixels)
        }
        decoded += 1
        av_frame_unref(frame.frame)
      }
    }

    while av_read_frame(format, packet.packet) >= 0 {
      defer { av_packet_unref(packet.packet) }
      guard packet.packet.pointee.stream_index == streamIndex else { continue }
      if packet.packet.pointee.pts != Int64.min { presentationTimes.append(packet.packet.pointee.pts) }
      if packet.packet.pointee.flags & AV_PKT_FLAG_KEY != 0 {
        keyframeCount += 1
        packetsSinceKeyframe = 0
      }
      packetsSinceKeyframe += 1
      longestKeyframeInterval = max(longestKeyframeInterval, packetsSinceKeyframe)
      try check(avcodec_send_packet(codecContext, packet.packet), "decoding frame \(decoded)")
      try receiveFrames()
    }
    try check(avcodec_send_packet(codecContext, nil), "flushing the decoder")
    try receiveFrames()

    func name(_ text: UnsafePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "unknown" }
    presentationTimes.sort()
    let steps = Set(zip(presentationTimes, presentationTimes.dropFirst()).map { $1 - $0 })
    let pixelFormat = AVPixelFormat(parameters.pointee.format)
    let hasAlpha =
      hasSideAlpha
      || av_pix_fmt_desc_get(pixelFormat).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 } ?? false
    let level = parameters.pointee.level
    let profileName = avcodec_profile_name(parameters.pointee.codec_id, parameters.pointee.profile)
    var audio: AudioStreamInfo?
    let audioIndex = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    if audioIndex >= 0, let audioStream = format.pointee.streams[Int(audioIndex)], let audioParameters = audioStream.pointee.codecpar {
      let timeBase = audioStream.pointee.time_base
      audio = AudioStreamInfo(
        codecName: name(avcodec_get_name(audioParameters.pointee.codec_id)),
        sampleRate: Int(audioParameters.pointee.sample_rate), channels: Int(audioParameters.pointee.ch_layout.nb_channels),
        durationSeconds: audioStream.pointee.duration > 0 && timeBase.den != 0
          ? Double(audioStream.pointee.duration) * Double(timeBase.num) / Double(timeBase.den) : 0)
    }
    // FFmpeg decodes every GIF to BGRA; whether it has clear pixels and whether it loops are in
    // its blocks.
    var gif: GIFFileStructure?
    if parameters.pointee.codec_id == AV_CODEC_ID_GIF { gif = try? GIFFileStructure.read(path) }
    let tag = parameters.pointee.codec_tag
    let tagText = tag == 0 ? "" : String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> ($0 * 8)) }, as: UTF8.self)
    return VideoFileInfo(
      codecName: name(avcodec_get_name(parameters.pointee.codec_id)), codecTag: tagText,
      profile: profileName.map { String(cString: $0) },
      level: level > 0 ? Int(level) : nil,
      width: width, height: height,
      pixelFormat: name(av_get_pix_fmt_name(AVPixelFormat(parameters.pointee.format))),
      colorSpace: name(av_color_space_name(parameters.pointee.color_space)),
      colorPrimaries: name(av_color_primaries_name(parameters.pointee.color_primaries)),
      colorTransfer: name(av_color_transfer_name(parameters.pointee.color_trc)),
      colorRange: name(av_color_range_name(parameters.pointee.color_range)),
      averageFrameRate: (Int(stream.pointee.avg_frame_rate.num), Int(stream.pointee.avg_frame_rate.den)),
      realFrameRate: (Int(stream.pointee.r_frame_rate.num), Int(stream.pointee.r_frame_rate.den)),
      declaredFrameCount: Int(stream.pointee.nb_frames),
      decodedFrameCount: decoded,
      durationSeconds: format.pointee.duration > 0 ? Double(format.pointee.duration) / Double(AV_TIME_BASE) : 0,
      topLevelBoxes: topLevelBoxes(of: path),
      // Later images use the transparent entry for "unchanged" as well; only the first, with
      // nothing beneath it, shows whether the GIF itself has clear pixels.
      hasAlpha: gif.map { $0.images.first?.transparentIndex != nil } ?? hasAlpha,
      gifLoopCount: gif?.loopCount, audio: audio,
      isConstantFrameRate: (steps.max() ?? 0) - (steps.min() ?? 0) <= 1,
      keyframeCount: keyframeCount, longestKeyframeInterval: longestKeyframeInterval)
  }

  /// The four-letter types of an MP4 file's top-level boxes, in file order.
  static func topLevelBoxes(of path: String) -> [String] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var boxes: [String] = []
    var header = [UInt8](repeating: 0, count: 16)
    var offset: Int64 = 0
    while boxes.count < 64, fseeko(file, off_t(offset), SEEK_SET) == 0, fread(&header, 1, 8, file) == 8 {
      var size = header[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
      boxes.append(String(decoding: header[4..<8], as: UTF8.self))
      if size == 1 {
        guard fread(&header[8], 1, 8, file) == 8 else { break }
        size = header[8..<16].reduce(Int64(0)) { $0 << 8 | Int64($1) }
      }
      guard size >= 8 else { break }
      offset += size
    }
    return boxes
  }
}
