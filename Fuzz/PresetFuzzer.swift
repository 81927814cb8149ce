// The libFuzzer target for the document front ends (built by ci/fuzz.sh): the preset loader and
// validator, the Lottie compiler, and the bounded readers of Lottie's containers (gzip for .tgs,
// zip for .lottie).
//
// Every input must end in a scene, a DocumentError, a container error or a warning: a crash, a
// trap, a sanitizer report or memory beyond the limit is a bug. The corpus in Fuzz/corpus starts
// from the shipped and the deliberately broken presets, from small Lottie files written for the
// project, and from containers made for it (a sticker, an archive, bombs, an escaping name).
import Foundation
import SplashDocument
import SplashGzip
import SplashLottie
import SplashPresets
import SplashZip

/// What a container may unpack to while fuzzing: small, so that a bomb of a few kilobytes
/// reaches it; the limit logic is the same at the shipped 64 MiB.
let unpackLimit = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreset(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  let raw = [UInt8](data)
  if raw.starts(with: [0x1F, 0x8B]) {
    // A sticker: inflated within the limit, then read as a Lottie file.
    if let json = try? GzipStream.decompress(raw, limit: unpackLimit) { compileLottie(Data(json)) }
    return 0
  }
  if raw.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
    // An archive: every entry read within the limit; the JSON ones as Lottie files.
    if let archive = try? ZipArchive(raw, maximumEntries: 1000, maximumBytes: unpackLimit) {
      for entry in archive.entries where !entry.isFolder {
        guard let content = try? archive.read(entry) else { continue }
        if entry.name.hasSuffix(".json") { compileLottie(Data(content)) }
      }
    }
    return 0
  }
  checkOneParse(raw)
  _ = try? PresetCompiler.compile(data, file: "fuzz.json5")
  _ = PresetCompiler.problems(data, file: "fuzz.json5")
  // The same bytes as a Lottie file, whether or not they look like one: the compiler must
  // refuse what is not, by its JSON path.
  compileLottie(data)
  return 0
}

/// The one pass every load makes (`parseNotingRepeatedKeys`) agrees with the two it replaced:
/// the value of the last-wins parse, and the refusing parse's first mistake, to the character.
func checkOneParse(_ raw: [UInt8]) {
  let refused = Result { try JSON5Parser.parse(raw, duplicateKeys: .refused) }
  let lastWins = Result { try JSON5Parser.parse(raw, duplicateKeys: .lastWins) }
  switch Result(catching: { try JSON5Parser.parseNotingRepeatedKeys(raw) }) {
  case .success(let parsed):
    guard case .success(let value) = lastWins, same(value, parsed.value) else { fatalError("one parse kept another value") }
    switch (refused, parsed.firstRepeatedKey) {
    case (.success, nil): break
    case (.failure(let error as JSON5Parser.SyntaxError), let noted?) where "\(error)" == "\(noted)": break
    default: fatalError("one parse noted another repetition than the refusing parse stopped at")
    }
  case .failure(let error):
    guard case .failure(let stopped) = refused, "\(stopped)" == "\(error)" else {
      fatalError("one parse failed where the refusing parse did not, or said another mistake")
    }
  }
}

/// Equal, NaN equal to NaN.
func same(_ first: JSONValue, _ second: JSONValue) -> Bool {
  switch (first, second) {
  case (.number(let a), .number(let b)): return a == b || (a.isNaN && b.isNaN)
  case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(same)
  case (.object(let a), .object(let b)):
    return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
  default: return first == second
  }
}

/// `data` through the Lottie compiler, and the scene it makes evaluated at three moments.
func compileLottie(_ data: Data) {
  if let document = try? JSONValue.parseJSON5(data, duplicateKeys: .lastWins) {
    _ = LottieCompiler.check(document, file: "fuzz.json")
    if let scene = try? LottieCompiler.compile(document, file: "fuzz.json") {
      // Evaluating frames walks every animation, remap and replicator the compiler made.
      for position in [0.0, 0.5, 1.0] { _ = scene.presentation(at: scene.clip.start + position * scene.clip.cycle) }
    }
  }
}
