import CFFmpeg

/// An audio file decoded and resampled to 48 kHz stereo float planes, a piece at a time.
final class AudioSource {
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var decoder: UnsafeMutablePointer<AVCodecContext>?
  private var resampler: OpaquePointer?
  private let streamIndex: Int32
  private let packet: Packet
  private let frame: VideoFrame
  private let path: String
  private var isDrained = false

  /// Opens the first audio stream of `path`.
  ///
  /// - Throws: `MediaReadError` (stage `soundtrack`) naming the file when it is not a regular
  ///   file, cannot be read or has no audio.
  init(path: String) throws {
    self.path = path
    try FFmpegInput.check(path, what: "a sound file", stage: Self.stage)
    packet = try Packet()
    frame = try VideoFrame()
    let format = try FFmpegInput.open(path, as: .soundtrack, stage: Self.stage)
    self.format = format
    try Self.readCheck(avformat_find_stream_info(format, nil), "reading the stream information", path: path)
    streamIndex = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    guard streamIndex >= 0, let stream = format.pointee.streams[Int(streamIndex)], let parameters = stream.pointee.codecpar
    else {
      avformat_close_input(&self.format)
      throw MediaReadError(stage: Self.stage, path: path, message: "expected \(FFmpegInputKind.soundtrack.noun), found no audio stream")
    }
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id), let decoder = avcodec_alloc_context3(codec) else {
      avformat_close_input(&self.format)
      throw MediaReadError(stage: Self.stage, path: path, message: "FFmpeg has no decoder for its audio")
    }
    self.decoder = decoder
    try Self.readCheck(avcodec_parameters_to_context(decoder, parameters), "configuring the decoder", path: path)
    try Self.readCheck(avcodec_open2(decoder, codec, nil), "opening the decoder", path: path)
    if decoder.pointee.ch_layout.nb_channels == 0 {
      av_channel_layout_default(&decoder.pointee.ch_layout, 2)
    }
    var output = splash_channel_layout_stereo()
    try check(
      swr_alloc_set_opts2(
        &resampler, &output, AV_SAMPLE_FMT_FLTP, AudioTrack.sampleRate, &decoder.pointee.ch_layout,
        decoder.pointee.sample_fmt, decoder.pointee.sample_rate, 0, nil),
      "preparing to resample the soundtrack")
    try check(swr_init(resampler), "preparing to resample the soundtrack")
  }

  /// Who reads, for `MediaReadError`: the soundtrack is read, not encoded, though the encode
  /// stage asks for it.
  static let stage = "soundtrack"

  /// Checks an FFmpeg return code of reading the soundtrack at `path`.
  private static func readCheck(_ code: Int32, _ step: String, path: String) throws {
    try MediaReadError.check(code, stage: stage, path: path, step: step)
  }

  deinit {
    swr_free(&resampler)
    avcodec_free_context(&decoder)
    avformat_close_input(&format)
  }

  /// Decodes the next piece of sound into `queue`; false once the file is exhausted.
  func decode(into queue: OpaquePointer) throws -> Bool {
    while true {
      let status = avcodec_receive_frame(decoder, frame.frame)
      if status >= 0 {
        defer { av_frame_unref(frame.frame) }
        try resample(frame.frame, into: queue)
        return true
      }
      if status == splash_averror_eof() { return try drainResampler(into: queue) }
      guard status == splash_averror_again() else {
        try Self.readCheck(status, "decoding", path: path)
        return false
      }
      if isDrained { return false }
      // More input: the next packet of the audio stream, or the end of the file.
      var sent = false
      while !sent {
        let read = av_read_frame(format, packet.packet)
        if read < 0 {
          try Self.readCheck(avcodec_send_packet(decoder, nil), "decoding", path: path)
          isDrained = true
          sent = true
        } else {
          defer { av_packet_unref(packet.packet) }
          guard packet.packet.pointee.stream_index == streamIndex else { continue }
          try Self.readCheck(avcodec_send_packet(decoder, packet.packet), "decoding", path: path)
          sent = true
        }
      }
    }
  }

  private func resample(_ decoded: UnsafeMutablePointer<AVFrame>?, into queue: OpaquePointer) throws {
    let inputSamples = decoded?.pointee.nb_samples ?? 0
    let capacity = swr_get_out_samples(resampler, inputSamples)
    guard capacity > 0 else { return }
    var left = [Float](repeating: 0, count: Int(capacity))
    var right = [Float](repeating: 0, count: Int(capacity))
    let produced = try left.withUnsafeMutableBytes { leftBytes in
      try right.withUnsafeMutableBytes { rightBytes -> Int32 in
        var outputs: [UnsafeMutablePointer<UInt8>?] = [
          leftBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), rightBytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
        ]
        let converted: Int32
        if let decoded {
          converted = decoded.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) {
            swr_convert(resampler, &outputs, capacity, $0, inputSamples)
          }
        } else {
          converted = swr_convert(resampler, &outputs, capacity, nil, 0)
        }
        try check(converted, "resampling the soundtrack \(path)")
        guard converted > 0 else { return 0 }
        var planes: [UnsafeMutableRawPointer?] = [leftBytes.baseAddress, rightBytes.baseAddress]
        return av_audio_fifo_write(queue, &planes, converted)
      }
    }
    try check(produced, "queueing the soundtrack's samples")
  }

  /// The resampler's last samples after the decoder ends; false when there were none.
  private func drainResampler(into queue: OpaquePointer) throws -> Bool {
    guard resampler != nil else { return false }
    let before = av_audio_fifo_size(queue)
    try resample(nil, into: queue)
    swr_free(&resampler)
    return av_audio_fifo_size(queue) > before
  }
}
