/// An image shown in a layer's bounds (`CALayer.contents`), and how it is fitted.
public struct LayerContents: Sendable, Hashable {
  /// `CALayerContentsGravity`: how the image fits the bounds.
  public enum Gravity: String, Sendable, Hashable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretched to fill (the default).
    case resize
    /// Scaled to fit inside, keeping its aspect ratio.
    case resizeAspect
    /// Scaled to cover, keeping its aspect ratio, and cropped.
    case resizeAspectFill
  }

  /// The image file, resolved against the preset's folder by the presets stage.
  public var imagePath: String
  public var gravity: Gravity

  public init(imagePath: String, gravity: Gravity = .resize) {
    self.imagePath = imagePath
    self.gravity = gravity
  }
}
