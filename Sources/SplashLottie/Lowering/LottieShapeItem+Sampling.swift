extension LottieShapeItem {
  /// `items` with every path item's path worked out (`LottieGeometry.path(sampler:limits:)`),
  /// groups' included: sampled once here, however many fills, strokes and trims then paint it.
  static func sampled(_ items: [LottieShapeItem], sampler: LottieSampler, limits: LottieLimits) -> [LottieShapeItem] {
    items.map { item in
      switch item {
      case .geometry(let geometry):
        return .geometry(LottieGeometry(.path(geometry.path(sampler: sampler, limits: limits))))
      case .group(let name, let children, let transform):
        return .group(name: name, items: sampled(children, sampler: sampler, limits: limits), transform: transform)
      default:
        return item
      }
    }
  }
}
