import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import Testing

/// A Lottie file through the binary: every command that takes `--file` recognises it by its
/// content, whatever its name, and says what it does not draw.
@Suite("Lottie files through the binary: validate, still, inspect and render")
struct LottieCommandTests {
  static let document = """
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":80,"nm":"pulse","assets":[],"layers":[
      {"ty":4,"nm":"dot","ip":0,"op":30,"ks":{"p":{"a":0,"k":[60,40]},
        "s":{"a":1,"k":[{"t":0,"s":[50,50],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":15,"s":[100,100],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":30,"s":[50,50]}]}},
       "ef":[{"ty":22,"nm":"Stroke"}],
       "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.6,1,1]},"o":{"a":0,"k":100}}]}
    ]}
    """

  private func folder() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    // A name that says nothing: the content makes it a Lottie file.
    try Self.document.write(to: folder.appendingPathComponent("pulse.anim"), atomically: false, encoding: .utf8)
    return folder
  }

  @Test("validate prints the warning with its JSON path and ok; a broken file gets its JSON path")
  func validate() throws {
    let folder = try folder()
    let outcome = try BinaryRunner.run(["validate", "pulse.anim"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput
        == "pulse.anim: layers[0].ef[0]: warning: effects other than drop shadows, Gaussian blurs and fills are not drawn\nok pulse.anim (1 warning)\n"
    )
    try Self.document.replacingOccurrences(of: #""fr":30"#, with: #""fr":-1"#)
      .write(to: folder.appendingPathComponent("broken.json"), atomically: false, encoding: .utf8)
    let broken = try BinaryRunner.run(["validate", "broken.json"], in: folder)
    #expect(broken.exitCode == 1)
    #expect(
      broken.standardOutput.hasPrefix("broken.json: fr: expected a frame rate from 1 to 1000, found -1\n"), "\(broken.standardOutput)")
  }

  @Test("still writes the frame and warns on stderr; inspect shows the scale at frame 15; --param is refused")
  func stillAndInspect() throws {
    let folder = try folder()
    let still = try BinaryRunner.run(["still", "--file", "pulse.anim", "--time", "0.25", "-o", "frame.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    #expect(
      still.standardError.contains(
        "splashvid: pulse.anim: layers[0].ef[0]: warning: effects other than drop shadows, Gaussian blurs and fills are not drawn"))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("frame.png").path))
    let byFrame = try BinaryRunner.run(["still", "--file", "pulse.anim", "--frame", "15", "-o", "f.png"], in: folder)
    #expect(byFrame.standardError.hasSuffix("wrote f.png: t = 0.5 s, frame 15, 240x160\n"), "\(byFrame.standardError)")
    // The end of one loop is what a player paused at its end shows: just before op, not op.
    let end = try BinaryRunner.run(["still", "--file", "pulse.anim", "--position", "1", "-o", "e.png"], in: folder)
    #expect(end.standardError.hasSuffix("wrote e.png: t = 0.999967 s, frame 29.999, 240x160\n"), "\(end.standardError)")
    let inspect = try BinaryRunner.run(["inspect", "--file", "pulse.anim", "--time", "0.5", "--layer", "dot"], in: folder)
    #expect(inspect.exitCode == 0, "\(inspect.standardError)")
    #expect(inspect.standardOutput.contains(#""scale": [1, 1]"#), "\(inspect.standardOutput)")
    let parameter = try BinaryRunner.run(["still", "--file", "pulse.anim", "--time", "0", "--param", "x=1", "-o", "p.png"], in: folder)
    #expect(parameter.exitCode == 64)
    #expect(
      parameter.standardError.hasPrefix(
        "splashvid: --param x: pulse.anim: the file has no slots; name a colour, an opacity or a text by key path"),
      "\(parameter.standardError)")
  }

  @Test("still --transparent keeps the composition's clear background; without it the canvas is white")
  func transparentStill() throws {
    let folder = try folder()
    let clear = try BinaryRunner.run(["still", "--file", "pulse.anim", "--frame", "15", "--transparent", "-o", "clear.png"], in: folder)
    #expect(clear.exitCode == 0, "\(clear.standardError)")
    let clearPixels = try PNGReader.read(folder.appendingPathComponent("clear.png").path)
    #expect(clearPixels.rgba(x: 2, y: 2).alpha == 0, "a corner no layer covers is clear")
    #expect(clearPixels.rgba(x: 120, y: 80).alpha == 255, "the dot is opaque")
    _ = try BinaryRunner.run(["still", "--file", "pulse.anim", "--frame", "15", "-o", "white.png"], in: folder)
    let white = try PNGReader.read(folder.appendingPathComponent("white.png").path).rgba(x: 2, y: 2)
    #expect(white.alpha == 255 && white.red == 255 && white.green == 255 && white.blue == 255)
  }

  @Test("render makes a clip of one loop, ip to op, at the file's own rate unless told otherwise")
  func render() throws {
    let folder = try folder()
    // No --fps: the file's own 30 frames per second.
    let outcome = try BinaryRunner.run(["--file", "pulse.anim", "-o", "pulse.mp4"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("wrote pulse.mp4: 30 frames, 240x160, 30 fps, 1.00 s"), "\(outcome.standardError)")
    let faster = try BinaryRunner.run(["--file", "pulse.anim", "--fps", "60", "-o", "fast.mp4"], in: folder)
    #expect(faster.standardError.contains("wrote fast.mp4: 60 frames, 240x160, 60 fps, 1.00 s"), "\(faster.standardError)")
  }

  @Test("two loops to PNG frames, MP4, MOV with alpha and GIF: every format's frames are the stills of the same frames")
  func framesAreStills() throws {
    let folder = try folder()
    func still(_ frame: Int, transparent: Bool = false) throws -> PixelBuffer {
      let name = "still-\(frame)\(transparent ? "-clear" : "").png"
      let outcome = try BinaryRunner.run(
        ["still", "--file", "pulse.anim", "--frame", "\(frame)", "-o", name] + (transparent ? ["--transparent"] : []), in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
      return try PNGReader.read(folder.appendingPathComponent(name).path)
    }
    let stills = try [0, 7, 15, 29].map { try still($0) }

    // PNG frames (numbered from 1): exactly the stills, in both loops (the 38th file is the
    // second loop's frame 7).
    let sequence = try BinaryRunner.run(["--file", "pulse.anim", "--loops", "2", "-o", "frames/f-%03d.png"], in: folder)
    #expect(sequence.exitCode == 0, "\(sequence.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path)
    #expect(written.count == 60, "two loops of 30 frames: \(written.count)")
    for (index, frame) in [0, 7, 15, 29].enumerated() {
      for loop in 0..<2 {
        let path = folder.appendingPathComponent(String(format: "frames/f-%03d.png", frame + 30 * loop + 1)).path
        #expect(try PNGReader.read(path).meanDifference(from: stills[index], includingAlpha: true) == 0, "frame \(frame), loop \(loop + 1)")
      }
    }

    // MP4 (4:2:0) and GIF (256 colours) within a few levels of the stills; MOV with alpha too,
    // against the transparent stills, clear where no layer draws.
    let mp4 = try BinaryRunner.run(["--file", "pulse.anim", "--loops", "2", "-o", "a.mp4"], in: folder)
    let mov = try BinaryRunner.run(["--file", "pulse.anim", "--loops", "2", "--transparent", "-o", "a.mov"], in: folder)
    let gif = try BinaryRunner.run(["--file", "pulse.anim", "--loops", "2", "-o", "a.gif"], in: folder)
    for outcome in [mp4, mov, gif] { #expect(outcome.exitCode == 0, "\(outcome.standardError)") }
    let clearStills = try [0, 7, 15, 29].map { try still($0, transparent: true) }
    for (name, references, tolerance) in [("a.mp4", stills, 3.0), ("a.mov", clearStills, 2.0), ("a.gif", stills, 4.0)] {
      var compared = 0
      let info = try VideoReader.read(folder.appendingPathComponent(name).path) { index, pixels in
        guard let position = [0, 7, 15, 29].firstIndex(of: index % 30) else { return }
        let difference = pixels.meanDifference(from: references[position], includingAlpha: true)
        #expect(difference < tolerance, "\(name) frame \(index): mean difference \(difference)")
        compared += 1
      }
      #expect(info.decodedFrameCount == 60 && compared == 8, "\(name): \(info.decodedFrameCount) frames")
    }
    var cornerAlpha: UInt8 = 255
    _ = try VideoReader.read(folder.appendingPathComponent("a.mov").path) { index, pixels in
      if index == 15 { cornerAlpha = pixels.rgba(x: 2, y: 2).alpha }
    }
    #expect(cornerAlpha == 0, "the MOV is clear where no layer draws")
  }

  @Test("a batch folder mixes presets and Lottie files; a second run skips both; a row's params on a Lottie file are refused")
  func batch() throws {
    let folder = try folder()
    let clips = folder.appendingPathComponent("clips")
    try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
    try Self.document.write(to: clips.appendingPathComponent("pulse.json"), atomically: false, encoding: .utf8)
    try """
    { schemaVersion: 1, canvas: { size: [40, 40] }, clip: { cycle: 0.5 },
      parameters: { tint: { type: "color", default: "red" } },
      layers: [ { id: "a", bounds: [0, 0, 20, 20], position: [20, 20], backgroundColor: "$tint" } ] }
    """.write(to: clips.appendingPathComponent("square.json5"), atomically: false, encoding: .utf8)
    let first = try BinaryRunner.run(["batch", "clips", "-o", "out", "--fps", "10", "--format", "gif"], in: folder)
    #expect(first.exitCode == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("2 clips: 2 rendered, 0 skipped, 0 failed"), "\(first.standardOutput)")
    let second = try BinaryRunner.run(["batch", "clips", "-o", "out", "--fps", "10", "--format", "gif"], in: folder)
    #expect(second.standardOutput.contains("2 clips: 0 rendered, 2 skipped, 0 failed"), "\(second.standardOutput)")
    try "preset,output,params\npulse,p.gif,tint=blue\n".write(
      to: folder.appendingPathComponent("rows.csv"), atomically: false, encoding: .utf8)
    let rows = try BinaryRunner.run(["batch", "clips", "-o", "out2", "--manifest", "rows.csv"], in: folder)
    #expect(rows.exitCode != 0)
    #expect(
      rows.standardError.contains("--param tint: clips/pulse.json: the file has no slots; name a colour, an opacity or a text by key path"),
      "\(rows.standardError)")
  }

  @Test("presets lists a Lottie file beside the presets, with its canvas, loop and rate")
  func presetsList() throws {
    let folder = try folder()
    try Self.document.write(to: folder.appendingPathComponent("pulse.json"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["presets", "--presets-dir", folder.path], in: folder)
    #expect(outcome.standardOutput.contains("pulse  120x80 pt  loop 1 s"), "\(outcome.standardOutput)")
    #expect(outcome.standardOutput.contains("    Lottie file: pulse, 30 fps"), "\(outcome.standardOutput)")
  }

  @Test("inspect shows a layer's blend mode, its mask's inversion and a luma matte's mode")
  func inspectShowsCompositing() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let square =
      #"{"a":0,"k":{"c":true,"v":[[10,10],[50,10],[50,50],[10,50]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
    let document = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":80,"assets":[],"layers":[
        {"ty":4,"nm":"bright","td":1,"ip":0,"op":30,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[60,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]},
        {"ty":1,"nm":"ink","tt":4,"bm":1,"ip":0,"op":30,"ks":{},"sw":120,"sh":80,"sc":"#3050c0"},
        {"ty":1,"nm":"holed","ip":0,"op":30,"ks":{},"sw":120,"sh":80,"sc":"#c05030",
         "masksProperties":[{"mode":"a","inv":true,"pt":\#(square),"o":{"a":0,"k":100}}]}]}
      """#
    try document.write(to: folder.appendingPathComponent("blend.json"), atomically: false, encoding: .utf8)
    let matted = try BinaryRunner.run(["inspect", "--file", "blend.json", "--time", "0", "--layer", "ink (matte)"], in: folder)
    #expect(matted.exitCode == 0, "\(matted.standardError)")
    for line in [#""compositingFilter": "multiplyBlendMode""#, #""invertsMask": true"#, #""maskMode": "luminance""#] {
      #expect(matted.standardOutput.contains(line), "\(line) in \(matted.standardOutput)")
    }
    let holed = try BinaryRunner.run(["inspect", "--file", "blend.json", "--time", "0", "--layer", "holed"], in: folder)
    for line in [#""compositingFilter": "sourceOverCompositing""#, #""invertsMask": true"#, #""maskMode": "alpha""#] {
      #expect(holed.standardOutput.contains(line), "\(line) in \(holed.standardOutput)")
    }
  }
}
