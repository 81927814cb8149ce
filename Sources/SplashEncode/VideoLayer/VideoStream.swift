import CFFmpeg
import SplashCore

/// The picture stream of an opened video file, and what its codec parameters and side data
/// say about it.
struct VideoStream {
  let index: Int32
  let stream: UnsafeMutablePointer<AVStream>
  let parameters: UnsafeMutablePointer<AVCodecParameters>
  let width: Int
  let height: Int
  /// Whether a VP9 stream keeps its alpha beside the colour (WebM's `alpha_mode`), which only
  /// libvpx's decoder reads.
  let hasSideAlpha: Bool

  /// The best picture stream of `format`.
  ///
  /// - Throws: `MediaReadError` when there is none (a sound file in a video container).
  init(_ format: UnsafeMutablePointer<AVFormatContext>, path: String, stage: String) throws {
    let found = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard found >= 0, let stream = format.pointee.streams[Int(found)], let parameters = stream.pointee.codecpar else {
      throw MediaReadError(stage: stage, path: path, message: "expected a picture stream, found none (a sound file?)")
    }
    index = found
    self.stream = stream
    self.parameters = parameters
    width = Int(parameters.pointee.width)
    height = Int(parameters.pointee.height)
    hasSideAlpha =
      parameters.pointee.codec_id == AV_CODEC_ID_VP9
      && av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map { String(cString: $0.pointee.value) == "1" } == true
  }

  /// Seconds per tick of the stream's time base.
  var secondsPerTick: Double {
    let base = stream.pointee.time_base
    return base.den != 0 ? Double(base.num) / Double(base.den) : 0
  }

  /// One frame's length at the declared average rate (a 1-frame video's duration).
  var declaredFrameLength: Double {
    let rate = stream.pointee.avg_frame_rate.num != 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
    return rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : 1.0 / 30
  }

  var hasAlpha: Bool {
    hasSideAlpha
      || av_pix_fmt_desc_get(AVPixelFormat(parameters.pointee.format)).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 }
        ?? false
  }

  /// Clockwise quarter turns the container's display matrix asks for (0 to 3): a phone
  /// recording held upright is stored on its side with a turn to show it.
  var quarterTurns: Int {
    guard let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) else { return 0 }
    // FFmpeg's angle is counter-clockwise.
    let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { -av_display_rotation_get($0) }
    guard degrees.isFinite else { return 0 }
    let turns = Int((degrees / 90).rounded()) % 4
    return turns < 0 ? turns + 4 : turns
  }

  /// The decoder for the stream: libvpx's for VP9 with alpha beside it, FFmpeg's own otherwise.
  func decoder(path: String, stage: String) throws -> UnsafePointer<AVCodec> {
    let sideAlphaDecoder = hasSideAlpha ? avcodec_find_decoder_by_name("libvpx-vp9") : nil
    guard let decoder = sideAlphaDecoder ?? avcodec_find_decoder(parameters.pointee.codec_id) else {
      let name = avcodec_get_name(parameters.pointee.codec_id).map { String(cString: $0) } ?? "this codec"
      throw MediaReadError(stage: stage, path: path, message: "FFmpeg has no decoder for \(name)")
    }
    return decoder
  }

  /// Refuses what would be drawn wrong: pictures too large, and HDR, whose light levels an SDR
  /// frame cannot hold without a tone mapping splashvid does not do.
  func checkSupported(path: String, stage: String) throws {
    guard width > 0, height > 0 else {
      throw MediaReadError(stage: stage, path: path, message: "expected a picture size, found \(width)x\(height)")
    }
    guard width * height <= VideoStreamIndex.maximumPixels, max(width, height) <= PixelBuffer.maximumSide else {
      throw MediaReadError(
        stage: stage, path: path,
        message:
          "a \(width)x\(height) picture is larger than \(VideoStreamIndex.maximumPixels / 1_000_000) megapixels; scale the video down first"
      )
    }
    let transfer = parameters.pointee.color_trc
    if transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67 {
      let name = transfer == AVCOL_TRC_SMPTE2084 ? "HDR (PQ)" : "HDR (HLG)"
      throw MediaReadError(
        stage: stage, path: path,
        message: "\(name) video is not supported: frames are drawn in SDR BT.709; export the video as SDR (BT.709) first")
    }
  }
}
