import CFFmpeg
import SplashCore
import SplashFiles

/// Encodes frames to a video file in one of the `VideoFormat`s: BGRA → YUV (BT.709, limited
/// range) → the format's encoder → its container (MP4 and MOV with the moov atom first).
///
/// The call sequence is FFmpeg's own (`doc/examples/mux.c`): output context, encoder, stream,
/// header; per frame convert → send → receive packets → interleave; at the end flush, trailer.
/// The file is written under a temporary name and appears at the destination only when
/// `finish()` succeeds; a writer released without finishing leaves nothing behind.
///
/// A writer belongs to one thread at a time (the encode stage of a pipeline).
public final class VideoWriter {
  public let settings: VideoSettings
  public private(set) var framesWritten = 0

  private let file: MuxedFile
  private var codecContext: UnsafeMutablePointer<AVCodecContext>
  private let stream: UnsafeMutablePointer<AVStream>
  private let picture: YUVPicture
  private let packet: Packet
  private let converter: FrameConverter
  /// The last picture sent, sent again for a repeated frame. Its owner (the pipeline) keeps
  /// it unchanged until a different picture has been appended.
  private var lastPicture: YUVPicture?
  /// The sound track, when the settings ask for one.
  private var audio: AudioTrack?
  private var isFinished: Bool { file.isCommitted }
  /// Where the file goes, or after `commit()` went (another name when the one asked for was
  /// taken and the placement keeps existing files).
  public var destination: String { file.output.destination }

  /// FFmpeg and x264 print progress and statistics at their default log level, and their
  /// errors as lines of their own beside the one splashvid prints; every failure already
  /// reaches splashvid as an error code, and is reported once, in splashvid's own words.
  static let quietLibraryLogging: Void = av_log_set_level(AV_LOG_QUIET)

  /// The FFmpeg encoder used by default.
  public static let encoderName = VideoFormat.h264.encoderName

  /// Opens the encoder and starts the file at `path`; `placement` says whether a file there
  /// is replaced or kept (`OutputFile.Placement`).
  ///
  /// - Throws: `EncodeError` for settings out of range, a missing encoder or any FFmpeg failure;
  ///   `OutputFileError` when `path` cannot be written. Nothing is left on disk after a throw.
  public init(path: String, settings: VideoSettings, placement: OutputFile.Placement = .replacing) throws {
    _ = Self.quietLibraryLogging
    self.settings = try settings.validated()
    guard let codec = avcodec_find_encoder_by_name(settings.encoderName) else {
      throw EncodeError(
        stage: "finding the \(settings.encoderName) encoder",
        message: "this FFmpeg has no \(settings.encoderName); install Debian's \(settings.format.encoderPackage)")
    }
    file = try MuxedFile(destination: path, container: settings.format.containerName, placement: placement)
    guard let stream = avformat_new_stream(file.context, nil), let codecContext = avcodec_alloc_context3(codec) else {
      throw EncodeError(stage: "creating the video stream", code: splash_averror_out_of_memory())
    }
    self.stream = stream
    self.codecContext = codecContext

    do {
      packet = try Packet()
      picture = try YUVPicture(width: settings.width, height: settings.height, format: settings.format)
      converter = try FrameConverter(width: settings.width, height: settings.height, format: settings.format)
    } catch {
      var codecPointer: UnsafeMutablePointer<AVCodecContext>? = codecContext
      avcodec_free_context(&codecPointer)
      throw error
    }
    try openEncoderAndFile(codec: codec)
  }

  deinit {
    var codecPointer: UnsafeMutablePointer<AVCodecContext>? = codecContext
    avcodec_free_context(&codecPointer)
  }

  private func openEncoderAndFile(codec: UnsafePointer<AVCodec>) throws {
    let fps = Int32(settings.framesPerSecond)
    let context = codecContext
    context.pointee.width = Int32(settings.width)
    context.pointee.height = Int32(settings.height)
    // One tick per frame: timestamps are frame indices, so the frame rate is exactly constant.
    context.pointee.time_base = AVRational(num: 1, den: fps)
    context.pointee.framerate = AVRational(num: fps, den: 1)
    context.pointee.gop_size = Int32(settings.keyframeInterval)
    context.pointee.pix_fmt = settings.format.pixelFormat
    if settings.writesColorTags {
      // Declared in the stream's own headers and, through the stream parameters, the
      // container's colour box: a player that is told nothing guesses, and guesses differ
      // (BT.601 for small sizes).
      context.pointee.color_primaries = AVCOL_PRI_BT709
      context.pointee.color_trc = AVCOL_TRC_BT709
      context.pointee.colorspace = AVCOL_SPC_BT709
      context.pointee.color_range = AVCOL_RANGE_MPEG
      if settings.format.pixelFormat == AV_PIX_FMT_YUV420P {
        // YUV420Conversion takes chroma from 2×2 averages: sited at the centre of the block.
        context.pointee.chroma_sample_location = AVCHROMA_LOC_CENTER
      }
    }
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    if file.wantsGlobalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }

    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    for (key, value) in encoderOptions(context) { av_dict_set(&options, key, value, 0) }
    let encoderName = settings.encoderName
    try check(avcodec_open2(context, codec, &options), "opening the \(encoderName) encoder")
    if let unused = av_dict_get(options, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw EncodeError(
        stage: "opening the \(encoderName) encoder",
        message: "option \(String(cString: unused.pointee.key)) was not accepted")
    }

