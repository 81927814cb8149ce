import CFFmpeg

/// An owning wrapper of a swscale context that converts between BGRA and YUV, with BT.709
/// unless a decoded stream declares another matrix.
///
/// The matrix and ranges are always set explicitly: swscale's default is BT.601, and a BT.601
/// conversion tagged as BT.709 is the classic cause of colours that shift in some players.
/// RGB is always full range (0–255); YUV is limited range (16–235 luma) unless said otherwise.
final class FrameScaler {
  /// The YUV matrices a stream may declare (`AVColorSpace`), as swscale names them.
  enum Matrix: Sendable, Equatable {
    case bt709, bt601, bt2020

    var swscaleName: Int32 {
      switch self {
      case .bt709: SWS_CS_ITU709
      case .bt601: SWS_CS_ITU601
      case .bt2020: SWS_CS_BT2020
      }
    }
  }

  private let context: OpaquePointer

  init(
    width: Int, height: Int, from source: AVPixelFormat, to destination: AVPixelFormat,
    yuvIsFullRange: Bool = false, matrix: Matrix = .bt709, bilinear: Bool = false
  ) throws {
    // Bit-exact, accurately rounded and with full-resolution chroma input, so the same frame
    // always converts to the same bytes and flat colours land on the nearest code values.
    // Chroma is upsampled bicubically, or bilinearly (as players' GPUs do) where speed counts:
    // a video layer's every frame, where bilinear is a quarter faster at 1080x1920 with flat
    // colours just as exact.
    let filter = bilinear ? SWS_BILINEAR : SWS_BICUBIC
    let flags = filter | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INP | SWS_FULL_CHR_H_INT
    guard
      let context = sws_getContext(
        Int32(width), Int32(height), source, Int32(width), Int32(height), destination, flags, nil, nil, nil)
    else {
      throw EncodeError(
        stage: "creating the colour converter",
        message: "swscale cannot convert \(Self.name(source)) to \(Self.name(destination)) at \(width)x\(height)")
    }
    self.context = context
    let sourceIsYUV = Self.isYUV(source)
    let coefficients = sws_getCoefficients(matrix.swscaleName)
    let sourceFullRange: Int32 = sourceIsYUV ? (yuvIsFullRange ? 1 : 0) : 1
    let destinationFullRange: Int32 = sourceIsYUV ? 1 : (yuvIsFullRange ? 1 : 0)
    let status = sws_setColorspaceDetails(
      context, coefficients, sourceFullRange, coefficients, destinationFullRange, 0, 1 << 16, 1 << 16)
    guard status >= 0 else {
      sws_freeContext(context)
      throw EncodeError(stage: "setting the \(matrix) colour matrix", message: "swscale refused the colour details")
    }
  }

  deinit {
    sws_freeContext(context)
  }

  /// Converts a whole picture.
  func scale(
    source: UnsafePointer<UnsafePointer<UInt8>?>, sourceStrides: UnsafePointer<Int32>, height: Int,
    destination: UnsafePointer<UnsafeMutablePointer<UInt8>?>, destinationStrides: UnsafePointer<Int32>
  ) throws {
    let rows = sws_scale(context, source, sourceStrides, 0, Int32(height), destination, destinationStrides)
    guard rows == Int32(height) else {
      throw EncodeError(
        stage: "converting colours", code: rows < 0 ? rows : nil,
        message: rows < 0 ? EncodeError.text(for: rows) : "swscale wrote \(rows) of \(height) rows")
    }
  }

  static func name(_ format: AVPixelFormat) -> String {
    av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "pixel format \(format.rawValue)"
  }

  private static func isYUV(_ format: AVPixelFormat) -> Bool {
    guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
    return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
  }
}
