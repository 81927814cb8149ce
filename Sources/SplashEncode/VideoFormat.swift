import CFFmpeg

/// A deliverable: codec, pixel format and container, each chosen for where the clip goes.
///
///     format   encoder      pixels          container   for
///     h264     libx264      yuv420p         MP4         everything (the default)
///     hevc     libx265      yuv420p         MP4 (hvc1)  smaller files for Apple platforms
///     prores   prores_ks    yuva444p10le    QuickTime   editors' timelines, with alpha
///     vp9      libvpx-vp9   yuva420p        WebM        web pages, with alpha
///
/// HEVC is tagged `hvc1` (parameter sets in the sample description), which QuickTime and
/// Safari require; FFmpeg's default `hev1` does not play there.
public enum VideoFormat: String, CaseIterable, Sendable {
  case h264
  case hevc
  case prores
  case vp9

  /// The format a file extension implies, when the extension is unambiguous: `.mp4` is
  /// H.264 (HEVC needs `--format hevc`), `.mov` ProRes 4444 and `.webm` VP9.
  public static func implied(byExtension pathExtension: String) -> VideoFormat? {
    switch pathExtension.lowercased() {
    case "mp4", "m4v": .h264
    case "mov": .prores
    case "webm": .vp9
    default: nil
    }
  }

  /// The extensions a file of this format may have.
  public var fileExtensions: [String] {
    switch self {
    case .h264, .hevc: ["mp4", "m4v"]
    case .prores: ["mov"]
    case .vp9: ["webm"]
    }
  }

  /// Whether the format keeps an alpha channel, so `--transparent` means something.
  public var carriesAlpha: Bool {
    switch self {
    case .h264, .hevc: false
    case .prores, .vp9: true
    }
  }

  /// Whether the container takes an AAC sound track (MP4 and QuickTime; WebM takes Opus).
  public var carriesAAC: Bool { self != .vp9 }

  /// A name for messages.
  public var displayName: String {
    switch self {
    case .h264: "H.264 MP4"
    case .hevc: "HEVC MP4"
    case .prores: "ProRes 4444 MOV"
    case .vp9: "VP9 WebM"
    }
  }

  /// Whether `--x264-preset`, `--tune` and `--crf` apply (x264 and x265 share their names).
  public var usesX26xOptions: Bool { self == .h264 || self == .hevc }

  /// The FFmpeg encoder that writes the format.
  public var encoderName: String {
    switch self {
    case .h264: "libx264"
    case .hevc: "libx265"
    case .prores: "prores_ks"
    case .vp9: "libvpx-vp9"
    }
  }

  var containerName: String {
    switch self {
    case .h264, .hevc: "mp4"
    case .prores: "mov"
    case .vp9: "webm"
    }
  }

  var pixelFormat: AVPixelFormat {
    switch self {
    case .h264, .hevc: AV_PIX_FMT_YUV420P
    case .prores: AV_PIX_FMT_YUVA444P10LE
    case .vp9: AV_PIX_FMT_YUVA420P
    }
  }

  /// The most pixels a frame of this format may have, when fewer than every video's 8192x8192:
  /// VP9's level 6.2 (its highest) allows 35 651 584 luma samples a picture (8192x4352), and
  /// a larger stream is one no decoder has to play.
  public var maximumPixelCount: Int? { self == .vp9 ? 35_651_584 : nil }

  /// Bytes per pixel of one converted picture: 4:2:0 is 1.5, with an alpha plane 2.5, and
  /// ProRes's 4:4:4:4 at 10 bits (in 16) 8.
  public var pictureBytesPerPixel: Double {
    switch self {
    case .h264, .hevc: 1.5
    case .prores: 8
    case .vp9: 2.5
    }
  }

  /// Bytes per pixel of a converter's own buffer: the straight-alpha copy of the frame that
  /// the formats with alpha convert from.
  public var conversionBytesPerPixel: Double { carriesAlpha ? 4 : 0 }

  /// The encoder's own memory in bytes per pixel of the frame (reference and look-ahead
  /// frames, coefficient buffers, packets): the growth of peak RSS per pixel between two sizes
  /// of fuber on one worker, less the pipeline's frame and pictures (docs/errors.md, Limits).
  /// x264 holds about 60 frames of 4 bytes a pixel (rc-lookahead 40, B-frames, 4 threads);
  /// libvpx runs two encoders, one for the colour and one for the alpha plane.
  public var encoderBytesPerPixel: Double {
    switch self {
    case .h264: 240
    case .hevc: 200
    case .prores: 24
    case .vp9: 150
    }
  }

  /// The Debian package whose build of libavcodec links the encoder.
  var encoderPackage: String {
    switch self {
    case .h264: "libavcodec59 (its build links libx264)"
    case .hevc: "libavcodec59 (its build links libx265)"
    case .prores: "libavcodec59"
    case .vp9: "libavcodec59 (its build links libvpx)"
    }
  }
}
