import SplashOutput
import SplashRender

extension RenderTarget {
  /// The options this target sets, as the command line would give them. Giving one of them
  /// too is a mistake (the platform decides it), except `--fit`, which only frames the canvas.
  func apply(to scanned: inout ArgumentScanner.Result) throws {
    for option in ["size", "scale", "fps", "format"] where scanned.values[option] != nil {
      throw UsageError("--target \(name) sets --\(option == "scale" ? "size" : option); leave --\(option) out")
    }
    if let size { scanned.values["size"] = "\(size.width)x\(size.height)" }
    scanned.values["fps"] = String(framesPerSecond)
    scanned.values["format"] = format.rawValue
    if scanned.values["fit"] == nil, let fit = fit(requested: nil) { scanned.values["fit"] = fit.rawValue }
    if isTransparent { scanned.flags.insert("transparent") }
  }
}
