import SplashCore
import SplashModel

extension LottieProperty where Value == Path {
  /// The path at layer-local frame `frame`: its keyframes' shapes morphed point by point,
  /// eased as the segment eases, as the model morphs a `path` animation.
  func value(at frame: Double) -> Path {
    guard case .animated(let keyframes) = self else { return initialValue }
    guard frame > keyframes[0].frame else { return keyframes[0].value }
    guard let last = keyframes.last, frame < last.frame else { return keyframes[keyframes.count - 1].value }
    let index = (keyframes.lastIndex { $0.frame <= frame }) ?? 0
    let start = keyframes[index]
    let end = keyframes[min(index + 1, keyframes.count - 1)]
    guard !start.isHold, end.frame > start.frame else { return start.value }
    let progress = start.easing(of: 0).progress(at: (frame - start.frame) / (end.frame - start.frame))
    guard case .path(let path) = AnimatableValue.path(start.value).interpolated(to: .path(end.value), amount: progress) else {
      return start.value
    }
    return path
  }

}
