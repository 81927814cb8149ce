// The libFuzzer target for the preset loader and validator (built by ci/fuzz.sh).
//
// Every input must end in a scene or a PresetError: a crash, a trap or a sanitizer report is a
// bug. The corpus in Fuzz/corpus starts from the shipped and the deliberately broken presets.
import Foundation
import SplashPresets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreset(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  _ = try? PresetCompiler.compile(data, file: "fuzz.json5")
  _ = PresetCompiler.problems(data, file: "fuzz.json5")
  return 0
}
