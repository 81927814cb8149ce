import SplashCore
import SplashFiles
import SplashModel
import SplashPresets
import SplashRender

/// What a render puts behind the animation (`--background`, `--background-image`): a colour
/// in place of the canvas's own (a preset's `canvas.background`, a Lottie file's white), and an
/// image over it, fitted to the whole frame.
///
/// The image is a layer below all of the scene's, so it is drawn, cached and limited as any
/// image a preset shows; it covers the frame rather than the canvas, so a canvas fitted inside
/// a frame of another aspect (`--fit contain`) sits on the image, not on bands:
///
///     frame  ┌────────────────────┐   the image: cover (cropped) or contain (bands of the colour)
///            │   ┌────────────┐   │
///            │   │   canvas   │   │   the animation's layers, on top
///            │   └────────────┘   │
///            └────────────────────┘
public struct SceneBackground: Sendable, Equatable {
  public var color: Color?
  /// The colour as it was written, for messages and fingerprints.
  public var colorText: String?
  /// The image file, as given.
  public var imagePath: String?
  /// How the image fills the frame: cover (the default: cropped to fill) or contain (whole,
  /// on the colour).
  public var imageFit: Viewport.Fit = .cover

  public init(color: Color? = nil, colorText: String? = nil, imagePath: String? = nil, imageFit: Viewport.Fit = .cover) {
    self.color = color
    self.colorText = colorText
    self.imagePath = imagePath
    self.imageFit = imageFit
  }

  /// Refuses an image that is not a regular file within an image's limit (whether it decodes
  /// is known when it is first drawn, as for a preset's images).
  public func checkImage() throws(RenderOptionError) {
    guard let imagePath else { return }
    do {
      try InputFile.check(imagePath, limit: PresetLimits.imageFileBytes, what: "an image file (PNG, JPEG, WebP or GIF)")
    } catch let error as InputFileError {
      throw RenderOptionError(.backgroundImage, value: imagePath, [.text(": expected \(error.expected), found \(error.found)")])
    } catch {
      throw RenderOptionError(.backgroundImage, value: imagePath, [.text(": \(error)")])
    }
  }

  /// Whether the scene is drawn as it is.
  public var isNone: Bool { color == nil && imagePath == nil }

  /// The id of the image's layer: one no document can give (a preset's ids are names, a
  /// Lottie file's layers are numbered), so it never takes another layer's place in a cache.
  static let imageLayerID = "splashvid.background-image"

  /// `scene` with this background, for frames of `viewport`'s size.
  public func applied(to scene: Scene, viewport: Viewport) -> Scene {
    var scene = scene
    if let color { scene.backgroundColor = color }
    guard let imagePath else { return scene }
    // The frame in canvas points: the pixels placed back through the canvas's placement.
    let width = Double(viewport.pixelWidth) / viewport.scale
    let height = Double(viewport.pixelHeight) / viewport.scale
    var properties = LayerProperties()
    properties.bounds = Rect(x: 0, y: 0, width: width, height: height)
    properties.position = Point(x: -viewport.offset.x / viewport.scale + width / 2, y: -viewport.offset.y / viewport.scale + height / 2)
    properties.contents = LayerContents(imagePath: imagePath, gravity: imageFit == .cover ? .resizeAspectFill : .resizeAspect)
    // A covering image reaches past the frame's edges, where nothing is drawn: no clip is needed.
    scene.backdrop = Layer(id: Self.imageLayerID, properties: properties)
    return scene
  }
}
