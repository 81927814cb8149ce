import Foundation

/// The page's files: plain HTML, CSS and JavaScript shipped with splashvid in `preview/`.
///
/// Found, first match wins, in `$SPLASHVID_PREVIEW_PAGE`, beside the binary
/// (`<bin>/preview`, then `<bin>/../share/splashvid/preview`, where `ci/install.sh` puts it),
/// then in the source tree splashvid was built from. Only the files named in `files` are ever
/// served, whatever a request asks for.
public struct PreviewPage: Sendable {
  /// Each servable file by the path it is asked for, with its content type.
  static let files: [String: (name: String, type: String)] = [
    "/": ("index.html", "text/html; charset=utf-8"),
    "/preview.css": ("preview.css", "text/css; charset=utf-8"),
    "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
    "/export.js": ("export.js", "text/javascript; charset=utf-8"),
  ]

  public let folder: URL

  public init(folder: URL) {
    self.folder = folder
  }

  /// The first folder that holds the page, or `nil` when none does.
  public static func find(environment: [String: String], executableURL: URL?) -> PreviewPage? {
    var candidates: [URL] = []
    if let given = environment["SPLASHVID_PREVIEW_PAGE"], !given.isEmpty { candidates.append(URL(fileURLWithPath: given)) }
    if let binaryFolder = executableURL?.deletingLastPathComponent() {
      candidates.append(binaryFolder.appendingPathComponent("preview"))
      candidates.append(binaryFolder.deletingLastPathComponent().appendingPathComponent("share/splashvid/preview"))
    }
    // Sources/SplashPreview/PreviewPage.swift → the repository's preview/.
    candidates.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("preview"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
      .map(PreviewPage.init(folder:))
  }

  /// What the page may load, sent with it: its own scripts, style sheet, frames and requests,
  /// and nothing else (no inline script or style, no plugin, no form, no other base). The
  /// page uses nothing more: `style` is set through the CSSOM only, which the policy allows.
  /// The server adds `frame-ancestors 'none'` to every response.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"

  /// What the page's `splashvid-token` meta element holds in the file, replaced as it is served.
  static let tokenPlaceholder = "SPLASHVID-TOKEN"

  /// The file a path names, with its type, or `nil` for any other path; the page itself
  /// carries `token`, which the server asks of a POST.
  func file(for path: String, token: String = "") -> (bytes: [UInt8], type: String)? {
    guard let entry = Self.files[path],
      let data = FileManager.default.contents(atPath: folder.appendingPathComponent(entry.name).path)
    else { return nil }
    guard entry.name == "index.html" else { return ([UInt8](data), entry.type) }
    let page = String(decoding: data, as: UTF8.self).replacingOccurrences(of: Self.tokenPlaceholder, with: token)
    return (Array(page.utf8), entry.type)
  }
}
