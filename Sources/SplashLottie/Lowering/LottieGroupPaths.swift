import SplashCore

/// The paths of a shape group that a style outside it paints, brought into the style's space
/// as one path, so that the style's fill rule cuts across groups as players cut it.
///
/// A fill paints every path before it, those of the groups before it included, each through
/// its group's transform; lottie-web, ThorVG and rlottie gather them all into one path before
/// filling, so a face in one group and its eyes in a group inside it, wound the other way (or
/// filled even-odd), leave the eyes as holes. Two shape layers cannot: each fills on its own.
/// So a group's paths are merged into the style's path, transformed, whenever that draws the
/// same picture:
///
///     it: [ face, group G { eyes, tr }, fill ]   →   fill( face + T_G(eyes) )   one path
///
/// That is whenever the group's opacity is a constant 100 % (a group's opacity fades its paths'
/// painting apart from the others'), no path in it is trimmed (trims cut each path, or each
/// run, along its own length), and its position does not move along a curve (which the group's
/// own layer follows by arc length). Otherwise the group keeps a layer of its own.
enum LottieGroupPaths {
  /// The paths of `items` (a group's, with transform `transform`) in the space of the group's
  /// parent, as one path, or `nil` when they cannot be merged; `trims` are the trims after the
  /// group, nearest first.
  static func merged(
    _ items: [LottieShapeItem], transform: LottieTransform, trims: [LottieTrim], sampler: LottieSampler, limits: LottieLimits
  ) -> LottieProperty<Path>? {
    guard case .constant(let opacity) = transform.opacity, opacity >= 100 else { return nil }
    if case .combined(let position) = transform.position, position.hasSpatialTangents { return nil }
    var paths: [LottieProperty<Path>] = []
    for (index, item) in items.enumerated() {
      let after = LottieShapeBuilder.trims(in: items[(index + 1)...]) + trims
      switch item {
      case .geometry(let geometry):
        guard LottieTrim.stacked(after) == nil else { return nil }
        paths.append(geometry.path(sampler: sampler, limits: limits))
      case .group(_, let children, let inner):
        guard let merged = merged(children, transform: inner, trims: after, sampler: sampler, limits: limits) else { return nil }
        paths.append(merged)
      case .repeater:
        // Copies are drawn by layers of their own (`LottieRepeater`).
        return nil
      case .fill, .stroke, .gradient, .trim:
        continue
      }
    }
    guard !paths.isEmpty else { return .constant(Path()) }
    let combined = paths.count == 1 ? paths[0] : .combined(paths, sampler: sampler, limit: limits.sampledFrames)
    return placed(combined, by: transform, sampler: sampler, limits: limits)
  }

  /// How many paths `items` draw, their groups' included.
  static func pathCount(_ items: [LottieShapeItem]) -> Int {
    items.reduce(0) { count, item in
      switch item {
      case .geometry: count + 1
      case .group(_, let children, _): count + pathCount(children)
      case .fill, .stroke, .gradient, .trim, .repeater: count
      }
    }
  }

  /// `path` mapped through `transform` at each frame: keyframe by keyframe when the transform
  /// is constant, else sampled per frame with it.
  private static func placed(
    _ path: LottieProperty<Path>, by transform: LottieTransform, sampler: LottieSampler, limits: LottieLimits
  ) -> LottieProperty<Path> {
    let parts = transform.affineParts
    let frames = sampler.frames(of: parts + [path.map { _ in [0.0] }], limit: limits.sampledFrames)
    guard parts.contains(where: \.isAnimated), frames.count > 1 else {
      let affine = transform.affine(at: frames.first ?? 0)
      return path.map { $0.applying(affine) }
    }
    return .animated(
      frames.map { frame in
        LottieKeyframe(
          frame: frame, value: path.value(at: frame).applying(transform.affine(at: frame)), easing: [], isHold: false, outTangent: [],
          inTangent: [])
      })
  }
}

extension LottieTransform {
  /// The values the transform's geometry depends on, opacity aside.
  var affineParts: [LottieProperty<[Double]>] {
    var parts = [
      anchor, scale, rotation.map { [$0] }, rotationX.map { [$0] }, rotationY.map { [$0] }, skew.map { [$0] }, skewAxis.map { [$0] },
    ]
    switch position {
    case .combined(let property): parts.append(property)
    case .separate(let x, let y): parts += [x.map { [$0] }, y.map { [$0] }]
    }
    return parts
  }

  /// Where the transform takes a point at `frame`, flat (Core Animation draws a layer turned
  /// in 3D flat into its superlayer): q ↦ p + L·(q − a).
  func affine(at frame: Double) -> AffineTransform {
    let anchor = self.anchor.value(at: frame)
    let position: [Double]
    switch self.position {
    case .combined(let property): position = property.value(at: frame)
    case .separate(let x, let y): position = [x.value(at: frame), y.value(at: frame)]
    }
    let linear = Self.matrix(
      scale: scale.value(at: frame), rotationX: rotationX.value(at: frame), rotationY: rotationY.value(at: frame),
      rotationZ: rotation.value(at: frame), skew: skew.value(at: frame), skewAxis: skewAxis.value(at: frame))
    let (ax, ay) = (anchor.first ?? 0, anchor.count > 1 ? anchor[1] : 0)
    let (px, py) = (position.first ?? 0, position.count > 1 ? position[1] : 0)
    // Row vectors: x' = x·m11 + y·m21, y' = x·m12 + y·m22, about the anchor, then moved to p.
    return AffineTransform(
      a: linear.m11, b: linear.m12, c: linear.m21, d: linear.m22,
      tx: px - (ax * linear.m11 + ay * linear.m21), ty: py - (ax * linear.m12 + ay * linear.m22))
  }
}

extension LottieProperty where Value == Path {
  /// Whether it draws nothing at any frame.
  var isEmptyPath: Bool {
    switch self {
    case .constant(let path): path.elements.isEmpty
    case .animated(let keyframes): keyframes.allSatisfy { $0.value.elements.isEmpty }
    }
  }
}
