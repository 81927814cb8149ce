import Foundation

/// What the SplashOutput tests share: where the repository's presets and fixtures are.
enum SplashOutputTests {
  /// The repository root, found from this file's location.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
