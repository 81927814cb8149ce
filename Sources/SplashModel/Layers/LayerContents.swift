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

  /// The image file, resolved against the preset's folder by the presets stage; for an image
  /// carried in the document, the name it goes by in messages (no file is read).
  public var imagePath: String
  public var gravity: Gravity
  /// The image's encoded bytes when the document carries them (a Lottie file's `data:` URI).
  public var embeddedImage: EmbeddedImage?
  /// The frame of a video the image is (a layer's `VideoContents` at a time); `imagePath` is
  /// then the video file's.
  public var videoFrame: VideoFrame?

  public init(imagePath: String, gravity: Gravity = .resize, embeddedImage: EmbeddedImage? = nil, videoFrame: VideoFrame? = nil) {
    self.imagePath = imagePath
    self.gravity = gravity
    self.embeddedImage = embeddedImage
    self.videoFrame = videoFrame
  }
}

/// An encoded image (PNG, JPEG, GIF, WebP) carried in a document rather than in a file beside it: shared
/// by every frame and worker, and told apart by its identifier alone, so a frame's layers
/// compare and hash without touching the bytes.
public final class EmbeddedImage: Sendable, Hashable {
  /// Unique within the scene (the document and the place in it).
  public let identifier: String
  public let bytes: [UInt8]

  public init(identifier: String, bytes: [UInt8]) {
    self.identifier = identifier
    self.bytes = bytes
  }

  public static func == (lhs: EmbeddedImage, rhs: EmbeddedImage) -> Bool { lhs.identifier == rhs.identifier }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
