/// What reading one Lottie document shares: its name, its limits and the warnings about what
/// it asks for that splashvid does not draw.
final class LottieContext {
  let file: String
  let limits: LottieLimits
  let warnings: LottieWarnings

  init(file: String, limits: LottieLimits, warnings: LottieWarnings) {
    self.file = file
    self.limits = limits
    self.warnings = warnings
  }
}
