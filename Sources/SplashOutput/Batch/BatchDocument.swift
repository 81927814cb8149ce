import Foundation
import SplashDocument
import SplashLottie
import SplashPresets

/// What a batch row names, read once however many rows use it: a preset with its parameters,
/// or a Lottie file with its slots.
enum BatchDocument {
  case preset(PreparedPreset)
  /// A Lottie file and what it draws (an archive's default animation, with its themes).
  case lottie(file: String, source: LottieSource)

  /// The parameters a row may set (a Lottie file's slots hold no images a row could name).
  var parameters: [PresetParameter] {
    switch self {
    case .preset(let prepared): prepared.parameters
    case .lottie: []
    }
  }

  /// Checks that the document compiles with a row's `overrides`.
  func check(_ overrides: [String: String]) throws {
    switch self {
    case .preset(let prepared):
      try prepared.check(overrides)
    case .lottie(let file, let source):
      do {
        _ = try source.resolved(parameters: overrides, warn: nil, file: file)
      } catch {
        throw error.usageError(file: file)
      }
    }
  }
}
