import CFFmpeg

/// An owning wrapper of an `AVPacket`, reused for every packet of a stream.
final class Packet {
  let packet: UnsafeMutablePointer<AVPacket>

  init() throws {
    guard let packet = av_packet_alloc() else {
      throw EncodeError(stage: "allocating a packet", code: splash_averror_out_of_memory())
    }
    self.packet = packet
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&pointer)
  }

  /// Moves every packet `encoder` has ready into `stream` of `format`, in the stream's time
  /// base; the muxer interleaves them with the other streams' packets.
  ///
  /// - Parameters:
  ///   - encodingStage: Names the work in the error when the encoder fails ("encoding frame 12").
  ///   - writingStage: Names the work in the error when writing fails ("writing frame data").
  func drain(
    _ encoder: UnsafeMutablePointer<AVCodecContext>, into stream: UnsafeMutablePointer<AVStream>,
    of format: UnsafeMutablePointer<AVFormatContext>, encodingStage: String, writingStage: String
  ) throws {
    while true {
      let status = avcodec_receive_packet(encoder, packet)
      if status == splash_averror_again() || status == splash_averror_eof() { return }
      try check(status, encodingStage)
      av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
      packet.pointee.stream_index = stream.pointee.index
      // Takes ownership of the packet's data and leaves the packet blank for reuse.
      try check(av_interleaved_write_frame(format, packet), writingStage)
    }
  }
}
