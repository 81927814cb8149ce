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

/// Converts rendered BGRA frames to YUV pictures with BT.709 and the limited range (see
/// `YUV420Conversion`).
///
/// One per worker, as the pipeline owns one per worker; it holds no shared state.
public final class FrameConverter {
  private let width: Int
  private let height: Int

  init(width: Int, height: Int) throws {
    self.width = width
    self.height = height
  }

  /// Converts `buffer` into `picture`.
  ///
  /// - Throws: `EncodeError` for a buffer of the wrong size, or when the picture cannot be
  ///   made writable.
  public func convert(_ buffer: PixelBuffer, into picture: YUVPicture) throws {
    guard buffer.width == width, buffer.height == height else {
      throw EncodeError(
        stage: "converting a frame", message: "frame is \(buffer.width)x\(buffer.height), the video is \(width)x\(height)")
    }
    // The encoder may still hold the picture's previous buffer; this gives it a fresh one then.
    try check(av_frame_make_writable(picture.frame.frame), "preparing a picture")
    picture.frame.withPlanes { planes, strides in
      guard let luma = planes[0], let blue = planes[1], let red = planes[2] else {
        preconditionFailure("a YUV 4:2:0 frame without its three planes")
      }
      YUV420Conversion.convert(
        bgra: buffer.bytes, bytesPerRow: buffer.bytesPerRow, width: width, height: height,
        into: YUV420Conversion.Planes(
          luma: luma, lumaStride: Int(strides[0]), blueDifference: blue, blueDifferenceStride: Int(strides[1]),
          redDifference: red, redDifferenceStride: Int(strides[2])))
    }
  }
}
