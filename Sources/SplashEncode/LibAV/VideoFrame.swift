import CFFmpeg

/// An owning wrapper of an `AVFrame` with its own picture buffer.
final class VideoFrame {
  let frame: UnsafeMutablePointer<AVFrame>

  /// A frame with allocated planes of the given format and size.
  init(width: Int, height: Int, pixelFormat: AVPixelFormat) throws {
    guard let frame = av_frame_alloc() else {
      throw EncodeError(stage: "allocating a video frame", code: splash_averror_out_of_memory())
    }
    self.frame = frame
    frame.pointee.format = pixelFormat.rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    try check(av_frame_get_buffer(frame, 0), "allocating a \(width)x\(height) picture")
  }

  /// An empty frame for a decoder to fill.
  init() throws {
    guard let frame = av_frame_alloc() else {
      throw EncodeError(stage: "allocating a video frame", code: splash_averror_out_of_memory())
    }
    self.frame = frame
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&pointer)
  }

  /// Calls `body` with the frame's plane pointers and line sizes as C arrays.
  func withPlanes<Result>(
    _ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, UnsafePointer<Int32>) throws -> Result
  ) rethrows -> Result {
    try withUnsafePointer(to: &frame.pointee.data) { data in
      try withUnsafePointer(to: &frame.pointee.linesize) { linesize in
        try data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: Int(AV_NUM_DATA_POINTERS)) { planes in
          try linesize.withMemoryRebound(to: Int32.self, capacity: Int(AV_NUM_DATA_POINTERS)) { sizes in
            try body(planes, sizes)
          }
        }
      }
    }
  }
}
