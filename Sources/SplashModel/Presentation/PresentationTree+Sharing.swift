import SplashCore

/// Handing out an earlier frame's values where a frame presents the same.
///
/// A layer between keyframes, or holding its last one, presents the same values frame after
/// frame, but the evaluator builds them afresh each time (new storage), so the display list
/// builds and places its node afresh too: LottieLogo1's letters each animate for a few frames
/// and rest for the other 170, and its list rebuilt all 170 nodes in every frame. Once a
/// frame's tree is evaluated, each layer equal to the same layer of the renderer's last frame
/// takes that layer's storage, and a subtree equal throughout becomes the last frame's
/// subtree itself, which the list takes whole (`DisplayList`, `RetainedDisplayList`).
///
///     frame n      evaluate ──▶ tree n  ──▶ list (built)
///     frame n + 1  evaluate ──▶ tree n+1 ──share with tree n──▶ list (unchanged nodes taken)
///
/// Only storage changes: the tree is equal to the tree evaluated alone, value for value.
extension PresentationTree {
  /// Makes each layer equal to the layer at the same place in `previous` share its storage.
  ///
  /// Mutating, not returning a copy: a copy of the tree shares its arrays with this one, and
  /// writing them would copy every array on the way down.
  public mutating func share(with previous: PresentationTree) {
    _ = PresentationLayer.share(&layers, with: previous.layers)
    if backdrop != nil, let previousBackdrop = previous.backdrop {
      _ = backdrop!.share(with: [previousBackdrop], at: 0)
    }
  }
}

extension PresentationLayer {
  /// Takes the storage of `previous[index]` for what of this layer equals it, sublayers and
  /// mask first; returns whether the whole layer is now that layer itself (the same storage
  /// throughout).
  ///
  /// The earlier layer is read field by field where it lies: passed on whole, each layer was
  /// copied out of its array first (a retain of each reference it holds, and a release after).
  mutating func share(with previous: [PresentationLayer], at index: Int) -> Bool {
    guard kind == previous[index].kind, id == previous[index].id else { return false }
    let sublayersShared = Self.share(&sublayers, with: previous[index].sublayers)
    let maskShared = Self.share(&maskStorage, with: previous[index].maskStorage)
    // Equal at once when the storage is already one (`CopyOnWrite`'s ==).
    let earlier = previous[index].$properties
    let propertiesShared = $properties == earlier
    if propertiesShared { $properties = earlier }
    return propertiesShared && sublayersShared && maskShared && tint == previous[index].tint
      && isMoving == previous[index].isMoving && hasFixedContent == previous[index].hasFixedContent
  }

  /// Shares each of `layers` with the one at its place in `previous`, and takes `previous`
  /// itself when every one of them is shared whole; returns whether it did.
  static func share(_ layers: inout [PresentationLayer], with previous: [PresentationLayer]) -> Bool {
    if layers.sharesStorage(with: previous) { return true }
    var allShared = layers.count == previous.count
    layers.withUnsafeMutableBufferPointer { mine in
      for index in mine.indices where index < previous.count {
        if !mine[index].share(with: previous, at: index) { allShared = false }
      }
    }
    if allShared { layers = previous }
    return allShared
  }
}
