import SplashCairo
import SplashEncode
import SplashModel

/// The versions of what draws and encodes a render: upgrading any of them may change a
/// clip's bytes, so a batch's fingerprint records them.
public protocol RenderingVersions: Sendable {
  /// One line per program, library or font that `job` would use for `scene`, in a fixed order.
  func lines(for job: RenderJob, scene: Scene) -> [String]
}

/// The versions installed on this machine: splashvid, Cairo, Pango, the fonts the scene's text
/// resolves to, libavcodec and each output format's encoder library.
public struct InstalledRenderingVersions: RenderingVersions {
  public init() {}

  public func lines(for job: RenderJob, scene: Scene) -> [String] {
    var lines = [
      "splashvid \(SplashvidVersion.current)", "cairo \(RenderLibraryVersions.cairo)",
      "pango \(RenderLibraryVersions.pango)",
    ]
    lines += RenderLibraryVersions.fontFiles(of: scene)
    lines.append("libavcodec \(EncodeLibraryVersions.libavcodec)")
    let formats = Set(job.outputs.compactMap(\.format))
    for format in VideoFormat.allCases where formats.contains(format) {
      lines.append("\(format.rawValue) encoder \(EncodeLibraryVersions.encoderLibrary(for: format))")
    }
    return lines
  }
}
