import CFFmpeg
import SplashCore
import SplashFiles

/// Encodes frames to an animated GIF that loops forever: BGRA → palette indices (one palette
/// for the whole clip, through a `PaletteLookup`) → FFmpeg's `gif` encoder → the `gif` muxer.
///
/// Frame `i` starts at `settings.start(ofFrame: i)` hundredths of a second (the nearest
/// hundredth to its exact time, see `GIFSettings`); a repeated frame is not encoded again but
/// lengthens the delay of the frame it repeats, so a held pose costs no bytes and still lasts
/// its time. Without transparency the encoder keeps only what changed
/// from the previous frame (FFmpeg's `offsetting` and `transdiff`); with it, every frame is
/// whole (see `openEncoderAndFile`). Like `VideoWriter`, the file is written under a
/// temporary name and appears at the destination only when `finish()` succeeds.
///
/// A writer belongs to one thread at a time (the encode stage of a pipeline); `map` alone may
/// be called from any number of workers at once.
public final class GIFWriter {
  public let settings: GIFSettings
  public let palette: GIFPalette
  /// The clip's frames so far, repeats included.
  public private(set) var framesWritten = 0

  private let lookup: PaletteLookup
  private let paletteEntries: [UInt32]
  private let file: MuxedFile
  private var codecContext: UnsafeMutablePointer<AVCodecContext>
  private let stream: UnsafeMutablePointer<AVStream>
  private let picture: GIFPicture
  private let packet: Packet
  /// The clip index of the last frame encoded; repeats after it lengthen its delay.
  private var lastEncodedFrame: Int?
  private var isFinished: Bool { file.isCommitted }
  /// Where the file goes, or after `commit()` went (see `VideoWriter.destination`).
  public var destination: String { file.output.destination }

  /// Opens the encoder and starts the file at `path`.
  ///
  /// - Throws: `EncodeError` for settings out of range or any FFmpeg failure;
  ///   `OutputFileError` when `path` cannot be written. Nothing is left on disk after a throw.
  public init(path: String, settings: GIFSettings, palette: GIFPalette, placement: OutputFile.Placement = .replacing) throws {
    _ = VideoWriter.quietLibraryLogging
    self.settings = try settings.validated()
    self.palette = palette
    lookup = PaletteLookup(palette: palette)
    paletteEntries = palette.argbEntries
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_GIF) else {
      throw EncodeError(stage: "finding the gif encoder", message: "this FFmpeg has no GIF encoder; install Debian's libavcodec59")
    }
    // FFmpeg's GIF muxer holds the last frame back until the next gives its delay, and frees
    // it only in the trailer.
    file = try MuxedFile(destination: path, container: "gif", trailerFreesHeldPackets: true, placement: placement)
    guard let stream = avformat_new_stream(file.context, nil), let codecContext = avcodec_alloc_context3(codec) else {
      throw EncodeError(stage: "creating the GIF stream", code: splash_averror_out_of_memory())
    }
    self.stream = stream
    self.codecContext = codecContext

    do {
      packet = try Packet()
      picture = try GIFPicture(width: settings.width, height: settings.height)
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
    codecContext.pointee.width = Int32(settings.width)
    codecContext.pointee.height = Int32(settings.height)
    // Timestamps in hundredths, the GIF muxer's own unit: each frame's is its start, rounded
    // here by GIFSettings' rule rather than by FFmpeg's rescaling, and the muxer writes the
    // difference to the next frame's as the delay.
    codecContext.pointee.time_base = AVRational(num: 1, den: 100)
    codecContext.pointee.framerate = AVRational(num: fps, den: 1)
    codecContext.pointee.pix_fmt = AV_PIX_FMT_PAL8
    // The sample aspect ratio stays unset: the encoder then writes aspect byte 0, square
    // pixels, which every decoder reads; a 1:1 ratio would be written as a code few read.
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    if palette.transparentIndex != nil {
      // FFmpeg's savings on frames with clear pixels lose pixels (seen with 5.1): it crops such a
      // frame to its opaque pixels but overlooks the bottom row when it trims columns, and it
      // marks pixels unchanged from the previous frame clear even when that frame was
      // disposed to the background, so they show clear. Without transparency neither applies.
      av_dict_set(&options, "gifflags", "0", 0)
    }
    try check(avcodec_open2(codecContext, codec, &options), "opening the gif encoder")
    if let unused = av_dict_get(options, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw EncodeError(stage: "opening the gif encoder", message: "option \(String(cString: unused.pointee.key)) was not accepted")
    }
    try check(avcodec_parameters_from_context(stream.pointee.codecpar, codecContext), "describing the GIF stream")
    stream.pointee.time_base = codecContext.pointee.time_base
    stream.pointee.avg_frame_rate = codecContext.pointee.framerate
    stream.pointee.r_frame_rate = codecContext.pointee.framerate

    // Loop count 0 in the NETSCAPE2.0 extension: play forever, as a splash animation does.
    try file.open(headerOptions: [("loop", "0")])
  }

