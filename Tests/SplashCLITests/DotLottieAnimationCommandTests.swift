import Foundation
import SplashCairo
import SplashZip
import Testing

/// dotLottie archives as designers send them, through the binary: zipped on a Mac, version 2
/// with two animations, and `--animation` picking between them on every command that takes
/// `--file`. The two animations are a red and a blue square, so a pixel says which was drawn.
@Suite("dotLottie archives through the binary: macOS zips, two animations, --animation")
struct DotLottieAnimationCommandTests {
  /// A version 2 archive holding red and blue, blue the initial animation though listed second.
  private static func twoAnimations(in folder: URL) throws {
    try ZipArchiveWriter.write(
      [
        (
          "manifest.json",
          DotLottieFixtures.json(
            #"{"version":"2","generator":"splashvid tests","animations":[{"id":"red"},{"id":"blue"}],"initial":{"animation":"blue"}}"#
          )
        ),
        ("a/red.json", DotLottieFixtures.red), ("a/blue.json", DotLottieFixtures.blue),
      ], to: folder.appendingPathComponent("two.lottie").path)
  }

  /// The centre of a PNG of the 120 × 80 composition at scale 2 (or of a frame that size).
  private static func centre(_ file: String, in folder: URL, x: Int = 120, y: Int = 80) throws -> (
    red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
  ) {
    try PNGReader.read(folder.appendingPathComponent(file).path).rgba(x: x, y: y)
  }

  @Test("a .lottie zipped on a Mac renders, stills and validates, with no word about what macOS added")
  func macArchive() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let bytes = DittoArchive.archive([
      ("manifest.json", DotLottieFixtures.json(#"{"version":"1","animations":[{"id":"picture"}]}"#)),
      ("animations/picture.json", DotLottieFixtures.json(LottieContainerCommandTests.picture)),
      ("images/red.png", LottieContainerCommandTests.redPNG),
    ])
    try Data(bytes).write(to: folder.appendingPathComponent("mac.lottie"))

    let still = try BinaryRunner.run(["still", "--file", "mac.lottie", "--frame", "0", "-o", "mac.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    #expect(!still.standardError.contains("warning"), "\(still.standardError)")
    let pixel = try Self.centre("mac.png", in: folder)
    #expect(pixel.red == 255 && pixel.green == 0 && pixel.blue == 0, "the archive's image is drawn: \(pixel)")

    let render = try BinaryRunner.run(
      ["--file", "mac.lottie", "--fps", "2", "--scale", "1", "-o", "frames/mac-%d.png"], in: folder)
    #expect(render.exitCode == 0, "\(render.standardError)")
    let frame = try Self.centre("frames/mac-1.png", in: folder, x: 60, y: 40)
    #expect(frame.red == 255 && frame.green == 0 && frame.blue == 0, "\(frame)")

    let validate = try BinaryRunner.run(["validate", "mac.lottie"], in: folder)
    #expect(validate.exitCode == 0)
    #expect(
      validate.standardOutput == "ok mac.lottie\n  animation picture (the default): 120x80 points, 30 fps, 1 s\n",
      "\(validate.standardOutput)")
  }

  @Test("the initial animation is drawn by default, named in a warning; --animation draws the other, in still, render and sheet")
  func pickBetweenTwo() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.twoAnimations(in: folder)

    let initial = try BinaryRunner.run(["still", "--file", "two.lottie", "--frame", "0", "-o", "initial.png"], in: folder)
    #expect(initial.exitCode == 0, "\(initial.standardError)")
    let blue = try Self.centre("initial.png", in: folder)
    #expect(blue.blue == 255 && blue.red == 0, "the initial animation, blue, is drawn: \(blue)")
    #expect(
      initial.standardError.hasPrefix(
        "splashvid: two.lottie: warning: the archive holds 2 animations (red, blue); blue is drawn, the one players show first; --animation ID picks another\n"
      ), "\(initial.standardError)")

    let chosen = try BinaryRunner.run(
      ["still", "--file", "two.lottie", "--animation", "red", "--frame", "0", "-o", "chosen.png"], in: folder)
    #expect(chosen.exitCode == 0, "\(chosen.standardError)")
    #expect(!chosen.standardError.contains("warning"), "a chosen animation needs no warning: \(chosen.standardError)")
    let red = try Self.centre("chosen.png", in: folder)
    #expect(red.red == 255 && red.blue == 0, "--animation red draws red: \(red)")

    // render: an image sequence, whose first frame shows which was drawn, and its length.
    let render = try BinaryRunner.run(
      ["render", "--file", "two.lottie", "--animation", "red", "--fps", "2", "--scale", "1", "-o", "red/f-%d.png"], in: folder)
    #expect(render.exitCode == 0, "\(render.standardError)")
    let frame = try Self.centre("red/f-1.png", in: folder, x: 60, y: 40)
    #expect(frame.red == 255 && frame.blue == 0, "\(frame)")
    // Red lasts 1 s and blue 2 s: at 2 fps, 2 frames.
    let frames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("red").path)
    #expect(frames.sorted() == ["f-1.png", "f-2.png"], "\(frames)")

