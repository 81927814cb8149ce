import SplashCore

extension Point {
  /// The point a Lottie value names in the plane (`[x, y]`, or `[x, y, z]` for a 3D layer):
  /// its first two numbers, a missing one 0.
  init(lottie values: [Double]) {
    self.init(x: values.first ?? 0, y: values.count > 1 ? values[1] : 0)
  }
}
