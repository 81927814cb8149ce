import Foundation
import Testing

/// Malformed and hostile presets and manifests: each must end in one clear line and a non-zero
/// exit within seconds, never a crash, a hang or a file left behind.
@Suite("Broken and hostile input: one line, non-zero exit, nothing written")
struct HostileInputTests {
  static let header = #"schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 2 }"#

  static func preset(_ layers: String, extra: String = "") -> String {
    "{ \(header)\(extra), layers: [ \(layers) ] }"
  }

  /// (name, preset text, a fragment the single error line must contain)
  static let presets: [(String, String, String)] = [
    ("empty", "", "not valid JSON5"),
    ("truncated", "{ schemaVersion: 1, canvas: { size: [100, 1", "not valid JSON5"),
    ("not an object", "[1, 2, 3]", "expected an object"),
    ("binary garbage", "\u{1}\u{2}\u{0}\u{FF}", "not valid JSON5"),
    ("NaN duration", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, duration: NaN } ] }"#), "duration"),
    (
      "infinite duration", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, duration: Infinity } ] }"#),
      "duration"
    ),
    (
      "1e300 duration", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, duration: 1e300 } ] }"#),
      "duration"
    ),
    (
      "negative duration", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, duration: -1 } ] }"#),
      "duration"
    ),
    ("zero cycle", "{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 0 }, layers: [] }", "clip.cycle"),
    ("negative canvas", "{ schemaVersion: 1, canvas: { size: [-100, 100] }, clip: { cycle: 1 }, layers: [] }", "canvas.size"),
    ("huge canvas", "{ schemaVersion: 1, canvas: { size: [1e300, 100] }, clip: { cycle: 1 }, layers: [] }", "canvas.size"),
    ("NaN position", preset(#"{ id: "a", position: [NaN, 0] }"#), "layers[0].position[0]"),
    ("infinite opacity", preset(#"{ id: "a", opacity: -Infinity }"#), "layers[0].opacity"),
    (
      "huge repeat count", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, repeatCount: 1e300 } ] }"#),
      "repeatCount"
    ),
    ("huge speed", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, speed: 1e12 } ] }"#), "speed"),
    (
      "huge timeOffset", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, timeOffset: 1e300 } ] }"#),
      "timeOffset"
    ),
    (
      "huge beginTime", preset(#"{ id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, beginTime: 1e300 } ] }"#),
      "beginTime"
    ),
    ("zero spring mass", preset(#"{ id: "a", animations: [ { type: "spring", keyPath: "opacity", toValue: 0, mass: 0 } ] }"#), "mass"),
    (
      "zero damping ratio",
      preset(#"{ id: "a", animations: [ { type: "spring", keyPath: "opacity", toValue: 0, duration: 1, dampingRatio: 0 } ] }"#),
      "dampingRatio"
    ),
    ("string for a number", preset(#"{ id: "a", opacity: "half" }"#), "layers[0].opacity"),
    ("number for a string", preset(#"{ id: 5 }"#), "layers[0].id"),
    ("object for an array", preset(#"{ id: "a", sublayers: { id: "b" } }"#), "layers[0].sublayers"),
    ("null everywhere", "{ schemaVersion: null, canvas: null, clip: null, layers: null }", "schemaVersion"),
    ("unknown type", preset(#"{ id: "a", type: "video" }"#), "layers[0].type"),
    ("unknown animation type", preset(#"{ id: "a", animations: [ { type: "tween" } ] }"#), "layers[0].animations[0].type"),
    ("layer id reused as its own mask", preset(#"{ id: "a", mask: { id: "a" } }"#), "layers[0].mask.id"),
    ("bad SVG", preset(#"{ id: "a", type: "shape", path: "M 0 0 Q" }"#), "layers[0].path"),
    ("SVG arc", preset(#"{ id: "a", type: "shape", path: "M 0 0 A 5 5 0 0 1 10 10" }"#), "arc commands"),
    ("angle with a bad unit", preset(#"{ id: "a", transform: { rotate: "90grad" } }"#), "layers[0].transform.rotate"),
    ("matrix of 15", preset(#"{ id: "a", transform: { matrix: [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0] } }"#), "layers[0].transform.matrix"),
    ("path traversal", preset(#"{ id: "a", contents: "../../../../etc/hostname" }"#), "an image inside"),
    ("absolute asset", preset(#"{ id: "a", contents: "/etc/hostname" }"#), "an image inside"),
    ("missing asset", preset(#"{ id: "a", contents: "nope.png" }"#), "an image file that exists"),
    ("corrupt image", preset(#"{ id: "a", bounds: [0, 0, 10, 10], contents: "corrupt.png" }"#), "decoding image"),
    ("truncated image", preset(#"{ id: "a", bounds: [0, 0, 10, 10], contents: "truncated.png" }"#), "decoding image"),
    ("text pretending to be an image", preset(#"{ id: "a", bounds: [0, 0, 10, 10], contents: "text.png" }"#), "decoding image"),
    ("undeclared parameter", preset(#"{ id: "a", backgroundColor: "$brand" }"#), "$brand"),
    (
      "parameter of the wrong type",
      preset(#"{ id: "a", opacity: "$brand" }"#, extra: #", parameters: { brand: { type: "color", default: "red" } }"#), "layers[0].opacity"
    ),
    ("grid too large", preset(#"{ id: "g", grid: { columns: 200, rows: 200, cellSize: [1, 1], cell: {} } }"#), "at most 2000 cells"),
    ("grid of zero", preset(#"{ id: "g", grid: { columns: 0, rows: 2, cellSize: [1, 1], cell: {} } }"#), "layers[0].grid.columns"),
    (
      "keyTimes out of range",
      preset(#"{ id: "a", animations: [ { type: "keyframe", keyPath: "opacity", values: [0, 1], keyTimes: [0, 2] } ] }"#), "keyTimes[1]"
    ),
    (
      "empty keyframes", preset(#"{ id: "a", animations: [ { type: "keyframe", keyPath: "opacity", values: [] } ] }"#), "at least one value"
    ),
    ("gradient locations NaN", preset(#"{ id: "a", type: "gradient", colors: ["red", "blue"], locations: [0, NaN] }"#), "locations[1]"),
    ("font size zero", preset(#"{ id: "a", type: "text", string: "x", fontSize: 0 }"#), "fontSize"),
    ("dash of NaN", preset(#"{ id: "a", type: "shape", lineDashPattern: [4, NaN] }"#), "lineDashPattern[1]"),
    ("hold of a day", "{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1, hold: 86400 } , layers: [] }", "clip.hold"),
  ]

  private func write(_ text: String, named name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  /// Runs `still` on a preset; expects a non-zero exit, one line containing `fragment`, no file.
  private func expectRejected(_ text: String, fragment: String, label: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    png.append(Data(repeating: 0x41, count: 64))
    try png.write(to: folder.appendingPathComponent("corrupt.png"))
    let real = try Data(contentsOf: BinaryRunner.repository.appendingPathComponent("presets/assets/mascot.png"))
    try real.prefix(real.count / 3).write(to: folder.appendingPathComponent("truncated.png"))
    try Data("hello".utf8).write(to: folder.appendingPathComponent("text.png"))
    _ = try write(text, named: "case.json5", in: folder)
    let started = Date()
    let outcome = try BinaryRunner.run(["still", "--file", "case.json5", "--time", "0.5", "--scale", "1", "-o", "out.png"], in: folder)
    #expect(Date().timeIntervalSince(started) < 20, "\(label) finishes within seconds")
    #expect(outcome.exitCode != 0 && outcome.exitCode < 128, "\(label): exit \(outcome.exitCode) (a crash is ≥ 128)")
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(label): \(outcome.standardError)")
    #expect(outcome.standardError.contains(fragment), "\(label): \(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty, "\(label)")
  }

  @Test("malformed presets", arguments: presets)
  func malformed(name: String, text: String, fragment: String) throws {
    try expectRejected(text, fragment: fragment, label: name)
  }

  @Test("generated hostile presets: deep nesting, a million keyframes, a huge path, 20 000 layers")
  func generated() throws {
    var nested = ""
    for level in 0..<200 { nested += #"{ id: "x\#(level)", sublayers: ["# }
    nested += String(repeating: "] }", count: 200)
    try expectRejected(Self.preset(nested), fragment: "nested more than 64 deep", label: "deep nesting")

    let million = Self.preset(
      #"{ id: "a", animations: [ { type: "keyframe", keyPath: "opacity", values: ["# + String(repeating: "0.5,", count: 1_000_000)
        + "1] } ] }")
    try expectRejected(million, fragment: "at most 10000 keyframes", label: "a million keyframes")

    let longPath = Self.preset(#"{ id: "a", type: "shape", path: "M 0 0"# + String(repeating: " L 1 1", count: 150_000) + #"" }"#)
    try expectRejected(longPath, fragment: "at most 100000 elements", label: "huge path")

    let layers = (0..<20_000).map { #"{ id: "l\#($0)" }"# }.joined(separator: ",")
    try expectRejected(Self.preset(layers), fragment: "more than 10000 layers", label: "20 000 layers")

    let bomb = Self.preset(#"{ id: "a", bounds: [0, 0, 10, 10], contents: "bomb.png" }"#)
    let folder = try BinaryRunner.temporaryFolder()
    // A 68-byte, well-formed PNG (IHDR, a 16-byte IDAT, IEND, valid CRCs) declaring
    // 100 000 × 100 000 RGBA pixels, 40 GB decoded: refused from its header before decoding.
    // (A header alone is not enough: gdk-pixbuf reports the size only once it reaches the IDAT.)
    let bombFile = try #require(
      Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAYAAACoUgvIAAAAC0lEQVR4nGNgQAUAABAAATm9j2UAAAAASUVORK5CYII="))
    try bombFile.write(to: folder.appendingPathComponent("bomb.png"))
    _ = try write(bomb, named: "bomb.json5", in: folder)
    let outcome = try BinaryRunner.run(["still", "--file", "bomb.json5", "--time", "0", "--scale", "1", "-o", "o.png"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.contains("100000x100000 is more than 50 megapixels"), "\(outcome.standardError)")
  }

  /// (name, manifest text, fragment)
  static let manifests: [(String, String, String)] = [
    ("empty manifest", "", "is empty"),
    ("unknown column", "preset,colour\nfuber,red\n", "unknown column colour"),
    ("missing preset", "output\nx.mp4\n", "missing preset"),
    ("escaping output", "preset,output\nfuber,../../x.mp4\n", "inside the output folder"),
    ("absolute output", "preset,output\nfuber,/tmp/x.mp4\n", "inside the output folder"),
    ("duplicate outputs", "preset,output\nfuber,x.mp4\nwelcome,x.mp4\n", "also written by"),
    ("too many fields", "preset\nfuber,1,2\n", "fields, the header has"),
    // A row's own value is named by its column, not as the option it overrides.
    ("bad fps", "preset,fps\nfuber,0\n", ": fps 0: expected a whole number from 1 to 240"),
    ("bad loops", "preset,loops\nfuber,1e9\n", ": loops 1e9: expected a whole number from 1 to 10000"),
    ("other format", "preset,format\nfuber,avi\n", "format avi: expected one of h264, hevc, prores, vp9, gif"),
    ("format and extension disagree", "preset,output,format\nfuber,f.webm,prores\n", "ProRes 4444 MOV is written as .mov, not .webm"),
  ]

  @Test("malformed manifests", arguments: manifests)
  func malformedManifest(name: String, text: String, fragment: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets"), to: folder.appendingPathComponent("presets"))
    _ = try write(text, named: "m.csv", in: folder)
    let outcome = try BinaryRunner.run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder)
    #expect(outcome.exitCode != 0 && outcome.exitCode < 128, "\(name): exit \(outcome.exitCode)")
    #expect(outcome.standardError.split(separator: "\n").first?.contains(fragment) == true, "\(name): \(outcome.standardError)")
    #expect(outcome.standardError.split(separator: "\n").count <= 2, "\(name)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "\(name)")
  }
}
