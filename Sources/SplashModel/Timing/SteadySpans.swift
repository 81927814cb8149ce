/// The stretches of time in which something presents the same: open intervals, in order and
/// apart, of the time its superlayer sees.
///
/// An animation or a subtree is steady between the moments where it may change: a keyframe
/// segment that moves, the start or end of an animation, a layer added or removed. Each span
/// stops a little short of those moments (`margin`): times are mapped from the scene's into
/// an animation's progress with rounding, and a frame on a keyframe may land on either side.
///
///     time   ──(────────)──●──(─────)──▒▒▒▒▒▒▒▒──(──────────▶
///              steady    a key   steady  moving    steady
struct SteadySpans: Sendable, Equatable {
  /// An open interval of time; `lower` may be −∞ and `upper` +∞.
  struct Span: Sendable, Equatable {
    var lower: Double
    var upper: Double

    func contains(_ time: Double) -> Bool { lower < time && time < upper }
  }

  private(set) var spans: [Span]

  /// Steady throughout.
  static let always = SteadySpans(spans: [Span(lower: -.infinity, upper: .infinity)])
  /// Never known to be steady.
  static let never = SteadySpans(spans: [])

  /// The spans given (in order, apart), each pulled in from its finite ends by `margin`, and
  /// those left empty dropped.
  init(spans: [Span]) {
    self.spans = []
    self.spans.reserveCapacity(spans.count)
    for span in spans {
      let lower = span.lower.isFinite ? span.lower + Self.margin(span.lower) : span.lower
      let upper = span.upper.isFinite ? span.upper - Self.margin(span.upper) : span.upper
      if lower < upper, !lower.isNaN, !upper.isNaN { self.spans.append(Span(lower: lower, upper: upper)) }
    }
  }

  private init(shrunk spans: [Span]) { self.spans = spans }

  /// Steady everywhere but at `moments` (any order; not finite ones are left out).
  init(apartFrom moments: [Double]) {
    let sorted = moments.filter(\.isFinite).sorted()
    var spans: [Span] = []
    var lower = -Double.infinity
    for moment in sorted where moment > lower {
      spans.append(Span(lower: lower, upper: moment))
      lower = moment
    }
    spans.append(Span(lower: lower, upper: .infinity))
    self.init(spans: spans)
  }

  /// The most spans a subtree keeps (`StillPresentations.steady`): each subtree keeps those
  /// of everything below it, so a file of deep precompositions and thousands of keyframe
  /// holds would keep them over and over. Past this a subtree keeps none, and is evaluated
  /// as if it never held steady (its sublayers keep theirs).
  static let mostKept = 4096

  /// How far a span stops short of a moment where something may change: far above the
  /// rounding of mapping a time into a keyframe's progress (a few units in the last place of
  /// the times involved), far below a frame at any supported rate.
  static func margin(_ moment: Double) -> Double { 1e-9 + abs(moment) * 1e-12 }

  /// Where both are steady.
  func intersection(_ other: SteadySpans) -> SteadySpans {
    var result: [Span] = []
    var mine = 0
    var theirs = 0
    while mine < spans.count, theirs < other.spans.count {
      let lower = max(spans[mine].lower, other.spans[theirs].lower)
      let upper = min(spans[mine].upper, other.spans[theirs].upper)
      if lower < upper { result.append(Span(lower: lower, upper: upper)) }
      if spans[mine].upper < other.spans[theirs].upper { mine += 1 } else { theirs += 1 }
    }
    return SteadySpans(shrunk: result)
  }

  /// Whether `first` and `second` lie in one span: what presents steadily there presents the
  /// same at both.
  func holds(_ first: Double, _ second: Double) -> Bool {
    guard let index = spanIndex(containing: first) else { return false }
    return spans[index].contains(second)
  }

  /// Whether all four times lie in one span.
  func holds(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) -> Bool {
    guard let index = spanIndex(containing: first) else { return false }
    let span = spans[index]
    return span.contains(second) && span.contains(third) && span.contains(fourth)
  }

  /// The span containing `time`, by bisection.
  func spanIndex(containing time: Double) -> Int? {
    var low = 0
    var high = spans.count
    while low < high {
      let middle = (low + high) / 2
      if spans[middle].upper <= time { low = middle + 1 } else { high = middle }
    }
    guard low < spans.count, spans[low].contains(time) else { return nil }
    return low
  }
}
