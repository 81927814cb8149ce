import CCairo
import SplashRender

/// Turns a Cairo status into the render stage's error.
enum RenderErrorFactory {
  static func make(stage: String, status: cairo_status_t) -> RenderError {
    RenderError(stage: stage, message: String(cString: cairo_status_to_string(status)))
  }
}
