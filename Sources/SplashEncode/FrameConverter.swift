import CFFmpeg
import SplashCore

/// A YUV 4:2:0 picture ready for the encoder: one slot of the pipeline's pool.
///
/// Written by one worker (through a `FrameConverter`), then handed to the writer; the
/// pipeline never gives a slot to two owners at once, hence `@unchecked Sendable`.
public final class YUVPicture: @unchecked Sendable {
  let frame: VideoFrame

  init(width: Int, height: Int) throws {
    frame = try VideoFrame(width: width, height: height, pixelFormat: AV_PIX_FMT_YUV420P)
  }
}

/// Converts rendered BGRA frames to YUV pictures with BT.709 and the limited range.
///
/// One per worker: a swscale context is not to be shared between threads.
public final class FrameConverter {
  private let scaler: FrameScaler
  private let width: Int
  private let height: Int

  init(width: Int, height: Int) throws {
    self.width = width
    self.height = height
    scaler = try FrameScaler(width: width, height: height, from: AV_PIX_FMT_BGRA, to: AV_PIX_FMT_YUV420P)
  }

  /// Converts `buffer` into `picture`.
  ///
  /// - Throws: `EncodeError` for a buffer of the wrong size or a swscale failure.
  public func convert(_ buffer: PixelBuffer, into picture: YUVPicture) throws {
    guard buffer.width == width, buffer.height == height else {
      throw EncodeError(
        stage: "converting a frame", message: "frame is \(buffer.width)x\(buffer.height), the video is \(width)x\(height)")
    }
    // The encoder may still hold the picture's previous buffer; this gives it a fresh one then.
    try check(av_frame_make_writable(picture.frame.frame), "preparing a picture")
    var sourcePlanes: [UnsafePointer<UInt8>?] = [UnsafePointer(buffer.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
    var sourceStrides: [Int32] = [Int32(buffer.bytesPerRow), 0, 0, 0]
    try picture.frame.withPlanes { planes, strides in
      try scaler.scale(
        source: &sourcePlanes, sourceStrides: &sourceStrides, height: buffer.height, destination: planes,
        destinationStrides: strides)
    }
  }
}
