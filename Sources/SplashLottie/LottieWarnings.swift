import SplashDocument

/// What a Lottie file asks for that splashvid does not draw, said once per feature with the
/// first place it is used and how many places use it: the frame renders without it, and the
/// user knows why it differs.
final class LottieWarnings {
  private var firstPlaces: [String: String] = [:]
  private var counts: [String: Int] = [:]
  private var order: [String] = []
  let file: String

  init(file: String) {
    self.file = file
  }

  /// Notes that the feature described by `message` ("effects are not drawn") is used at `path`.
  func note(_ message: String, at path: String) {
    if firstPlaces[message] == nil {
      firstPlaces[message] = path
      order.append(message)
    }
    counts[message, default: 0] += 1
  }

  /// One warning per feature, in the order first met, as `validate` prints warnings.
  var warnings: [DocumentError] {
    order.map { message in
      let count = counts[message] ?? 1
      let places = count > 1 ? " (\(count) places)" : ""
      return DocumentError(file: file, path: firstPlaces[message] ?? "", expected: "warning: \(message)\(places)", found: nil)
    }
  }
}
