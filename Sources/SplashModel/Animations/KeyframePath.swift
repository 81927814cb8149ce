import SplashCore

/// A `CAKeyframeAnimation` that moves a point along a path (its `path` property).
///
/// Each drawn element of the path (line or curve; a close is a line back) is one keyframe
/// segment. Linear and cubic modes time the segments by `keyTimes` (one per segment end, so
/// segments + 1 of them) or evenly, and move through each segment by its curve parameter (or,
/// with `segmentTravel` `.arcLength`, by the distance along it); paced modes time and move by
/// arc length, at constant speed. Discrete mode jumps from segment end to segment end.
public struct KeyframePath: Sendable, Hashable {
  /// Whether the layer turns to follow the path (`rotationMode`).
  public enum RotationMode: String, Sendable, Hashable, CaseIterable {
    /// Rotated to the direction of travel.
    case auto
    /// Rotated to the opposite of the direction of travel.
    case autoReverse
  }

  /// How the point moves through one segment in the linear and cubic modes, once the
  /// segment's timing function has eased its share of the time.
  public enum SegmentTravel: String, Sendable, Hashable, CaseIterable {
    /// Through the curve's parameter, as `CAKeyframeAnimation` is modelled: faster where the
    /// control points are far apart.
    case curveParameter
    /// Through the distance along the curve: an eased fraction of the time is that fraction
    /// of the segment's length. Lottie's spatial tangents move so in its players (lottie-web's
    /// `PropertyFactory.interpolateValue` walks the segment's `bezierData` by length; rlottie
    /// and ThorVG measure the curve the same way).
    case arcLength
  }

  public var path: Path {
    didSet { segments = CurveSegment.segments(of: path) }
  }
  /// The path's drawn elements as curve segments, each with its arc-length table: made once
  /// with the path, not at every sample (a Lottie file's spatial keyframes are sampled twice
  /// a frame for every layer they move, and measuring the curves was a tenth of a frame).
  public private(set) var segments: [CurveSegment]
  public var keyTimes: [Double]
  public var timingFunctions: [TimingFunction]
  public var calculationMode: CalculationMode
  public var rotationMode: RotationMode?
  public var segmentTravel: SegmentTravel

  public init(
    path: Path, keyTimes: [Double] = [], timingFunctions: [TimingFunction] = [],
    calculationMode: CalculationMode = .linear, rotationMode: RotationMode? = nil,
    segmentTravel: SegmentTravel = .curveParameter
  ) {
    self.path = path
    segments = CurveSegment.segments(of: path)
    self.keyTimes = keyTimes
    self.timingFunctions = timingFunctions
    self.calculationMode = calculationMode
    self.rotationMode = rotationMode
    self.segmentTravel = segmentTravel
  }

  /// The number of keyframe segments, which `keyTimes` must match plus one.
  public var segmentCount: Int { segments.count }

  // The segments are the path's, measured: equal paths have equal segments.
  public static func == (lhs: KeyframePath, rhs: KeyframePath) -> Bool {
    lhs.path == rhs.path && lhs.keyTimes == rhs.keyTimes && lhs.timingFunctions == rhs.timingFunctions
      && lhs.calculationMode == rhs.calculationMode && lhs.rotationMode == rhs.rotationMode && lhs.segmentTravel == rhs.segmentTravel
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(keyTimes)
    hasher.combine(timingFunctions)
    hasher.combine(calculationMode)
    hasher.combine(rotationMode)
    hasher.combine(segmentTravel)
  }

  /// The point and, with a rotation mode, the angle (radians) at a fraction of the duration.
  public func sample(at progress: Double) -> (point: Point, angle: Double?) {
    guard let first = segments.first else { return (path.currentPoint ?? .zero, nil) }
    let times: [Double]
    if calculationMode.isPaced, let paced = KeyframeTiming.pacedTimes(distances: segments.map(\.length)) {
      times = paced
    } else if keyTimes.count == segments.count + 1 {
      times = keyTimes
    } else {
      times = (0...segments.count).map { Double($0) / Double(segments.count) }
    }

    var index = 0
    var parameter = 0.0
    if calculationMode == .discrete {
      var reached = 0
      while reached < segments.count && progress >= times[reached + 1] { reached += 1 }
      if reached == 0 { return (first.startPoint, angle(of: first, at: 0)) }
      return (segments[reached - 1].point(at: 1), angle(of: segments[reached - 1], at: 1))
    } else if let (segment, fraction) = KeyframeTiming.segment(at: progress, keyTimes: times) {
      index = segment
      var eased = fraction
      if !calculationMode.isPaced && segment < timingFunctions.count {
        eased = timingFunctions[segment].progress(at: fraction)
      }
      let byLength = calculationMode.isPaced || segmentTravel == .arcLength
      parameter = byLength ? segments[segment].parameter(atLengthFraction: eased) : eased
    } else if progress > times[0] {
      index = segments.count - 1
      parameter = 1
    }
    return (segments[index].point(at: parameter), angle(of: segments[index], at: parameter))
  }

  private func angle(of segment: CurveSegment, at parameter: Double) -> Double? {
    guard let rotationMode else { return nil }
    let direction = segment.derivative(at: parameter)
    let angle = Math.arcTangent(direction.y, direction.x)
    return rotationMode == .auto ? angle : angle + .pi
  }
}
