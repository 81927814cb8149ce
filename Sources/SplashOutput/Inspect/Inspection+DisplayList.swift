import SplashCairo
import SplashModel
import SplashRender

extension Inspection {
  /// The display list of the frame at `time`, drawn at `size` as `still` draws it: one line a
  /// layer, indented under its superlayer, saying how it is drawn (its group, backing store and
  /// the engine of its shapes; see `DrawPlan`).
  public static func displayList(of scene: Scene, at time: Double, size: OutputSize) -> [String] {
    let pixels = size.resolve(canvas: scene.canvasSize, requiresEven: false)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: pixels.width, pixelHeight: pixels.height, fit: size.fit)
    // Text is measured as the backend draws it.
    let list = DisplayList(scene.presentation(at: time), viewport: viewport, measuring: CairoBackend())
    return ["display list at t = \(time) s, \(pixels.width)x\(pixels.height):"] + list.dump().map { "  " + $0 }
  }
}
