import CFFmpeg

/// The AAC stereo track of a video file, fed from a `Soundtrack` as the video advances.
///
/// The source is decoded, resampled to 48 kHz stereo (swresample) and queued; whole AAC
/// frames (1024 samples) are encoded as soon as the video has reached their end, so audio and
/// video packets reach the muxer interleaved. When the video is complete the track is cut or
/// padded to the same length:
///
///     video   |f0|f1|f2| … |fn|                      end = frames / fps
///     source  ▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓              longer: cut at end
///     source  ▓▓▓▓▓▓▓▓▓▓░░░░░░░░░░░░                 shorter: silence (░) to end
///
/// Owned by a `VideoWriter`, used on its thread only.
final class AudioTrack {
  static let sampleRate: Int32 = 48_000
  static let channels: Int32 = 2

  private let formatContext: UnsafeMutablePointer<AVFormatContext>
  private var encoder: UnsafeMutablePointer<AVCodecContext>?
  private let stream: UnsafeMutablePointer<AVStream>
  private var queue: OpaquePointer?
  private let frame: VideoFrame
  private let packet: Packet
  private var source: AudioSource?
  /// Samples handed to the encoder so far.
  private var encodedSamples: Int64 = 0
  private let fade: AudioFade

  /// Adds the track's stream to `formatContext` (before its header is written).
  init(_ soundtrack: Soundtrack, bitRate: Int, fade: AudioFade = AudioFade(), formatContext: UnsafeMutablePointer<AVFormatContext>) throws {
    self.formatContext = formatContext
    self.fade = fade
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_AAC) else {
      throw EncodeError(stage: "finding the AAC encoder", message: "this FFmpeg has no AAC encoder; install Debian's libavcodec59")
    }
    guard let stream = avformat_new_stream(formatContext, nil), let encoder = avcodec_alloc_context3(codec) else {
      throw EncodeError(stage: "creating the audio stream", code: splash_averror_out_of_memory())
    }
    self.stream = stream
    self.encoder = encoder
    frame = try VideoFrame()
    packet = try Packet()
    encoder.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
    encoder.pointee.sample_rate = Self.sampleRate
    encoder.pointee.ch_layout = splash_channel_layout_stereo()
    encoder.pointee.bit_rate = Int64(bitRate)
    encoder.pointee.time_base = AVRational(num: 1, den: Self.sampleRate)
    if formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
      encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    try check(avcodec_open2(encoder, codec, nil), "opening the AAC encoder")
    try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "describing the audio stream")
    stream.pointee.time_base = encoder.pointee.time_base
    guard let queue = av_audio_fifo_alloc(AV_SAMPLE_FMT_FLTP, Self.channels, 4096) else {
      throw EncodeError(stage: "creating the audio queue", code: splash_averror_out_of_memory())
    }
    self.queue = queue
    if case .file(let path) = soundtrack {
      source = try AudioSource(path: path)
    }
  }

  deinit {
    avcodec_free_context(&encoder)
    if let queue { av_audio_fifo_free(queue) }
  }

  private var frameSize: Int32 { encoder.map { max($0.pointee.frame_size, 1) } ?? 1024 }

  /// Encodes every whole AAC frame that ends by `seconds` of video.
  func advance(to seconds: Double) throws {
    let target = Int64((seconds * Double(Self.sampleRate)).rounded())
    while encodedSamples + Int64(frameSize) <= target {
      try encodeFrame(samples: frameSize)
    }
  }

  /// Ends the track exactly at `seconds`: the last frame may be short; then drains the encoder.
  func finish(at seconds: Double) throws {
    try advance(to: seconds)
    let remaining = Int64((seconds * Double(Self.sampleRate)).rounded()) - encodedSamples
    if remaining > 0 { try encodeFrame(samples: Int32(remaining)) }
    try check(avcodec_send_frame(encoder, nil), "flushing the AAC encoder")
    try writePendingPackets()
  }

  private func encodeFrame(samples: Int32) throws {
    guard let queue else { return }
    try fillQueue(to: samples)
    av_frame_unref(frame.frame)
    frame.frame.pointee.nb_samples = samples
    frame.frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
    frame.frame.pointee.sample_rate = Self.sampleRate
    frame.frame.pointee.ch_layout = splash_channel_layout_stereo()
    try check(av_frame_get_buffer(frame.frame, 0), "allocating an audio frame")
    let read = frame.frame.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 2) {
      av_audio_fifo_read(queue, $0, samples)
    }
    guard read == samples else { throw EncodeError(stage: "encoding audio", message: "the queue gave \(read) of \(samples) samples") }
    if !fade.isNone { applyFade(samples: samples) }
    frame.frame.pointee.pts = encodedSamples
    try check(avcodec_send_frame(encoder, frame.frame), "encoding audio")
    encodedSamples += Int64(samples)
    try writePendingPackets()
  }

  /// Scales the frame's samples (both planes) by the fades' gain at each.
  private func applyFade(samples: Int32) {
    for channel in 0..<Int(Self.channels) {
      guard let plane = frame.frame.pointee.extended_data[channel] else { continue }
      let values = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Float.self)
      for index in 0..<Int(samples) {
        values[index] *= fade.gain(atSample: encodedSamples + Int64(index), sampleRate: Self.sampleRate)
      }
    }
  }

  /// Tops the queue up to `samples`: from the source while it lasts, then with silence.
  private func fillQueue(to samples: Int32) throws {
    guard let queue else { return }
    while av_audio_fifo_size(queue) < samples {
      if let source, try source.decode(into: queue) { continue }
      source = nil
      let missing = samples - av_audio_fifo_size(queue)
      var silence = [Float](repeating: 0, count: Int(missing))
      let written = silence.withUnsafeMutableBytes { bytes -> Int32 in
        var planes: [UnsafeMutableRawPointer?] = [bytes.baseAddress, bytes.baseAddress]
        return av_audio_fifo_write(queue, &planes, missing)
      }
      guard written == missing else { throw EncodeError(stage: "padding audio", code: written < 0 ? written : nil, message: "queue full") }
    }
  }

  private func writePendingPackets() throws {
    guard let encoder else { return }
    try packet.drain(encoder, into: stream, of: formatContext, encodingStage: "encoding audio", writingStage: "writing audio data")
  }
}
