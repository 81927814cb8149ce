import SplashCore
import SplashModel

/// One layer of a display list: the layer as it draws, with what the renderer would otherwise
/// work out again at each level of the tree.
public struct DisplayNode: Sendable {
  /// The layer as it draws: its replicator tint applied to its colours (`withTintApplied`).
  /// Its `sublayers` and `mask` are the presented ones; draw `sublayers` and `mask` of this
  /// node instead.
  public var layer: PresentationLayer
  /// Where the layer and its subtree can draw, in the layer's own space, shadow included and
  /// the mask's extents applied; `nil` when that is not known cheaply (overflowing contents,
  /// perspective below).
  public var extents: Rect?
  /// The sublayers bottom to top (by `zPosition`, then in their order).
  public var sublayers: [DisplayNode]
  /// Held in an array so the type can contain itself; at most one element.
  private var maskStorage: [DisplayNode]
  /// The path segments stroked in this layer and its visible sublayers, masks aside: what a
  /// backing store would save drawing.
  public var strokedSegments: Int
  /// Whether the layer draws nothing in the frame: its extents, placed on the frame, lie
  /// outside the frame and every clip above it (a tile scrolled off screen). Decided for
  /// drawing straight into the frame; a layer drawn offscreen (into a backing store, or flat
  /// before a perspective warp) is not culled by it. False when not known.
  public var isCulled = false
  /// How the layer is composited from a backing store, when it is (decided, like culling, for
  /// drawing straight into the frame).
  public var backingStore: BackingStorePlan?

  public init(layer: PresentationLayer, extents: Rect?, sublayers: [DisplayNode], mask: DisplayNode?, strokedSegments: Int) {
    self.layer = layer
    self.extents = extents
    self.sublayers = sublayers
    maskStorage = mask.map { [$0] } ?? []
    self.strokedSegments = strokedSegments
  }

  /// The mask, drawn in this layer's space.
  public var mask: DisplayNode? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// This node drawing `layer` instead: another place and opacity for the same picture (a
  /// backing store draws the layer placed nowhere, at opacity 1). Its extents, in its own
  /// space, do not change with its place.
  public func drawing(_ layer: PresentationLayer) -> DisplayNode {
    var node = self
    node.layer = layer
    return node
  }
}
