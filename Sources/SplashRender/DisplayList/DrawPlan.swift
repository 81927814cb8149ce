import SplashCore
import SplashModel

/// How a node's own content is drawn, decided once per frame by the display list from what it
/// already knows: the `masksToBounds` clips its content is drawn under, and the shape each has
/// on the device.
///
/// A shape is filled and stroked by splashvid's coverage rasterizer unless a clip in force is a
/// path (rounded corners), which Cairo draws. Where a clip lies, whole pixels or fractions of
/// one, does not decide, nor does its angle: the engines differ by up to 24 levels on a
/// shape's rim, so a clip sliding across half pixels, or a composition starting to turn,
/// would otherwise switch the shape from one engine to the other from frame to frame, and its
/// rim would flicker.
///
///     clips in force since the last group:   none ─────────────────── coverage
///                                            rectangles ───────────── coverage, cut to their box
///                                            turned or skewed ─────── coverage, cut to their polygon
///                                            any rounded corner ───── Cairo
///
/// A clip turned off the axes was a path too, until issue_1717 (a camera drifting over
/// compositions that clip to their bounds) spent a tenth of its frame in Cairo filling four
/// shapes under such clips: about 97 000 instructions a fill, against a few thousand cut and
/// rasterized.
///
/// The clips in force are those set since the nearest group: a faded, masked, blended or
/// shadowed layer draws into a group of its own with no clip inside it (the group is clipped
/// when it is composited), and so does a mask.
public struct DrawPlan: Sendable, Equatable, CustomStringConvertible {
  /// What fills and strokes a shape layer's paths.
  public enum Engine: String, Sendable {
    /// splashvid's exact-area rasterizer (`CoverageRasterizer`).
    case coverage
    /// Cairo's scan converter.
    case cairo
  }

  /// The `masksToBounds` clips in force where the content is drawn.
  public enum Clip: Sendable, Equatable {
    /// No clip of a layer's since the last group.
    case none
    /// Rectangles on the device's axes, intersected: this box, in device pixels (fractions of
    /// a pixel included).
    case rectangle(DeviceBox)
    /// Unrounded rectangles, at least one turned or skewed off the device's axes, intersected:
    /// this convex polygon, in device pixels.
    case polygon(ConvexPolygon)
    /// At least one clip has rounded corners (or a corner that is not a finite point).
    case path

    /// These clips and a layer's bounds `bounds` with `cornerRadius`, placed by `toDevice`.
    func adding(_ bounds: Rect, cornerRadius: Double, toDevice: AffineTransform) -> Clip {
      guard cornerRadius <= 0 else { return .path }
      let corners = [
        Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
        Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.minX, y: bounds.maxY),
      ].map { toDevice.apply(to: $0) }
      if let box = Self.deviceRectangle(corners: corners) {
        switch self {
        case .none: return .rectangle(box)
        case .rectangle(let inner): return .rectangle(inner.intersection(box))
        case .polygon(let inner): return .polygon(inner.intersection(box))
        case .path: return .path
        }
      }
      guard let polygon = ConvexPolygon(corners: corners) else { return .path }
      switch self {
      case .none: return .polygon(polygon)
      case .rectangle(let inner): return .polygon(polygon.intersection(inner))
      case .polygon(let inner): return .polygon(polygon.intersection(inner))
      case .path: return .path
      }
    }

    /// The box of a rectangle's four corners on the device, in order round it, when it stays
    /// on the device's axes (turned by a multiple of 90° at most) within 1/1024 of a pixel.
    private static func deviceRectangle(corners: [Point]) -> DeviceBox? {
      func same(_ first: Double, _ second: Double) -> Bool { abs(first - second) <= 1.0 / 1024 }
      let upright =
        same(corners[0].y, corners[1].y) && same(corners[1].x, corners[2].x) && same(corners[2].y, corners[3].y)
        && same(corners[3].x, corners[0].x)
      let turned =
        same(corners[0].x, corners[1].x) && same(corners[1].y, corners[2].y) && same(corners[2].x, corners[3].x)
        && same(corners[3].y, corners[0].y)
      guard upright || turned, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
      let xs = corners.map(\.x)
      let ys = corners.map(\.y)
      return DeviceBox(left: xs.min()!, top: ys.min()!, right: xs.max()!, bottom: ys.max()!)
    }
  }

  /// What draws a shape layer's fills and strokes (for other layers, what would).
  public var engine: Engine
  /// The clips the content is drawn under.
  public var clip: Clip

  /// The plan for content drawn under `clip`: the coverage rasterizer unless a clip is a path.
  public init(clip: Clip) {
    self.clip = clip
    engine = clip == .path ? .cairo : .coverage
  }

  public var description: String {
    switch clip {
    case .none: return engine.rawValue
    case .path: return "\(engine.rawValue) (a clip is a path)"
    case .polygon(let polygon):
      return polygon.isEmpty ? "\(engine.rawValue) (clipped to nothing)" : "\(engine.rawValue) (clipped to the polygon \(polygon))"
    case .rectangle(let box):
      func text(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
      return "\(engine.rawValue) (clipped to \(text(box.left)),\(text(box.top)) – \(text(box.right)),\(text(box.bottom)))"
    }
  }
}
