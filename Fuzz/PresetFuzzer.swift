// The libFuzzer target for the document front ends (built by ci/fuzz.sh): the preset loader and
// validator, and the Lottie compiler.
//
// Every input must end in a scene, a DocumentError or a warning: a crash, a trap or a sanitizer
// report is a bug. The corpus in Fuzz/corpus starts from the shipped and the deliberately
// broken presets and from small Lottie files written for the project.
import Foundation
import SplashDocument
import SplashLottie
import SplashPresets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreset(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  _ = try? PresetCompiler.compile(data, file: "fuzz.json5")
  _ = PresetCompiler.problems(data, file: "fuzz.json5")
  // The same bytes as a Lottie file, whether or not they look like one: the compiler must
  // refuse what is not, by its JSON path.
  if let document = try? JSONValue.parseJSON5(data, duplicateKeys: .lastWins) {
    _ = LottieCompiler.check(document, file: "fuzz.json")
    if let scene = try? LottieCompiler.compile(document, file: "fuzz.json") {
      // Evaluating frames walks every animation, remap and replicator the compiler made.
      for position in [0.0, 0.5, 1.0] { _ = scene.presentation(at: scene.clip.start + position * scene.clip.cycle) }
    }
  }
  return 0
}
