import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashOutput
import SplashPipeline
import Testing

/// Every numeric field of both formats, read with a hostile number in it, through the jobs
/// the commands run: each field either draws (a still and a short clip) or is refused with a
/// one-line message, and a refused job leaves nothing behind. A trap (a Double converted to an
/// Int out of range, an index from a NaN) ends this process, and so the test.
@Suite("Every numeric field of a Lottie file and a preset at ±1e308, NaN and −0: a picture or a one-line refusal")
struct NumericFieldSweepTests {
  /// What one hostile document came to.
  enum Outcome: Equatable {
    case drawn
    case refused(String)
  }

  /// Runs a still and a short clip of the document at `path`, each into an empty folder, and
  /// says what came of them; records an issue for a refusal that is not one line, or a
  /// folder left with anything but the job's own output.
  static func attempt(_ path: String, field: String, in folder: URL) -> [Outcome] {
    let source = PresetSource(origin: .file(path))
    let outputs = folder.appendingPathComponent("out")
    var outcomes: [Outcome] = []
    let jobs: [(name: String, run: (String) throws -> Void)] = [
      (
        "still.png",
        { output in
          try StillJob(
            source: source, moment: .position(0.5), size: OutputSize(requested: PixelSize(width: 16, height: 16)), outputPath: output
          )
          .run(environment: [:], log: { _ in })
        }
      ),
      (
        "clip-%02d.png",
        { output in
          try RenderJob(
            source: source, outputs: RenderOutput.plan(paths: [output], formatName: nil, wantsPoster: false),
            framesPerSecond: 1, size: OutputSize(requested: PixelSize(width: 16, height: 16)), workers: 1
          ).run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
        }
      ),
    ]
    for job in jobs {
      try? FileManager.default.removeItem(at: outputs)
      try? FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
      let output = outputs.appendingPathComponent(job.name).path
      var outcome = Outcome.drawn
      do { try job.run(output) } catch { outcome = .refused("\(error)") }
      let left = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
      switch outcome {
      case .drawn:
        // A still is one file; a clip's frames are named by its pattern.
        let prefix = job.name.prefix { $0 != "%" }
        let isOwn = { (name: String) in name == job.name || (name.hasPrefix(prefix) && name.hasSuffix(".png")) }
        #expect(!left.isEmpty && left.allSatisfy(isOwn), "\(field): \(job.name) drawn, the folder holds \(left)")
      case .refused(let message):
        #expect(left.isEmpty, "\(field): \(job.name) refused (\(message)), the folder holds \(left)")
        #expect(!message.isEmpty && !message.contains("\n"), "\(field): \(job.name) refused with \(message.debugDescription)")
      }
      outcomes.append(outcome)
    }
    return outcomes
  }

  /// Sweeps the numeric fields of `document`, written to `path` for each hostile number, and
  /// says how many jobs drew and how many were refused.
  static func sweep(
    _ document: JSONValue, writtenTo path: URL, in folder: URL, shard: Int = 0, of shards: Int = 1
  ) throws -> (drawn: Int, refused: Int) {
    var drawn = 0
    var refused = 0
    for (index, field) in NumericFieldSweep.numericFields(of: document).enumerated() where index % shards == shard {
      let name = field.map(\.description).joined()
      for number in NumericFieldSweep.hostileNumbers {
        let hostile = NumericFieldSweep.replacing(document, at: field[...], with: number)
        try Data(NumericFieldSweep.json5(hostile).utf8).write(to: path)
        for outcome in attempt(path.path, field: "\(path.lastPathComponent): \(name) = \(number)", in: folder) {
          if outcome == .drawn { drawn += 1 } else { refused += 1 }
        }
      }
    }
    return (drawn, refused)
  }

  /// The Lottie sweep runs in this many parts at once.
  static let lottieShards = 4

