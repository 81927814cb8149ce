@testable import SplashCairo

extension CairoBackend {
  /// The counters a test gave this backend (`CairoBackend(counters:)`).
  var counted: RenderCounters {
    guard let counters else { preconditionFailure("this backend was made without RenderCounters: it counts nothing") }
    return counters
  }
}
