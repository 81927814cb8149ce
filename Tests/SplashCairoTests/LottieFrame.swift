import Foundation
import SplashCairo
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// A Lottie document written for a test, compiled and drawn through Cairo.
enum LottieFrame {
  /// The frame of the composition `text` at scene time `time`, `width` × `height` pixels.
  static func render(_ text: String, at time: Double = 0, width: Int = 200, height: Int = 200) throws -> PixelBuffer {
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: width, height: height))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height),
      into: buffer)
    return buffer
  }

  /// A 200 × 200 document at 30 fps, frames 0 to 60, of `layers` (JSON text of the array's elements).
  static func document(_ layers: String) -> String {
    #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layers)]}"#
  }
}
