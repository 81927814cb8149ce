import CFFmpeg
import Foundation

/// The versions of the FFmpeg libraries linked in, for `splashvid --version`, bug reports and
/// the fingerprints that tell a batch which clips an upgrade would change.
public enum EncodeLibraryVersions {
  public static var ffmpeg: String { String(cString: av_version_info()) }
  public static var hasH264Encoder: Bool { avcodec_find_encoder_by_name(VideoWriter.encoderName) != nil }

  /// libavcodec's own version, `59.37.100`: it holds the ProRes encoder and the muxers' callers.
  public static var libavcodec: String {
    let version = avcodec_version()
    return "\(version >> 16).\((version >> 8) & 0xff).\(version & 0xff)"
  }

  /// The library that encodes `format`, by the real name of the file loaded
  /// (`libx264.so.164`, `libvpx.so.7.1.0`), or libavcodec's version for its own encoders.
  ///
  /// Neither x264's nor x265's version is reachable through libavcodec's API; their files are
  /// named after their build numbers (`X264_BUILD`, `X265_BUILD`), and libvpx's after its full
  /// version. The name, not the file's date, so that identical installs on other machines
  /// (a batch's shards) agree.
  public static func encoderLibrary(for format: VideoFormat) -> String {
    let prefix: String
    switch format {
    case .h264: prefix = "libx264.so"
    case .hevc: prefix = "libx265.so"
    case .vp9: prefix = "libvpx.so"
    case .prores: return "libavcodec \(libavcodec)"
    }
    // The kernel lists a mapped file by its real path, links resolved: the full version's name.
    guard let path = loadedLibraries().first(where: { ($0 as NSString).lastPathComponent.hasPrefix(prefix) }) else {
      return "\(prefix) not loaded"
    }
    return (path as NSString).lastPathComponent
  }

  /// The paths of the files this process has mapped (its shared libraries among them), as
  /// Linux lists them in `/proc/self/maps`.
  private static func loadedLibraries() -> [String] {
    // Read to the end: a file under /proc reports a size of 0.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return [] }
    defer { try? file.close() }
    let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    var paths: [String] = []
    for line in maps.split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = String(line[slash...])
      if paths.last != path { paths.append(path) }
    }
    return paths
  }
}
