import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

/// Seven loaders of a widely used iOS activity-indicator library, transcribed the way their
/// Swift reads (`Loaders/*.json5`: full circles as `addArc(… 0, 2 * .pi, clockwise: false)`,
/// group children without a duration, `repeatCount: HUGE`, sizes as expressions and named
/// numbers, `frame`, one animation used by many layers), rendered through the preset loader
/// and Cairo, and checked by pixel at moments worked out here from the Swift's own numbers.
///
/// Each indicator is 60 points in a 100-point black view, drawn in white at 4 pixels per point.
/// The expected geometry below is computed independently of splashvid's evaluator: its own
/// cubic-Bézier solver, its own keyframe arithmetic.
@Suite("Real iOS loaders, transcribed as their Swift reads, draw what an iPhone draws")
struct LoaderTranscriptionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Loaders")
  static let scale = 4.0

  /// The frame of a loader at scene time `time`.
  struct Frame {
    let buffer: PixelBuffer

    /// The red channel (the loaders are white on black) at the point (x, y).
    func brightness(_ x: Double, _ y: Double) -> Int {
      Int(buffer.rgba(x: Int(x * scale), y: Int(y * scale)).red)
    }
  }

  private func frame(_ loader: String, at time: Double) throws -> Frame {
    let scene = try PresetLoader.load(Self.folder.appendingPathComponent("\(loader).json5"), parameters: [:])
    let side = Int(100 * Self.scale)
    let buffer = try #require(PixelBuffer(width: side, height: side))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: side, pixelHeight: side),
      into: buffer)
    return Frame(buffer: buffer)
  }

  private func expectLit(_ frame: Frame, _ x: Double, _ y: Double, atLeast level: Int = 200, _ label: String) {
    let found = frame.brightness(x, y)
    #expect(found >= level, "\(label) at (\(x), \(y)): brightness \(found), expected at least \(level)")
  }

  private func expectDark(_ frame: Frame, _ x: Double, _ y: Double, _ label: String) {
    let found = frame.brightness(x, y)
    #expect(found <= 40, "\(label) at (\(x), \(y)): brightness \(found), expected dark")
  }

  // MARK: Reference timing

  /// A `CAMediaTimingFunction`'s progress at `x`: the cubic Bézier from (0, 0) to (1, 1) with
  /// control points (x1, y1) and (x2, y2), solved for x by bisection.
  static func bezier(_ points: (Double, Double, Double, Double), at x: Double) -> Double {
    func curve(_ a: Double, _ b: Double, _ t: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if curve(points.0, points.2, middle) < x { low = middle } else { high = middle }
    }
    return curve(points.1, points.3, (low + high) / 2)
  }

  static let easeInEaseOut = (0.42, 0.0, 0.58, 1.0)
  static let defaultTiming = (0.25, 0.1, 0.25, 1.0)

  /// A keyframe track of numbers at `progress` (0…1 of one iteration), each segment eased by
  /// `timing`.
  static func keyframes(
    _ values: [Double], keyTimes: [Double], timing: (Double, Double, Double, Double)?, at progress: Double
  ) -> Double {
    for segment in 0..<(values.count - 1) where progress <= keyTimes[segment + 1] || segment == values.count - 2 {
      let local = (progress - keyTimes[segment]) / (keyTimes[segment + 1] - keyTimes[segment])
      let eased = timing.map { bezier($0, at: local) } ?? local
      return values[segment] + (values[segment + 1] - values[segment]) * eased
    }
    return values[values.count - 1]
  }

  /// Where one repeating iteration of `duration` is at `time` for an animation that begins at
  /// `beginTime`; `nil` before it begins (the layer shows its model value).
  static func progress(at time: Double, beginTime: Double = 0, duration: Double) -> Double? {
    guard time >= beginTime else { return nil }
    let local = (time - beginTime).truncatingRemainder(dividingBy: duration)
    return local / duration
  }

  // MARK: The loaders

  @Test("ball pulse: three full circles 56/3 wide, each scaled by its own overshooting keyframes from its begin time")
  func ballPulse() throws {
    let circleSize = 56.0 / 3
    let timing = (0.2, 0.68, 0.18, 1.08)
    for time in [0.2, 0.5, 0.93, 1.4, 2.07] {
      let frame = try frame("ball-pulse", at: time)
      for index in 0..<3 {
        let centerX = 20 + circleSize / 2 + Double(index) * (circleSize + 2)
        let scale =
          Self.progress(at: time, beginTime: 0.12 * Double(index + 1), duration: 0.75).map {
            Self.keyframes([1, 0.3, 1], keyTimes: [0, 0.3, 1], timing: timing, at: $0)
          } ?? 1
        let radius = circleSize / 2 * scale
        let label = "t = \(time), circle \(index), scale \(scale)"
        expectLit(frame, centerX, 50, label + ", centre")
        expectLit(frame, centerX, 50 - (radius - 0.6), label + ", inside its top")
        expectDark(frame, centerX, 50 - (radius + 0.6), label + ", above its top")
      }
    }
  }

  /// Scale and opacity of spin-fade dot `index` at `time`: the linear group of 1 s begun
  /// 0.12 s × index after the others.
  static func spinFade(_ index: Int, at time: Double) -> (scale: Double, opacity: Double) {
    guard let progress = progress(at: time, beginTime: 0.12 * Double(index), duration: 1) else { return (1, 1) }
    return (
      keyframes([1, 0.4, 1], keyTimes: [0, 0.5, 1], timing: nil, at: progress),
      keyframes([1, 0.3, 1], keyTimes: [0, 0.5, 1], timing: nil, at: progress)
    )
  }

  @Test("ball spin fade loader: eight dots placed by cos and sin, each shrinking and fading 0.12 s after the last")
  func ballSpinFadeLoader() throws {
    let circleSize = (60.0 + 8) / 5
    let radius = 30 - circleSize / 2
    for time in [0.1, 0.55, 1.3, 2.07] {
      let frame = try frame("ball-spin-fade-loader", at: time)
      for index in 0..<8 {
        let angle = Double.pi / 4 * Double(index)
        let (centerX, centerY) = (50 + radius * cos(angle), 50 + radius * sin(angle))
        let (scale, opacity) = Self.spinFade(index, at: time)
        let label = "t = \(time), dot \(index), scale \(scale), opacity \(opacity)"
        let lit = Int((255 * opacity).rounded())
        #expect(
          abs(frame.brightness(centerX, centerY) - lit) <= 3, "\(label): centre \(frame.brightness(centerX, centerY)), expected \(lit)")
        expectLit(frame, centerX, centerY - (circleSize / 2 * scale - 0.6), atLeast: lit - 12, label + ", inside its top")
        expectDark(frame, centerX, centerY - (circleSize / 2 * scale + 0.6), label + ", above its top")
      }
    }
  }

  @Test("the same loader as one dot in a CAReplicatorLayer (45°, 0.12 s per instance) draws the same pixels")
  func ballSpinFadeReplicator() throws {
    for time in [0.1, 0.55, 1.3, 2.07] {
      let layers = try frame("ball-spin-fade-loader", at: time).buffer
      let replicated = try frame("ball-spin-fade-replicator", at: time).buffer
      // Turned copies of one oval and ovals drawn in place differ only in how their edges are
      // antialiased: a few levels on edge pixels, nothing inside or outside.
      var largest = 0
      var differing = 0
      var lit = 0
      for y in 0..<layers.height {
        for x in 0..<layers.width {
          let difference = abs(Int(layers.rgba(x: x, y: y).red) - Int(replicated.rgba(x: x, y: y).red))
          largest = max(largest, difference)
          if difference > 3 { differing += 1 }
          if layers.rgba(x: x, y: y).red > 0 { lit += 1 }
        }
      }
      #expect(largest <= 32 && differing * 50 < lit, "t = \(time): \(differing) of \(lit) drawn pixels differ, by up to \(largest) levels")
    }
  }

  @Test("circle stroke spin: the rotation without a duration turns once per 1.7 s group while the stroke is drawn and wiped")
  func circleStrokeSpin() throws {
    let timing = (0.4, 0.0, 0.2, 1.0)
    for time in [0.3, 0.6, 1.0, 1.4, 2.0] {
      let cycle = time.truncatingRemainder(dividingBy: 1.7)
      let rotation = 2 * Double.pi * cycle / 1.7
      let end = cycle < 0.7 ? Self.bezier(timing, at: cycle / 0.7) : 1
      let start = cycle < 0.5 ? 0 : Self.bezier(timing, at: (cycle - 0.5) / 1.2)
      // A fraction f of the path is at -π/2 + 2π f, turned by the layer's rotation.
      func point(_ fraction: Double) -> (Double, Double) {
        let angle = -Double.pi / 2 + 2 * .pi * fraction + rotation
        return (50 + 30 * cos(angle), 50 + 30 * sin(angle))
      }
      let frame = try frame("circle-stroke-spin", at: time)
      let label = "t = \(time): stroke \(start)…\(end), turned \(rotation * 180 / .pi)°"
      let drawn = point((start + end) / 2)
      expectLit(frame, drawn.0, drawn.1, atLeast: 120, label + ", middle of the drawn arc")
      if end - start < 0.9 {
        let gap = point((end + 1 + start) / 2)
        expectDark(frame, gap.0, gap.1, label + ", middle of the gap")
      }
    }
  }

  @Test("ball triangle path: three rings moved by keyframed translation transforms, eased per segment")
  func ballTrianglePath() throws {
    let delta = 30.0 - 6
    // (start centre, translations at the key times) as the Swift's "{hx,fy}" strings give them.
    let rings: [(center: (Double, Double), moves: [(Double, Double)])] = [
      ((50, 26), [(0, 0), (delta, 2 * delta), (-delta, 2 * delta), (0, 0)]),
      ((26, 74), [(0, 0), (delta, -2 * delta), (2 * delta, 0), (0, 0)]),
      ((74, 74), [(0, 0), (-2 * delta, 0), (-delta, -2 * delta), (0, 0)]),
    ]
    for time in [0.4, 0.66, 1.0, 1.9] {
      let frame = try frame("ball-triangle-path", at: time)
      let progress = try #require(Self.progress(at: time, duration: 2))
      for (index, ring) in rings.enumerated() {
        let keyTimes = [0, 0.33, 0.66, 1]
        let dx = Self.keyframes(ring.moves.map(\.0), keyTimes: keyTimes, timing: Self.easeInEaseOut, at: progress)
        let dy = Self.keyframes(ring.moves.map(\.1), keyTimes: keyTimes, timing: Self.easeInEaseOut, at: progress)
        let (x, y) = (ring.center.0 + dx, ring.center.1 + dy)
        let label = "t = \(time), ring \(index) at (\(x), \(y))"
        expectDark(frame, x, y, label + ": a ring is hollow")
        expectLit(frame, x + 6, y, label + ", its right side")
        expectLit(frame, x, y - 6, label + ", its top")
        expectDark(frame, x + 8.5, y, label + ", beyond it")
      }
    }
  }

  @Test("line scale pulse out: five bars squashed about their middles, the middle one first")
  func lineScalePulseOut() throws {
    let timing = (0.85, 0.25, 0.37, 0.85)
    let beginTimes = [0.4, 0.2, 0, 0.2, 0.4]
    for time in [0.1, 0.7, 1.25, 1.9] {
      let frame = try frame("line-scale-pulse-out", at: time)
      for index in 0..<5 {
        let centerX = 20 + 60.0 / 9 * (2 * Double(index) + 0.5)
        let scale =
          Self.progress(at: time, beginTime: beginTimes[index], duration: 1).map {
            Self.keyframes([1, 0.4, 1], keyTimes: [0, 0.5, 1], timing: timing, at: $0)
          } ?? 1
        let top = 50 - 30 * scale
        let label = "t = \(time), bar \(index), scale \(scale)"
        expectLit(frame, centerX, top + 0.6, label + ", just inside its top")
        expectDark(frame, centerX, top - 0.6, label + ", just above its top")
        expectLit(frame, centerX, 100 - top - 0.6, label + ", just inside its bottom")
      }
    }
  }

  @Test("pac-man: a full clockwise circle stroked 20 wide, trimmed into a mouth; a dot sliding in and fading")
  func pacman() throws {
    for time in [0.1, 0.2, 0.25, 0.4, 1.3] {
      let frame = try frame("pacman", at: time)
      let progress = try #require(Self.progress(at: time, duration: 0.5))
      let strokeStart = Self.keyframes([0.125, 0, 0.125], keyTimes: [0, 0.5, 1], timing: Self.defaultTiming, at: progress)
      // The mouth is symmetric about 3 o'clock: strokeEnd is 1 − strokeStart throughout.
      let mouth = 2 * Double.pi * strokeStart
      let label = "t = \(time), mouth ±\(mouth * 180 / .pi)°"
      expectLit(frame, 40 - 12, 50, label + ", the back of the head")
      expectLit(frame, 40 + 12 * cos(mouth + 0.15), 50 + 12 * sin(mouth + 0.15), label + ", below the mouth")
      expectLit(frame, 40 + 12 * cos(mouth + 0.15), 50 - 12 * sin(mouth + 0.15), label + ", above the mouth")
      if mouth > 0.25 {
        expectDark(frame, 40 + 12 * cos(mouth - 0.15), 50 + 12 * sin(mouth - 0.15), label + ", inside the mouth")
      }
      if 12 * sin(mouth) > 1 {
        expectDark(frame, 40 + 12, 50, label + ", the middle of the mouth")
      } else if mouth < 0.005 {
        expectLit(frame, 40 + 12, 50, label + ", the mouth is shut")
      }
      // The dot: 1 s linear group, x from its frame's centre 74 to 74 − 30, opacity 1 → 0.7.
      let slide = time.truncatingRemainder(dividingBy: 1)
      let dotX = 74 - 30 * slide
      if dotX - 6 > 61 {
        let lit = Int((255 * (1 - 0.3 * slide)).rounded())
        #expect(abs(frame.brightness(dotX, 50) - lit) <= 3, "\(label): dot centre \(frame.brightness(dotX, 50)), expected \(lit)")
        expectDark(frame, dotX + 6.6, 50, label + ", right of the dot")
      }
    }
  }

  @Test("ball clip rotate multiple: two broken rings turning opposite ways while they breathe to 60 %")
  func ballClipRotateMultiple() throws {
    for time in [0.1, 0.25, 0.6, 0.9] {
      let frame = try frame("ball-clip-rotate-multiple", at: time)
      let progress = try #require(Self.progress(at: time, duration: 1))
      let scale = Self.keyframes([1, 0.6, 1], keyTimes: [0, 0.5, 1], timing: Self.easeInEaseOut, at: progress)
      let rotation = Self.keyframes([0, .pi, 2 * .pi], keyTimes: [0, 0.5, 1], timing: Self.easeInEaseOut, at: progress)
      func point(_ radius: Double, _ angle: Double) -> (Double, Double) {
        (50 + radius * scale * cos(angle), 50 + radius * scale * sin(angle))
      }
      let label = "t = \(time), scale \(scale), turned \(rotation * 180 / .pi)°"
      // The big ring keeps the quarters about 9 and 3 o'clock, turned clockwise.
      for (angle, lit) in [(Double.pi, true), (0, true), (Double.pi / 2, false), (-Double.pi / 2, false)] {
        let sample = point(30, angle + rotation)
        if lit {
          expectLit(frame, sample.0, sample.1, atLeast: 120, label + ", big ring at \(angle)")
        } else {
          expectDark(frame, sample.0, sample.1, label + ", big ring's gap at \(angle)")
        }
      }
      // The small one the quarters about 12 and 6 o'clock, turned the other way.
      for (angle, lit) in [(-Double.pi / 2, true), (Double.pi / 2, true), (0, false), (Double.pi, false)] {
        let sample = point(15, angle - rotation)
        if lit {
          expectLit(frame, sample.0, sample.1, atLeast: 120, label + ", small ring at \(angle)")
        } else {
          expectDark(frame, sample.0, sample.1, label + ", small ring's gap at \(angle)")
        }
      }
    }
  }
}
