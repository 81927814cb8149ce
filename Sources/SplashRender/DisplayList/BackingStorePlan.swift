import SplashCore
import SplashModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a moving layer is composited from a backing store, as Core Animation composites it: the
/// display list's decision, which the backend carries out.
///
/// Core Animation draws a layer's content once into a backing store and, while only the
/// layer's place on screen changes, composites that picture with the layer's transform and
/// opacity instead of drawing it again. splashvid does the same for a layer that is moving
/// (`PresentationLayer.isMoving`) while its picture stays the same (`hasFixedContent`), faded
/// (a group it would otherwise draw afresh every frame; the evaluator marks motion only where
/// a layer may show faded, `MotionScope`) and slow to draw (`minimumSegments`):
/// fuber's rippling lattice tiles are 77 such layers, and stroking their thin diagonals again
/// each frame cost more than everything else in the frame.
///
/// A store is drawn at twice the layer's scale on screen rounded up to a step of 2^(1/8)
/// (9 %): a layer that grows or shrinks is drawn again only when its scale crosses a step (the
/// threshold: below it the store is shrunk by 8 % more or less, which the filtering hides;
/// enlarging a store would blur it, so the step is rounded up). Layers at rest are drawn
/// afresh at their exact place, so a still moment stays as sharp as before; a moving one is
/// filtered at the fraction of a pixel it lands on, as a GPU samples a layer's texture. A
/// store's pixels depend only on `content` and the scale step, never on which frames a worker
/// drew before, so frames stay identical whatever the number of workers.
public struct BackingStorePlan: Sendable, Equatable {
  /// The layer as the store holds it: what places it in its superlayer (position, transform,
  /// stacking) and its opacity, applied when compositing, set aside. The anchor point stays:
  /// the sublayer transform applies about it. Layers whose content is equal share a store.
  public var content: PresentationLayer
  /// Store pixels per point of the layer's space.
  public var scaleX: Double
  public var scaleY: Double
  /// Where the layer's origin lands in the store, in store pixels.
  public var originX: Double
  public var originY: Double
  public var width: Int
  public var height: Int

  /// Scale steps per doubling at which stores are drawn.
  public static let stepsPerOctave = 8.0
  /// Store pixels per frame pixel along each axis.
  ///
  /// Filtered down from twice the resolution, a moving fuber tile at 1080x1920 is on average
  /// 0.4 levels from the tile drawn afresh at its place (1.2 at the frame's own resolution,
  /// where a 0.5-point line visibly softens as it falls between pixels); compositing costs
  /// the same, since bilinear filtering reads four store pixels per frame pixel either way.
  public static let oversampling = 2.0
  /// The stroked path segments a layer's subtree must draw for a store to pay.
  ///
  /// Compositing a store costs about as much per pixel as filling a shape afresh, so a store
  /// only pays where drawing is slow: Cairo strokes a long thin diagonal at about 16 µs (a
  /// 260-pixel line of fuber's lattice, measured), and a fuber tile strokes 30 segments: about
  /// 180 µs, against 60 µs to composite its store (both measured with Cairo in C). A fading
  /// dot, a filled card or a line of text is drawn at its exact place even while it moves.
  public static let minimumSegments = 16

  /// The scale a store is drawn at for a layer shown at `scale`: the next step at or above it.
  public static func storeScale(for scale: Double) -> Double {
    let steps = (log2(scale) * stepsPerOctave - 1e-9).rounded(.up)
    return exp2(steps / stepsPerOctave)
  }

  /// The plan for `node`, whose layer space `toDevice` maps onto a frame of `framePixels`
  /// pixels, or `nil` when it is drawn: at rest, changing, opaque, masked, shadowed, blended,
  /// turned or skewed on screen (its edges are not resampled at an angle), quick to draw, or
  /// larger than the frame at the store's resolution.
  public init?(for node: borrowing DisplayNode, toDevice: AffineTransform, framePixels: Int) {
    // Asked of every layer placed in every frame, and most are not moving or not faded: the
    // layer is read in place, and copied (a retain of each of its references) only for a plan.
    guard node.layer.isMoving, node.layer.hasFixedContent, node.layer.properties.opacity < 1, !node.hasMask,
      node.layer.properties.blendMode == .normal, !node.layer.properties.filtersPicture,
      node.layer.properties.shadow.opacity <= 0 || node.layer.properties.shadow.color.alpha <= 0,
      let extents = node.extents, extents.width > 0, extents.height > 0, node.strokedSegments >= Self.minimumSegments,
      toDevice.b == 0, toDevice.c == 0, toDevice.a > 0, toDevice.d > 0
    else { return nil }
    scaleX = Self.storeScale(for: toDevice.a) * Self.oversampling
    scaleY = Self.storeScale(for: toDevice.d) * Self.oversampling
    // Whole store pixels around the extents, and one more for antialiasing.
    let left = (extents.minX * scaleX).rounded(.down) - 1
    let top = (extents.minY * scaleY).rounded(.down) - 1
    let width = (extents.maxX * scaleX).rounded(.up) + 1 - left
    let height = (extents.maxY * scaleY).rounded(.up) + 1 - top
    // A store larger than the frame (at its oversampling) is not worth keeping.
    guard width * height <= Double(framePixels) * Self.oversampling * Self.oversampling else { return nil }
    originX = -left
    originY = -top
    self.width = Int(width)
    self.height = Int(height)
    content = Self.content(of: node.layer)
  }

  /// `layer` placed nowhere, at opacity 1 (see `content`).
  public static func content(of layer: PresentationLayer) -> PresentationLayer {
    var content = layer
    content.properties.position = .zero
    content.properties.transform = .identity
    content.properties.zPosition = 0
    content.properties.opacity = 1
    content.isMoving = false
    return content
  }
}