    var sheets: [Data] = []
    for animation in ["red", "blue"] {
      let sheet = try BinaryRunner.run(
        ["sheet", "--file", "two.lottie", "--animation", animation, "--frames", "2", "-o", "\(animation)-sheet.png"], in: folder)
      #expect(sheet.exitCode == 0, "\(sheet.standardError)")
      sheets.append(try Data(contentsOf: folder.appendingPathComponent("\(animation)-sheet.png")))
    }
    #expect(sheets[0] != sheets[1], "the sheets of two animations differ")
  }

  @Test("an id the archive does not hold is a usage error listing its ids, on every command that takes --file")
  func unknownAnimation() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.twoAnimations(in: folder)
    let message =
      "splashvid: --animation green: two.lottie holds no animation \"green\"; its animations are red, blue (the default) (see 'splashvid --help')\n"
    let commands: [[String]] = [
      ["still", "--frame", "0", "-o", "x.png"], ["render", "-o", "x.mp4"], ["sheet", "-o", "x.png"], ["inspect", "--frame", "0"],
      ["bench"], ["preview"],
    ]
    for command in commands {
      let arguments = [command[0], "--file", "two.lottie", "--animation", "green"] + command.dropFirst()
      // Guarded: a preview that did start would serve until stopped.
      let outcome = try BinaryRunner.runGuarded(arguments, in: folder)
      #expect(outcome.exitCode == 64, "\(command[0]): \(outcome.standardError)")
      #expect(outcome.standardError == message, "\(command[0]): \(outcome.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
  }

  @Test("--animation with a file that is not an archive is a usage error; so is an empty id")
  func notAnArchive() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(DotLottieFixtures.red).write(to: folder.appendingPathComponent("red.json"))
    let json = try BinaryRunner.run(["still", "--file", "red.json", "--animation", "red", "--frame", "0", "-o", "x.png"], in: folder)
    #expect(json.exitCode == 64)
    #expect(
      json.standardError
        == "splashvid: --animation red: red.json is not a dotLottie archive (.lottie), the only file that holds several animations (see 'splashvid --help')\n",
      "\(json.standardError)")
    let empty = try BinaryRunner.run(["still", "--file", "red.json", "--animation", "", "--frame", "0", "-o", "x.png"], in: folder)
    #expect(empty.exitCode == 64)
    #expect(empty.standardError.contains("--animation: expected the id of an animation of the dotLottie archive"), "\(empty.standardError)")
  }

  @Test("inspect lists the archive's animations with the tree: the default, the one drawn, size, rate and length")
  func inspectLists() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.twoAnimations(in: folder)
    for (arguments, drawn) in [([String](), "blue"), (["--animation", "red"], "red")] {
      let outcome = try BinaryRunner.run(["inspect", "--file", "two.lottie", "--frame", "0"] + arguments, in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
      let tree = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
      let animations = try #require(tree["animations"] as? [[String: Any]], "\(outcome.standardOutput)")
      #expect(animations.map { $0["id"] as? String } == ["red", "blue"])
      #expect(animations.map { $0["default"] as? Bool } == [false, true])
      #expect(animations.map { $0["drawn"] as? Bool } == [drawn == "red", drawn == "blue"])
      #expect(animations.map { $0["duration"] as? Double } == [1, 2])
      #expect(animations.map { $0["fps"] as? Double } == [30, 30])
      #expect(animations.map { $0["size"] as? [Double] } == [[120, 80], [120, 80]])
    }
    // A layer's flat object stays the layer's alone.
    let layer = try BinaryRunner.run(["inspect", "--file", "two.lottie", "--frame", "0", "--layer", "square"], in: folder)
    #expect(layer.exitCode == 0, "\(layer.standardError)")
    #expect(!layer.standardOutput.contains("\"animations\""), "\(layer.standardOutput)")
  }

  @Test("validate checks every animation of an archive, names the one a problem is in, and lists them")
  func validateLists() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.twoAnimations(in: folder)
    let valid = try BinaryRunner.run(["validate", "two.lottie"], in: folder)
    #expect(valid.exitCode == 0, "\(valid.standardOutput)")
    #expect(
      valid.standardOutput
        == "ok two.lottie\n  animation red: 120x80 points, 30 fps, 1 s\n  animation blue (the default): 120x80 points, 30 fps, 2 s\n",
      "\(valid.standardOutput)")

    // The animation that is not the default is broken: validate still finds it.
    try ZipArchiveWriter.write(
      [
        ("manifest.json", DotLottieFixtures.json(#"{"version":"2","animations":[{"id":"red"},{"id":"broken"}]}"#)),
        ("a/red.json", DotLottieFixtures.red), ("a/broken.json", DotLottieFixtures.json(#"{"v":"5.7.4","layers":[]}"#)),
      ], to: folder.appendingPathComponent("broken.lottie").path)
    let broken = try BinaryRunner.run(["validate", "broken.lottie"], in: folder)
    #expect(broken.exitCode == 1)
    #expect(
      broken.standardOutput
        == "broken.lottie: a Lottie document (v, fr, ip, op, layers) in a/broken.json\n"
        + "  animation red (the default): 120x80 points, 30 fps, 1 s\n  animation broken\n"
        + "1 problem in 1 of 1 file\n",
      "\(broken.standardOutput)")

    // A problem inside one of several animations is named with its entry.
    try ZipArchiveWriter.write(
      [
        ("a/red.json", DotLottieFixtures.red),
        ("a/zigzag.json", DotLottieFixtures.json(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":80,"layers":"none"}"#)),
      ], to: folder.appendingPathComponent("zigzag.lottie").path)
    let inside = try BinaryRunner.run(["validate", "zigzag.lottie"], in: folder)
    #expect(inside.exitCode == 1)
    #expect(inside.standardOutput.hasPrefix("zigzag.lottie: a/zigzag.json: layers: expected "), "\(inside.standardOutput)")
  }
}
