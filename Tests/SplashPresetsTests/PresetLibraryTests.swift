import Foundation
import SplashTestSupport
import Testing

@testable import SplashPresets

@Suite("Presets are found by name in a fixed folder order")
struct PresetLibraryTests {
  private func folder(with presets: [String]) throws -> URL {
    let url = try ScratchFolder.make("presets")
    for name in presets {
      try Data("{}".utf8).write(to: url.appendingPathComponent(name))
    }
    return url
  }

  @Test("--presets-dir comes before $SPLASHVID_PRESETS, which comes before ./presets")
  func searchOrder() throws {
    let first = try folder(with: ["fuber.json5"])
    let second = try folder(with: ["fuber.json5", "welcome.json"])
    let library = PresetLibrary.standard(
      presetsDirectory: first.path, environment: ["SPLASHVID_PRESETS": second.path],
      executableURL: URL(fileURLWithPath: "/opt/splashvid/bin/splashvid"))
    #expect(try library.file(named: "fuber").path == first.appendingPathComponent("fuber.json5").path)
    #expect(try library.file(named: "welcome").path == second.appendingPathComponent("welcome.json").path)
    #expect(library.searchFolders.map(\.path).suffix(2) == ["/opt/splashvid/bin/presets", "/opt/splashvid/share/splashvid/presets"])
  }

  @Test("a missing preset names every folder searched")
  func missingPreset() throws {
    let only = try folder(with: [])
    let library = PresetLibrary(searchFolders: [only])
    #expect {
      try library.file(named: "nope")
    } throws: { error in
      "\(error)" == "no preset named \"nope\"; searched \(only.path) (use --presets-dir DIR or --file PATH)"
    }
  }

  @Test("a name with a slash is not looked up as a path")
  func noPathsAsNames() throws {
    let library = PresetLibrary(searchFolders: [try folder(with: ["x.json5"])])
    #expect(throws: PresetLookupError.self) { try library.file(named: "../x") }
  }

  @Test("a library finds the extensions it is given, a preset's own by default, the first preferred; never schema.json")
  func fileExtensions() throws {
    let folder = try folder(with: ["a.json", "a.json5", "b.lottie", "schema.json"])
    let presets = PresetLibrary(searchFolders: [folder])
    #expect(try presets.file(named: "a").lastPathComponent == "a.json5")
    #expect(throws: PresetLookupError.self) { try presets.file(named: "b") }
    #expect(presets.allPresets().map(\.name) == ["a"])
    let everything = PresetLibrary(searchFolders: [folder], fileExtensions: ["json5", "json", "lottie"])
    #expect(try everything.file(named: "b").lastPathComponent == "b.lottie")
    #expect(everything.allPresets().map(\.name) == ["a", "b"])
    #expect(!everything.isFound("schema.json") && everything.isFound("b.lottie") && !presets.isFound("b.lottie"))
    #expect(everything.name(ofFile: "b.lottie") == "b" && presets.name(ofFile: "b.lottie") == "b.lottie")
  }
}