  @Test(
    "a Lottie file with every kind of layer, shape, keyframe, mask, matte and text, one field at a time",
    arguments: 0..<lottieShards)
  func lottieFields(shard: Int) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let document = try JSONValue.parseJSON5(Data(Self.everyKindOfNumber.utf8))
    let path = folder.appendingPathComponent("sweep.json")
    // The document as written back draws, so what a field's hostile number does is its own.
    try Data(NumericFieldSweep.json5(document).utf8).write(to: path)
    #expect(Self.attempt(path.path, field: "unchanged", in: folder) == [.drawn, .drawn])
    #expect(NumericFieldSweep.numericFields(of: document).count > 150)
    let counts = try Self.sweep(document, writtenTo: path, in: folder, shard: shard, of: Self.lottieShards)
    #expect(counts.drawn > 0 && counts.refused > 0, "\(counts)")
  }

  @Test("a masked layer and a blurred one scaled by 1e19: not drawn, said once, the rest of the frame drawn")
  func hugeScale() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let path = folder.appendingPathComponent("huge.json")
    try Data(Self.hugeScale.utf8).write(to: path)
    let still = folder.appendingPathComponent("still.png").path
    let lines = LockedLines()
    try StillJob(
      source: PresetSource(origin: .file(path.path)), moment: .position(0.5), size: OutputSize(requested: PixelSize(width: 64, height: 64)),
      outputPath: still
    )
    .run(environment: [:], log: lines.append)
    let warnings = lines.all.filter { $0.contains("scaled past a million pixels a point") }
    #expect(warnings.count == 1, "\(lines.all)")
    // The third layer, a green square in the middle, is drawn.
    let middle = try PNGReader.read(still).rgba(x: 32, y: 32)
    #expect(middle.red == 0 && middle.green == 255 && middle.blue == 0 && middle.alpha == 255, "\(middle)")
  }

  @Test("the built-in presets, one field at a time", arguments: ["fuber", "logo-reveal", "welcome"])
  func presetFields(name: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let presets = folder.appendingPathComponent("presets")
    try FileManager.default.copyItem(at: BinaryRunner.repository.appendingPathComponent("presets"), to: presets)
    let path = presets.appendingPathComponent("\(name).json5")
    let document = try JSONValue.parseJSON5(try Data(contentsOf: path))
    try Data(NumericFieldSweep.json5(document).utf8).write(to: path)
    #expect(Self.attempt(path.path, field: "unchanged", in: folder) == [.drawn, .drawn])
    let counts = try Self.sweep(document, writtenTo: path, in: folder)
    #expect(counts.drawn > 0 && counts.refused > 0, "\(counts)")
  }

  /// A Lottie document written for this sweep: a null parent with a spatial keyframe, a shape
  /// layer (rectangle, star, animated path, trim, round corners, dashed stroke, gradients,
  /// group transform, ellipse, repeater), a mask, a solid as a track matte over a
  /// precomposition with time remapping, an image from a data URI, text with an animator and
  /// a glyph of its own (`chars`), and a marker.
  static let everyKindOfNumber = #"""
    {
      "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "nm": "every kind of number",
      "fonts": {"list": [{"fName": "Sans", "fFamily": "DejaVu Sans", "fStyle": "Regular", "ascent": 75}]},
      "chars": [{"ch": "H", "size": 12, "style": "Regular", "w": 70, "fFamily": "DejaVu Sans",
                 "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[5, 0], [20, 0], [20, -70], [5, -70]],
                   "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}],
      "markers": [{"tm": 10, "cm": "intro", "dr": 20}],
      "assets": [
        {"id": "inner", "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [20, 20]}},
           "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [16, 16]}},
                      {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]}]},
        {"id": "picture", "w": 2, "h": 2, "e": 1, "u": "",
         "p": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEElEQVR4nGP4z8DwHwohFABFzAf5Zsv/OQAAAABJRU5ErkJggg=="}
      ],
      "layers": [
        {"ty": 3, "ind": 1, "ip": 0, "op": 60, "st": 0,
         "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [50, 50], "i": {"x": 0.5, "y": 0.5}, "o": {"x": 0.5, "y": 0.5}, "to": [1, 1], "ti": [-1, -1]},
                                     {"t": 60, "s": [55, 50]}]},
                "r": {"a": 0, "k": 10}}},
        {"ty": 4, "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0, "sr": 1,
         "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"s": true, "x": {"a": 0, "k": -10}, "y": {"a": 0, "k": -10}},
                "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "i": {"x": [0.3], "y": [1]}, "o": {"x": [0.7], "y": [0]}},
                                    {"t": 30, "s": [120, 120], "h": 1}, {"t": 60, "s": [100, 100]}]},
                "o": {"a": 0, "k": 90}, "sk": {"a": 0, "k": 5}, "sa": {"a": 0, "k": 30}},
         "masksProperties": [{"mode": "a", "inv": false, "o": {"a": 0, "k": 100}, "x": {"a": 0, "k": 2},
           "pt": {"a": 0, "k": {"c": true, "v": [[-40, -40], [60, -40], [60, 60], [-40, 60]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}],
         "shapes": [
           {"ty": "gr", "it": [
             {"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 30]}, "r": {"a": 0, "k": 4}},
             {"ty": "sr", "sy": 1, "d": 1, "p": {"a": 0, "k": [10, 0]}, "pt": {"a": 0, "k": 5}, "ir": {"a": 0, "k": 5}, "or": {"a": 0, "k": 12},
              "is": {"a": 0, "k": 10}, "os": {"a": 0, "k": 10}, "r": {"a": 0, "k": 0}},
             {"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": false, "v": [[0, 0], [10, 10]], "i": [[0, 0], [-2, 0]], "o": [[2, 0], [0, 0]]}], "i": {"x": 0.5, "y": 0.5}, "o": {"x": 0.5, "y": 0.5}},
                                             {"t": 60, "s": [{"c": false, "v": [[0, 0], [20, 5]], "i": [[0, 0], [-2, 0]], "o": [[2, 0], [0, 0]]}]}]}},
             {"ty": "tm", "s": {"a": 0, "k": 10}, "e": {"a": 0, "k": 90}, "o": {"a": 0, "k": 20}, "m": 1},
             {"ty": "rd", "r": {"a": 0, "k": 3}},
             {"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 2, "lj": 1, "ml": 4,
              "d": [{"n": "d", "nm": "dash", "v": {"a": 0, "k": 4}}, {"n": "g", "nm": "gap", "v": {"a": 0, "k": 2}}, {"n": "o", "nm": "offset", "v": {"a": 0, "k": 1}}]},
             {"ty": "gf", "o": {"a": 0, "k": 100}, "r": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [20, 0]}, "t": 1,
              "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}},
             {"ty": "gs", "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 1}, "lc": 1, "lj": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "t": 2,
              "h": {"a": 0, "k": 10}, "a": {"a": 0, "k": 30}, "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}}},
             {"ty": "tr", "p": {"a": 0, "k": [10, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
              "o": {"a": 0, "k": 100}, "sk": {"a": 0, "k": 0}, "sa": {"a": 0, "k": 0}}]},
           {"ty": "el", "p": {"a": 0, "k": [0, 30]}, "s": {"a": 0, "k": [10, 10]}},
           {"ty": "fl", "c": {"a": 0, "k": [0, 0.5, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 2},
           {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
            "tr": {"ty": "tr", "p": {"a": 0, "k": [12, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [90, 90]}, "r": {"a": 0, "k": 10},
                   "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}]},
        {"ty": 1, "ind": 4, "td": 1, "sc": "#336699", "sw": 60, "sh": 60, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [20, 20]}}},
        {"ty": 0, "ind": 3, "tt": 1, "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 5, "sr": 1,
         "tm": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 60, "s": [1.5]}]}, "ks": {"o": {"a": 0, "k": 100}}},
        {"ty": 2, "ind": 5, "refId": "picture", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [80, 80]}, "s": {"a": 0, "k": [500, 500]}}},
        {"ty": 5, "ind": 6, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [10, 90]}},
         "t": {"d": {"k": [{"t": 0, "s": {"s": 12, "f": "Sans", "t": "Hi", "j": 0, "tr": 10, "lh": 14, "ls": 0, "fc": [0, 0, 0], "sc": [1, 1, 1], "sw": 1, "of": true}}]},
               "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}},
               "a": [{"s": {"t": 0, "r": 1, "b": 1, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "xe": {"a": 0, "k": 0}, "ne": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1},
                      "a": {"o": {"a": 0, "k": 50}, "p": {"a": 0, "k": [0, -2]}, "t": {"a": 0, "k": 1}}}]}}
      ]
    }
    """#

  /// A masked layer and a blurred one, each scaled by 10¹⁹ (which crashed Cairo, and overflowed
  /// the blur), over a green square.
  static let hugeScale = #"""
    {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 64, "h": 64, "layers": [
     {"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [32, 32]}, "s": {"a": 0, "k": [1e19, 1e19]}},
      "masksProperties": [{"mode": "a", "inv": false, "o": {"a": 0, "k": 100}, "x": {"a": 0, "k": 0},
        "pt": {"a": 0, "k": {"c": true, "v": [[-10, -10], [10, -10], [10, 10], [-10, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}],
      "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [8, 8]}, "r": {"a": 0, "k": 0}},
                 {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]},
     {"ty": 4, "ind": 2, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [32, 32]}, "s": {"a": 0, "k": [-1e19, 1e19]}},
      "ef": [{"ty": 29, "nm": "Gaussian Blur", "ef": [{"ty": 0, "nm": "Blurriness", "v": {"a": 0, "k": 10}}, {"ty": 7, "nm": "Blur Dimensions", "v": {"a": 0, "k": 1}}, {"ty": 7, "nm": "Repeat Edge Pixels", "v": {"a": 0, "k": 0}}]}],
      "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [8, 8]}},
                 {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]},
     {"ty": 4, "ind": 3, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [32, 32]}},
      "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                 {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
    """#
}
