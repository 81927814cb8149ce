import Testing

@testable import SplashModel

@Suite("Media timing: begin, repeat, autoreverse, offset and fill, as CAMediaTiming")
struct MediaTimingTests {
  /// (rule, timing, parent time, expected iteration time or nil for "contributes nothing")
  static let cases: [(String, MediaTiming, Double, Double?)] = [
    ("duration 0 means 0.25 s", MediaTiming(), 0.125, 0.125),
    ("removed fill: nothing before begin", MediaTiming(beginTime: 1, duration: 2), 0.5, nil),
    ("removed fill: nothing after the end", MediaTiming(beginTime: 1, duration: 2), 3.5, nil),
    ("active: time since begin", MediaTiming(beginTime: 1, duration: 2), 2.5, 1.5),
    ("backwards fill holds the start before begin", MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards), 0.5, 0),
    ("backwards fill does not hold after the end", MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards), 4, nil),
    ("forwards fill holds the end after the end", MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards), 4, 2),
    ("forwards fill does not hold before begin", MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards), 0.5, nil),
    ("both holds on both sides (before)", MediaTiming(beginTime: 1, duration: 2, fillMode: .both), 0, 0),
    ("both holds on both sides (after)", MediaTiming(beginTime: 1, duration: 2, fillMode: .both), 9, 2),
    ("speed 2 runs local time twice as fast", MediaTiming(duration: 2, speed: 2), 0.5, 1),
    ("repeatCount 3 wraps each iteration", MediaTiming(duration: 2, repeatCount: 3), 5.5, 1.5),
    ("repeatCount 2.5 with autoreverses: 2nd cycle going back", MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true), 3.25, 0.75),
    (
      "repeatCount 2.5 with autoreverses: half a cycle at the end", MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true), 4.75,
      0.75
    ),
    (
      "repeatCount 2.5 with autoreverses: ends at the far end, forwards fill",
      MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards), 6, 1
    ),
    ("repeatDuration overrides repeatCount", MediaTiming(duration: 1, repeatCount: 10, repeatDuration: 1.5), 2, nil),
    (
      "timeOffset wraps in an infinite repeat (fuber τ = (t + 2.1) mod 3 at t = 0)",
      MediaTiming(duration: 3, timeOffset: 2.1, repeatCount: .infinity), 0, 2.1
    ),
    ("timeOffset wraps in an infinite repeat (t = 0.9 → τ = 0)", MediaTiming(duration: 3, timeOffset: 2.1, repeatCount: .infinity), 0.9, 0),
    (
      "timeOffset wraps in an infinite repeat (t = 10 → τ = 0.1)", MediaTiming(duration: 3, timeOffset: 2.1, repeatCount: .infinity), 10,
      0.1
    ),
    ("timeOffset on a single play wraps to the start", MediaTiming(duration: 2, timeOffset: 1.5), 1, 0.5),
    (
      "backwards fill with timeOffset holds the offset phase (fuber's tiles)",
      MediaTiming(beginTime: 0.2, duration: 3, timeOffset: 1.05, repeatCount: .infinity, fillMode: .backwards), 0.1, 1.05
    ),
    ("speed 0 freezes at timeOffset", MediaTiming(duration: 2, speed: 0, timeOffset: 0.5), 100, 0.5),
  ]

  @Test("iteration time at a parent time", arguments: cases)
  func iterationTime(rule: String, timing: MediaTiming, parentTime: Double, expected: Double?) {
    let actual = timing.iterationTime(atParentTime: parentTime)
    switch (actual, expected) {
    case (nil, nil): break
    case (let actual?, let expected?): #expect(abs(actual - expected) < 1e-9, "\(rule)")
    default: Issue.record("\(rule): expected \(String(describing: expected)), got \(String(describing: actual))")
    }
  }

  @Test("active duration counts repeats and reversals")
  func activeDuration() {
    #expect(MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true).activeDuration == 5)
    #expect(MediaTiming(duration: 2, repeatDuration: 3).activeDuration == 3)
    #expect(MediaTiming(duration: 1, repeatCount: .infinity).activeDuration == .infinity)
    #expect(MediaTiming(duration: 4, speed: 2).activeDurationInParent == 2)
  }
}
