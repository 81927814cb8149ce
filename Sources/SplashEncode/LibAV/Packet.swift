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
}
