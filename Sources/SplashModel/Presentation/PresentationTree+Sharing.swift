import SplashCore

/// Handing out an earlier frame's values where a frame presents the same.
///
/// A layer between keyframes, or holding its last one, presents the same values frame after
/// frame, but the evaluator builds them afresh each time (new storage), so the display list
/// builds and places its node afresh too: LottieLogo1's letters each animate for a few frames
/// and rest for the other 170, and its list rebuilt all 170 nodes in every frame. So each
/// layer is presented beside the same layer of the renderer's last frame: equal values take
/// that layer's storage, and a subtree equal throughout is the last frame's subtree itself,
/// which the list takes whole (`DisplayList`, `RetainedDisplayList`).
///
///     frame n      evaluate ──────────────────────────▶ tree n   ──▶ list (built)
///     frame n + 1  evaluate beside tree n, layer by layer ──▶ tree n+1 ──▶ list (unchanged nodes taken)
///
/// Shared as it is presented, not afterwards: a pass over the finished tree compared each
/// layer, then released the fresh arrays of every subtree it found unchanged, a fifth of
/// evaluating LottieLogo1. Now no array is made while a subtree comes out the same.
///
/// Only storage changes: the tree is equal to the tree evaluated alone, value for value.
extension PresentationLayer {
  /// The presentations of `models`, each `present(index, earlier)`, where `earlier` is the
  /// address of the layer at that place in `earlier` (`nil` past its end, or when there is no
  /// earlier frame); `earlier` itself when every one of them comes out as the very layer
  /// there (`isSame(as:)`).
  ///
  /// While they do, no array is made: the first that differs starts one, with the earlier
  /// layers before it.
  static func presenting(
    _ models: [Layer], earlier: [PresentationLayer]?,
    present: (_ index: Int, _ earlier: UnsafePointer<PresentationLayer>?) -> PresentationLayer
  ) -> [PresentationLayer] {
    let count = models.count
    guard let earlier, !earlier.isEmpty else {
      var presented: [PresentationLayer] = []
      presented.reserveCapacity(count)
      for index in 0..<count { presented.append(present(index, nil)) }
      return presented
    }
    return earlier.withUnsafeBufferPointer { earlierLayers in
      var presented: [PresentationLayer] = []
      // While true, `presented` is empty and stands for the earlier layers so far.
      var allSame = earlierLayers.count == count
      for index in 0..<count {
        let layer = present(index, index < earlierLayers.count ? earlierLayers.baseAddress! + index : nil)
        if allSame {
          if layer.isSame(as: earlierLayers.baseAddress! + index) { continue }
          allSame = false
          presented.reserveCapacity(count)
          presented.append(contentsOf: earlierLayers[0..<index])
        }
        presented.append(layer)
      }
      return allSame ? earlier : presented
    }
  }

  /// Whether this is the layer at `other` itself: the same storage for its properties,
  /// sublayers and mask, and the same id, kind, tint and flags. Read where it lies, field by
  /// field: passed as a value, the layer was copied first (a retain of each reference).
  func isSame(as other: UnsafePointer<PresentationLayer>) -> Bool {
    $properties.isIdentical(to: other.pointee.$properties) && sublayers.sharesStorage(with: other.pointee.sublayers)
      && maskStorage.sharesStorage(with: other.pointee.maskStorage) && tint == other.pointee.tint
      && isMoving == other.pointee.isMoving && hasFixedContent == other.pointee.hasFixedContent
      && kind == other.pointee.kind && id == other.pointee.id
  }
}

/// Sharing made whole layers with an earlier frame's: a replicator's instances, which are made
/// whole and only then compared.
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
