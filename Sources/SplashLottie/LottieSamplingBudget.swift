/// How many sampled frames one compile may make in all, shared by every value it samples.
///
/// Sampling once per frame (rectangles, ellipses, stars, trims, matrices, gradients) costs
/// memory per layer and per frame: a file of thousands of layers animated over thousands of
/// frames would otherwise need gigabytes before drawing anything. Past the budget, values are
/// sampled at their keyframes and a couple of points between, and the compile says so once.
/// The budget is set for the duration of one compile (`current`), so the sampling helpers need
/// no extra parameter.
final class LottieSamplingBudget: @unchecked Sendable {
  /// The budget of the compile under way on this thread, if any.
  @TaskLocal static var current: LottieSamplingBudget?

  /// Samples still to give.
  private(set) var remaining: Int
  /// Whether some value got fewer samples than it asked for.
  private(set) var isExhausted = false

  init(samples: Int) {
    remaining = samples
  }

  /// How many of the `wanted` samples between keyframes a value gets; its `keyframes` are
  /// always sampled and counted first.
  func grant(_ wanted: Int, keyframes: Int) -> Int {
    let cost = wanted + keyframes
    if cost <= remaining {
      remaining -= cost
      return wanted
    }
    isExhausted = true
    let granted = max(remaining - keyframes, 0)
    remaining = max(remaining - keyframes - granted, 0)
    return granted
  }
}
