import CFFmpeg
import SplashCore

/// A picture ready for the encoder, in the format's pixel format: one slot of the pipeline's
/// pool.
///
/// Written by one worker (through a `FrameConverter`), then handed to the writer; the
/// pipeline never gives a slot to two owners at once, hence `@unchecked Sendable`.
public final class YUVPicture: @unchecked Sendable {
  let frame: VideoFrame

  init(width: Int, height: Int, format: VideoFormat = .h264) throws {
    frame = try VideoFrame(width: width, height: height, pixelFormat: format.pixelFormat)
  }
}

/// Converts rendered BGRA frames to the format's YUV pictures with BT.709 and the limited range.
///
/// 4:2:0 without alpha (H.264, HEVC) goes through `YUV420Conversion`, ProRes's 4:4:4:4 through
/// `YUVA444Conversion`. VP9's 4:2:0 with alpha goes through swscale, after the premultiplied
/// colours are divided by their alpha: YUVA stores straight colour, and a premultiplied edge
/// would come out darker than it was drawn.
/// One per worker: it holds a swscale context and a scratch frame, neither to be shared.
public final class FrameConverter {
  private let width: Int
  private let height: Int
  private let format: VideoFormat
  private let scaler: FrameScaler?
  private let straight: PixelBuffer?

  init(width: Int, height: Int, format: VideoFormat = .h264) throws {
    self.width = width
    self.height = height
    self.format = format
    if format.pixelFormat == AV_PIX_FMT_YUV420P || format.pixelFormat == AV_PIX_FMT_YUVA444P10LE {
      scaler = nil
      straight = nil
    } else {
      scaler = try FrameScaler(width: width, height: height, from: AV_PIX_FMT_BGRA, to: format.pixelFormat)
      guard let buffer = PixelBuffer(width: width, height: height) else {
        throw EncodeError(stage: "allocating a conversion buffer", code: splash_averror_out_of_memory())
      }
      straight = buffer
    }
  }

  /// Converts `buffer` into `picture`.
  ///
  /// - Throws: `EncodeError` for a buffer of the wrong size, a picture that cannot be made
  ///   writable or a swscale failure.
  public func convert(_ buffer: PixelBuffer, into picture: YUVPicture) throws {
    guard buffer.width == width, buffer.height == height else {
      throw EncodeError(
        stage: "converting a frame", message: "frame is \(buffer.width)x\(buffer.height), the video is \(width)x\(height)")
    }
    // The encoder may still hold the picture's previous buffer; this gives it a fresh one then.
    try check(av_frame_make_writable(picture.frame.frame), "preparing a picture")
    if format.pixelFormat == AV_PIX_FMT_YUVA444P10LE {
      picture.frame.withPlanes { planes, strides in
        guard let luma = planes[0], let blue = planes[1], let red = planes[2], let alpha = planes[3] else {
          preconditionFailure("a YUVA 4:4:4 frame without its four planes")
        }
        YUVA444Conversion.convert(
          bgra: buffer.bytes, bytesPerRow: buffer.bytesPerRow, width: width, height: height,
          into: YUVA444Conversion.Planes(
            luma: UnsafeMutableRawPointer(luma), lumaStride: Int(strides[0]), blueDifference: UnsafeMutableRawPointer(blue),
            blueDifferenceStride: Int(strides[1]), redDifference: UnsafeMutableRawPointer(red), redDifferenceStride: Int(strides[2]),
            alpha: UnsafeMutableRawPointer(alpha), alphaStride: Int(strides[3])))
      }
      return
    }
    if let scaler, let straight {
      StraightAlpha.convert(buffer, into: straight)
      var sourcePlanes: [UnsafePointer<UInt8>?] = [
        UnsafePointer(straight.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil,
      ]
      var sourceStrides: [Int32] = [Int32(straight.bytesPerRow), 0, 0, 0]
      try picture.frame.withPlanes { planes, strides in
        try scaler.scale(
          source: &sourcePlanes, sourceStrides: &sourceStrides, height: height, destination: planes,
          destinationStrides: strides)
      }
      return
    }
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