    try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "describing the video stream")
    if settings.format == .hevc {
      // 'hvc1': parameter sets in the sample description, as QuickTime and Safari require.
      stream.pointee.codecpar.pointee.codec_tag = Self.hvc1
    }
    stream.pointee.time_base = context.pointee.time_base
    stream.pointee.avg_frame_rate = context.pointee.framerate
    stream.pointee.r_frame_rate = context.pointee.framerate

    if let soundtrack = settings.soundtrack {
      audio = try AudioTrack(soundtrack, bitRate: settings.audioBitRate, fade: settings.audioFade, formatContext: file.context)
    }
    // faststart moves the index (moov) before the media (mdat) so players and uploads can
    // start before the whole file arrives.
    let isQuickTime = settings.format.containerName != "webm"
    var flags = settings.isFastStart && isQuickTime ? ["+faststart"] : []
    var headerOptions: [(String, String)] = []
    if !settings.allowsEditLists && isQuickTime {
      // FFmpeg's mov muxer: no `elst`, and B-frames' reordering kept by negative offsets.
      flags.append("+negative_cts_offsets")
      headerOptions.append(("use_editlist", "0"))
    }
    if !flags.isEmpty { headerOptions.append(("movflags", flags.joined())) }
    try file.open(headerOptions: headerOptions)
  }

  /// libvpx's thread count for VP9 (and for its second encoder, the alpha plane's).
  ///
  /// Two, four and eight threads write the same bytes (see `encoderOptions`), so the count
  /// only decides speed. With the alpha plane's encoder beside the colour one, four threads
  /// each put eight on a two-core machine next to the render workers: fuber with alpha,
  /// 1080x1920, one loop, took 59.4 and 60.1 s with four and 48.6 and 56.0 s with two, the
  /// same file, and 5–15 % less CPU time.
  static let vp9Threads: Int32 = 2

  /// The four-character code 'hvc1', as FFmpeg stores tags (first character lowest).
  static let hvc1: UInt32 =
    UInt32(UInt8(ascii: "h")) | UInt32(UInt8(ascii: "v")) << 8 | UInt32(UInt8(ascii: "c")) << 16
    | UInt32(UInt8(ascii: "1")) << 24

  /// The encoder's private options for the format; some formats also set the context.
  private func encoderOptions(_ context: UnsafeMutablePointer<AVCodecContext>) -> [(String, String)] {
    switch settings.format {
    case .h264:
      var options = [("preset", settings.encoderPreset), ("crf", String(settings.constantRateFactor)), ("profile", "high")]
      if settings.tune != "none" { options.append(("tune", settings.tune)) }
      if let level = settings.level { options.append(("level", level)) }
      // Deterministic output: x264 already is for a given thread count; fix the count so the
      // same input gives the same bytes on machines with more cores.
      options.append(("threads", "4"))
      // The same bytes from every render in a process, too: x264's AVX-512 macroblock-tree
      // kernel reads memory it never wrote (see splash_x264_cpu_without_avx512), so every
      // other feature it detects is kept and AVX-512 alone left out. It costs x264 some 9 %
      // more processor time on machines that have AVX-512 and nothing of quality.
      let features = splash_x264_cpu_without_avx512()
      if features != 0 { options.append(("x264-params", "asm=\(features)")) }
      return options
    case .hevc:
      var options = [("preset", settings.encoderPreset), ("crf", String(settings.constantRateFactor))]
      if settings.tune != "none" { options.append(("tune", settings.tune)) }
      // x265 prints its settings, statistics and errors on stderr itself, past FFmpeg's log,
      // unless told otherwise; its failures reach splashvid as error codes.
      options.append(("x265-params", "log-level=none"))
      return options
    case .prores:
      // Slices of a frame are coded independently, so libavcodec's threads (one per core, as
      // the ffmpeg CLI starts) change no byte: the same input gives the same file on any
      // machine. Without them the encoder ran on one core of the machine's two.
      context.pointee.thread_count = 0
      // Profile 4444 keeps the alpha channel; vendor apl0 is what Apple's encoder writes.
      return [("profile", "4444"), ("vendor", "apl0")]
    case .vp9:
      // Constant quality (no target bit rate), the x26x scale 0–51 mapped onto VP9's 0–63.
      context.pointee.bit_rate = 0
      // libvpx's threads code tiles and rows in parallel. One thread writes other bytes than
      // two; two, four and eight write the same (fuber and a test pattern at 640x360 and
      // 1080x1920), so a fixed four gives the same file on any machine, as x264's does.
      context.pointee.thread_count = Self.vp9Threads
      let quality = Int((Double(settings.constantRateFactor) * 63 / 51).rounded())
      // No look-ahead: in one pass libvpx makes no alt-ref frames (they need first-pass
      // statistics), so the 25 frames it holds by default change no byte of the stream (fuber
      // at 750x1334 encodes identically) and cost about 1.8 bytes per pixel each, twice over
      // with the alpha plane's second encoder: 0.4 GB at 2048x2048.
      return [("crf", String(quality)), ("deadline", "good"), ("cpu-used", "4"), ("row-mt", "1"), ("lag-in-frames", "0")]
    }
  }

  /// A converter for a worker that prepares pictures for this writer.
  public func makeConverter() throws -> FrameConverter {
    try FrameConverter(width: settings.width, height: settings.height, format: settings.format)
  }

  /// An empty picture of this video's size and pixel format, for a pool of slots.
  public func makePicture() throws -> YUVPicture {
    try YUVPicture(width: settings.width, height: settings.height, format: settings.format)
  }

  /// Converts and encodes one frame; frames must come in presentation order.
  ///
  /// - Throws: `EncodeError` for a frame of the wrong size or an FFmpeg failure.
  public func append(_ buffer: PixelBuffer) throws {
    do {
      try converter.convert(buffer, into: picture)
    } catch let error as EncodeError {
      throw EncodeError(stage: "encoding frame \(framesWritten)", code: error.code, message: error.message)
    }
    try append(picture)
  }

  /// Encodes a converted picture as the next frame.
  ///
  /// The encoder copies the picture before this returns (x264 keeps its own copies for
  /// lookahead), so the caller may convert into it again afterwards without reallocating.
  public func append(_ picture: YUVPicture) throws {
    precondition(!isFinished, "append after finish")
    lastPicture = picture
    try send(picture.frame.frame, stage: "encoding frame \(framesWritten)")
  }

  /// Encodes the previous picture again as the next frame (a frame identical to the last one).
  public func appendRepeat() throws {
    precondition(!isFinished, "append after finish")
    guard let lastPicture else {
      throw EncodeError(stage: "encoding frame \(framesWritten)", message: "no previous frame to repeat")
    }
    try send(lastPicture.frame.frame, stage: "encoding frame \(framesWritten) (a repeat)")
  }

  private func send(_ frame: UnsafeMutablePointer<AVFrame>, stage: String) throws {
    // One tick per frame: the timestamp is the frame's index.
    frame.pointee.pts = Int64(framesWritten)
    // Some encoders (ProRes) write the colour description from each frame, not the context.
    frame.pointee.color_primaries = codecContext.pointee.color_primaries
    frame.pointee.color_trc = codecContext.pointee.color_trc
    frame.pointee.colorspace = codecContext.pointee.colorspace
    frame.pointee.color_range = codecContext.pointee.color_range
    try check(avcodec_send_frame(codecContext, frame), stage)
    try writePendingPackets()
    framesWritten += 1
    try audio?.advance(to: Double(framesWritten) / Double(settings.framesPerSecond))
  }

  /// Flushes the encoder, completes the file and moves it to its destination.
  public func finish() throws {
    try complete()
    try commit()
  }

  /// Flushes the encoder and completes the temporary file, without putting it in place: the
  /// first half of `finish()`, for a caller that puts several files in place together.
  public func complete() throws {
    guard !file.isComplete else { return }
    try check(avcodec_send_frame(codecContext, nil), "flushing the encoder")
    try writePendingPackets()
    try audio?.finish(at: Double(framesWritten) / Double(settings.framesPerSecond))
    try file.complete()
  }

  /// Checks that `commit()` can put the file in place now (nothing else is at its name), so
  /// several outputs of one render can all be checked before any is put in place.
  public func checkCommittable() throws { try file.checkCommittable() }

  /// Moves the completed file to its destination: the second half of `finish()`.
  public func commit() throws {
    try file.commit()
  }

  /// Gives up the file: the temporary file is removed now and the destination is left as it
  /// was. Later calls do nothing; `finish()` must not follow.
  ///
  /// Releasing an unfinished writer does the same, but only when the last reference goes;
  /// a caller whose failure may leave references behind (a worker thread still unwinding)
  /// abandons explicitly before it reports the failure.
  public func abandon() {
    file.abandon()
  }

  /// Moves every packet the encoder has ready into the container.
  private func writePendingPackets() throws {
    try packet.drain(
      codecContext, into: stream, of: file.context, encodingStage: "encoding frame \(framesWritten)",
      writingStage: "writing frame data")
  }
}
