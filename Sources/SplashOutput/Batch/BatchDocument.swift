import Foundation
import SplashPresets

/// What a batch row names, read once however many rows use it: a preset with its parameters,
/// or a Lottie file, which has none.
enum BatchDocument {
  case preset(PreparedPreset)
  case lottie(file: String)

  /// The parameters a row may set.
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
    case .lottie(let file):
      if let name = overrides.keys.sorted().first {
        throw UsageError("--param \(name): \(file) is a Lottie file, which has no parameters")
      }
    }
  }
}
