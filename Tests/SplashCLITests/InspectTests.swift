import Foundation
import Testing

@Suite("splashvid inspect prints presentation values as JSON")
struct InspectTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test("--layer prints one flat object in Core Animation terms (fuber circle at τ = 1.25)")
  func oneLayer() throws {
    let outcome = try BinaryRunner.run(
      ["inspect", "--preset", "fuber", "--time", "2.15", "--layer", "circle", "--presets-dir", presets],
      in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let object = try #require(try json(outcome.standardOutput) as? [String: Any])
    #expect(object["id"] as? String == "circle")
    #expect(object["strokeEnd"] as? Double == 0.170804)  // strokeEnd curve (1, 0, 0.35, 1) at x = 0.5
    #expect(object["strokeColor"] as? String == "#FFFFFFFF")
    #expect(object["lineWidth"] as? Double == 37.5)
    #expect(object["position"] as? [Double] == [0, 0])
    let transform = try #require(object["transform"] as? [String: Any])
    #expect(transform["rotation"] as? Double == -37.313838)  // −45° · (1 − 0.170804)
    #expect(transform["scale"] as? [Double] == [0.378103, 0.378103])
    #expect((transform["matrix"] as? [Double])?.count == 16)
    #expect(object["sublayers"] == nil)
  }

  @Test("without --layer it prints the whole tree with layer ids")
  func wholeTree() throws {
    let outcome = try BinaryRunner.run(
      ["inspect", "--preset", "fuber", "--time", "0.9", "--presets-dir", presets], in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let root = try #require(try json(outcome.standardOutput) as? [String: Any])
    #expect(root["canvasSize"] as? [Double] == [375, 667])
    #expect(root["backgroundColor"] as? String == "#0F4E65FF")
    let layers = try #require(root["layers"] as? [[String: Any]])
    #expect(layers.compactMap { $0["id"] as? String } == ["container", "logo"])
    let logo = layers[1]
    #expect((logo["mask"] as? [String: Any])?["id"] as? String == "mask")
    let ids = (logo["sublayers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(ids == ["circle", "line", "square"])
    let tiles = (layers[0]["sublayers"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    #expect(tiles.count == 77 && tiles.first == "tile-0-0" && tiles.last == "tile-3-5")  // centre tile in front
  }

  @Test("an unknown layer lists the preset's layers and exits 1")
  func unknownLayer() throws {
    let outcome = try BinaryRunner.run(
      ["inspect", "--preset", "fuber", "--time", "1", "--layer", "nope", "--presets-dir", presets],
      in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError.hasPrefix("splashvid: no layer \"nope\" in this animation; its layers are container, tile-0-0, lattice-0-0,"))
    #expect(outcome.standardError.hasSuffix("logo, mask, circle, line, square\n"))
  }

  @Test("a replicator's every instance is inspected: each holder's transform, each copy's id and tint")
  func replicatorInstances() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let file = folder.appendingPathComponent("spinner.json5")
    try """
    { schemaVersion: 1, canvas: { size: [200, 200] }, clip: { cycle: 1 },
      define: { layers: { dot: { type: "shape", position: [40, 0], path: { oval: [-4, -4, 8, 8] }, fillColor: "white" } } },
      layers: [ { id: "spinner", type: "replicator", position: [100, 100], bounds: [0, 0, 80, 80], instanceCount: 8,
                  instanceTransform: { rotate: "45deg" }, instanceDelay: 0.1, instanceAlphaOffset: -0.125,
                  sublayers: [ { use: "dot", id: "dot" } ] } ] }
    """.write(to: file, atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["inspect", "--file", file.path, "--time", "0.5"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let root = try #require(try json(outcome.standardOutput) as? [String: Any])
    let spinner = try #require((root["layers"] as? [[String: Any]])?.first)
    #expect(spinner["type"] as? String == "replicator")
    #expect(spinner["instanceCount"] as? Double == 8)
    #expect(spinner["instanceDelay"] as? Double == 0.1)
    #expect(spinner["tint"] == nil, "the replicator itself is not tinted")
    let holders = try #require(spinner["sublayers"] as? [[String: Any]])
    #expect(holders.compactMap { $0["id"] as? String } == (0..<8).map { "spinner/\($0)" })
    for (k, holder) in holders.enumerated() {
      let rotation = try #require((holder["transform"] as? [String: Any])?["rotation"] as? Double)
      // 45° more per instance, however the decomposition names a half turn (180° or −180°).
      #expect(abs((rotation - Double(k * 45)).truncatingRemainder(dividingBy: 360)) < 1e-6, "instance \(k): \(rotation)°")
      #expect(holder["position"] as? [Double] == [40, 40])
      let copy = try #require((holder["sublayers"] as? [[String: Any]])?.first)
      #expect(copy["id"] as? String == (k == 0 ? "dot" : "dot#\(k)"))
    }

    let one = try BinaryRunner.run(["inspect", "--file", file.path, "--time", "0.5", "--layer", "dot#3"], in: folder)
    let copy = try #require(try json(one.standardOutput) as? [String: Any])
    #expect(copy["tint"] as? String == "#FFFFFF9F")  // alpha 1 − 3 × 0.125 = 0.625
    #expect(copy["fillColor"] as? String == "#FFFFFFFF", "the model colour, as Core Animation's presentation layer holds it")
    let first = try BinaryRunner.run(["inspect", "--file", file.path, "--time", "0.5", "--layer", "dot"], in: folder)
    #expect((try json(first.standardOutput) as? [String: Any])?["tint"] == nil)
  }

  @Test("inspect works on every preset in presets/ at several times")
  func everyPreset() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: presets).filter { $0.hasSuffix(".json5") }.sorted()
    #expect(!files.isEmpty)
    for file in files {
      let name = String(file.dropLast(".json5".count))
      for time in ["0", "0.9", "2.5", "7"] {
        let outcome = try BinaryRunner.run(
          ["inspect", "--preset", name, "--time", time, "--presets-dir", presets], in: try BinaryRunner.temporaryFolder())
        #expect(outcome.exitCode == 0, "\(name) at \(time): \(outcome.standardError)")
        #expect(try json(outcome.standardOutput) is [String: Any], "\(name) at \(time)")
      }
    }
  }

  /// Layers turned by animations: one full turn (0.8 s in: 288°), two turns held at the end,
  /// a turn overridden by a later animation of the whole transform, and a turn about x.
  private let spinning = """
    { schemaVersion: 1, canvas: { size: [40, 40] }, clip: { cycle: 2 },
      layers: [
        { id: "spinner", position: [20, 20], bounds: [0, 0, 10, 10], backgroundColor: "red",
          animations: [{ type: "basic", keyPath: "transform.rotation", fromValue: "0deg", toValue: "360deg", duration: 1 }] },
        { id: "twice", position: [20, 20], bounds: [0, 0, 10, 10],
          animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: "0deg", toValue: "720deg", duration: 1,
            fillMode: "forwards", removedOnCompletion: false }] },
        { id: "overridden", position: [20, 20], bounds: [0, 0, 10, 10],
          animations: [
            { type: "basic", keyPath: "transform.rotation.z", fromValue: "0deg", toValue: "360deg", duration: 1 },
            { type: "basic", keyPath: "transform", fromValue: "identity", toValue: { rotate: "90deg" }, duration: 1 }] },
        { id: "tilt", position: [20, 20], bounds: [0, 0, 10, 10],
          animations: [{ type: "basic", keyPath: "transform.rotation.x", fromValue: "0deg", toValue: "360deg", duration: 1 }] },
      ] }
    """

  /// One layer of the spinning preset at `time`, as `inspect --layer` prints it.
  private func spinningLayer(_ id: String, at time: String) throws -> [String: Any] {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(spinning.utf8).write(to: folder.appendingPathComponent("spin.json5"))
    let outcome = try BinaryRunner.run(["inspect", "--file", "spin.json5", "--time", time, "--layer", id], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    return try #require(try json(outcome.standardOutput) as? [String: Any])
  }

  private func matrixRotation(_ layer: [String: Any]) -> Double? {
    (layer["transform"] as? [String: Any])?["rotation"] as? Double
  }

  @Test("an animated rotation is reported as animated, unfolded, beside the matrix's folded angle")
  func unfoldedRotation() throws {
    let spinner = try spinningLayer("spinner", at: "0.8")
    #expect(spinner["transform.rotation"] as? Double == 288, "\(spinner)")
    #expect(matrixRotation(spinner) == -72, "the presentation's matrix reads back as Core Animation's would")
    let keys = Array(spinner.keys)
    #expect(keys.contains("transform.rotation") && !keys.contains("transform.rotation.z"), "keyed by the animation's own key path")

    #expect(try spinningLayer("twice", at: "0.8")["transform.rotation.z"] as? Double == 576)
    let held = try spinningLayer("twice", at: "1.5")
    #expect(held["transform.rotation.z"] as? Double == 720 && matrixRotation(held) == 0, "two turns held: \(held)")
    #expect(try spinningLayer("tilt", at: "0.8")["transform.rotation.x"] as? Double == 288)
  }

  @Test("no animated angle when none drives the layer now, or a later animation turned it otherwise")
  func noStaleRotation() throws {
    let ended = try spinningLayer("spinner", at: "1.5")
    #expect(ended["transform.rotation"] == nil && matrixRotation(ended) == 0, "removed on completion: \(ended)")
    let overridden = try spinningLayer("overridden", at: "0.8")
    #expect(overridden["transform.rotation.z"] == nil, "the whole transform's animation decides: \(overridden)")
    #expect(matrixRotation(overridden) == 72)
  }

  @Test("the whole tree carries the animated angles too")
  func unfoldedRotationInTree() throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(spinning.utf8).write(to: folder.appendingPathComponent("spin.json5"))
    let outcome = try BinaryRunner.run(["inspect", "--file", "spin.json5", "--time", "0.8"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let root = try #require(try json(outcome.standardOutput) as? [String: Any])
    let layers = try #require(root["layers"] as? [[String: Any]])
    #expect(layers.first?["transform.rotation"] as? Double == 288)
    #expect(layers.compactMap { $0["transform.rotation.z"] as? Double } == [576])
  }

  @Test("--display-list prints how each layer is drawn at the size still draws it: the engine of a shape under a sliding clip")
  func displayList() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let preset = folder.appendingPathComponent("clip.json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { start: 0, cycle: 1 },
        layers: [{ id: "window", position: [20.25, 20], anchorPoint: [0, 0], bounds: [0, 0, 40, 40], masksToBounds: true,
          sublayers: [{ id: "disk", type: "shape", fillColor: "#FF0000", path: { oval: [0, 0, 50, 50] } },
                      { id: "badge", type: "shape", position: [5, 5], bounds: [0, 0, 10, 10], cornerRadius: 3, masksToBounds: true,
                        fillColor: "#00FF00", path: { oval: [0, 0, 20, 20] } }] }] }
      """.utf8
    ).write(to: preset)
    let outcome = try BinaryRunner.run(
      ["inspect", "--file", preset.path, "--time", "0", "--display-list", "--scale", "2"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput.split(separator: "\n").map(String.init) == [
        "display list at t = 0.0 s, 200x200:",
        "  window layer: coverage (clipped to 40.5,40.0 – 120.5,120.0)",
        "    disk shape: coverage (clipped to 40.5,40.0 – 120.5,120.0)",
        "    badge shape: cairo (a clip is a path)",
      ], "\(outcome.standardOutput)")
    for (arguments, message) in [
      (["--layer", "disk", "--display-list"], "give either --layer or --display-list, not both"),
      (["--size", "10x10"], "--size applies to --display-list, the only inspection drawn at a size"),
    ] {
      let refused = try BinaryRunner.run(["inspect", "--file", preset.path, "--time", "0"] + arguments, in: folder)
      #expect(refused.exitCode == 64 && refused.standardError.contains(message), "\(refused.standardError)")
    }
  }
}
