import Foundation
import SplashCairo
import SplashCore
import SplashRender

/// One frame of an animation at a moment, written as a PNG.
public struct StillJob: Sendable {
  public var source: PresetSource
  /// The moment, a scene time once the animation is loaded.
  public var moment: TimeSelection
  public var size: OutputSize
  public var outputPath: String
  /// No canvas background, so the PNG is clear where no layer draws.
  public var isTransparent: Bool
  /// What shows behind the animation (`--background`, `--background-image`).
  public var background = SceneBackground()

  public init(source: PresetSource, moment: TimeSelection, size: OutputSize, outputPath: String, isTransparent: Bool = false) {
    self.source = source
    self.moment = moment
    self.size = size
    self.outputPath = outputPath
    self.isTransparent = isTransparent
  }

  /// Loads the animation, draws the moment and writes the PNG, or nothing (a folder made for
  /// it is removed again when the PNG cannot be written).
  ///
  /// - Parameter log: Warnings, the folders made and the closing summary, one line each.
  public func run(environment: [String: String], log: @escaping (String) -> Void) throws {
    var scene = try source.load(environment: environment, warn: { log("splashvid: \($0)") })
    if isTransparent { scene.backgroundColor = .clear }
    let time = try moment.sceneTime(in: scene)
    var inputs = try source.inputs(scene, environment: environment)
    if let path = background.imagePath { inputs.append(OutputPaths.Input(role: "the background image", path: path)) }
    try OutputPaths.checkNoInputOverwritten(files: [outputPath], inputs: inputs)
    let pixelSize = size.resolve(canvas: scene.canvasSize, requiresEven: false)
    guard let buffer = PixelBuffer(width: pixelSize.width, height: pixelSize.height) else {
      throw RenderError(stage: "allocating the still", message: "\(pixelSize.width)x\(pixelSize.height) is too large")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: pixelSize.width, pixelHeight: pixelSize.height, fit: size.fit)
    try background.checkImage()
    scene = background.applied(to: scene, viewport: viewport)
    try CairoBackend { log("splashvid: warning: \($0)") }.render(scene.presentation(at: time), viewport: viewport, into: buffer)
    try PNGOutput.write(buffer, to: outputPath, log: log)
    // Rounded to a microsecond so that --position 0.1 reads 1.2, not 1.2000000000000002; a
    // document with frame numbers also names the frame.
    var shown = DecimalText.shortest((time * 1e6).rounded() / 1e6)
    if !shown.contains(".") && !shown.contains("e") { shown += ".0" }
    let frame = scene.frameNumbering.map { ", frame \(DecimalText.shortest(($0.framesPerSecond * time * 1e3).rounded() / 1e3))" } ?? ""
    log("wrote \(outputPath): t = \(shown) s\(frame), \(pixelSize.width)x\(pixelSize.height)")
  }
}