  /// An empty picture of this GIF's size, for a pool of slots.
  public func makePicture() throws -> GIFPicture {
    try GIFPicture(width: settings.width, height: settings.height)
  }

  /// Maps `buffer` (premultiplied BGRA) to palette indices in `picture`. Safe to call from
  /// several threads at once, each with its own picture.
  ///
  /// - Throws: `EncodeError` for a buffer of the wrong size or a picture that cannot be made
  ///   writable.
  public func map(_ buffer: PixelBuffer, into picture: GIFPicture) throws {
    guard buffer.width == settings.width, buffer.height == settings.height else {
      throw EncodeError(
        stage: "mapping a frame to the palette",
        message: "frame is \(buffer.width)x\(buffer.height), the GIF is \(settings.width)x\(settings.height)")
    }
    // The encoder keeps the previous frame to find what changed; this gives the picture a
    // fresh buffer when the encoder still holds its old one.
    try check(av_frame_make_writable(picture.frame.frame), "preparing a GIF picture")
    guard let indices = picture.frame.frame.pointee.data.0, let entries = picture.frame.frame.pointee.data.1 else {
      preconditionFailure("a PAL8 frame without its index and palette planes")
    }
    lookup.map(buffer, into: indices, stride: Int(picture.frame.frame.pointee.linesize.0))
    paletteEntries.withUnsafeBytes { UnsafeMutableRawPointer(entries).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
  }

  /// Maps and encodes one frame; frames must come in presentation order.
  public func append(_ buffer: PixelBuffer) throws {
    do {
      try map(buffer, into: picture)
    } catch let error as EncodeError {
      throw EncodeError(stage: "encoding frame \(framesWritten)", code: error.code, message: error.message)
    }
    try append(picture)
  }

  /// Encodes a mapped picture as the next frame. The encoder keeps a reference to it, so the
  /// caller maps into it again only through `map`, which makes it writable first.
  public func append(_ picture: GIFPicture) throws {
    precondition(!isFinished, "append after finish")
    let frame = picture.frame.frame
    // The frame's start in the clip, so a run of repeats before this frame shows as a longer
    // delay on the frame before it.
    frame.pointee.pts = Int64(settings.start(ofFrame: framesWritten))
    try check(avcodec_send_frame(codecContext, frame), "encoding frame \(framesWritten)")
    try writePendingPackets()
    lastEncodedFrame = framesWritten
    framesWritten += 1
  }

  /// The previous frame again: it shows one frame's time longer.
  public func appendRepeat() throws {
    precondition(!isFinished, "append after finish")
    guard lastEncodedFrame != nil else {
      throw EncodeError(stage: "encoding frame \(framesWritten)", message: "no previous frame to repeat")
    }
    framesWritten += 1
  }

  /// Flushes the encoder, completes the file and moves it to its destination.
  public func finish() throws {
    try complete()
    try commit()
  }

  /// Writes the last frame's delay and the trailer, without putting the file in place: the
  /// first half of `finish()`, for a caller that puts several files in place together.
  public func complete() throws {
    guard !file.isComplete else { return }
    guard let lastEncodedFrame else {
      throw EncodeError(stage: "finishing the GIF", message: "no frames were written")
    }
    try check(avcodec_send_frame(codecContext, nil), "flushing the gif encoder")
    try writePendingPackets()
    // The muxer learns each frame's delay from the next frame's timestamp; the last frame
    // has none after it, so its delay (with any repeats that end the clip) is given here.
    let finalDelay = Int64(settings.start(ofFrame: framesWritten) - settings.start(ofFrame: lastEncodedFrame))
    try check(
      av_opt_set_int(UnsafeMutableRawPointer(file.context), "final_delay", finalDelay, AV_OPT_SEARCH_CHILDREN),
      "setting the last frame's delay")
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
  /// Releasing an unfinished writer does the same, but only when the last reference goes; a
  /// caller whose failure may leave references behind abandons explicitly.
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
