import Foundation
import SplashCairo
import SplashGzip
import SplashZip
import Testing

/// `.tgs` stickers (gzip) and `.lottie` archives (zip) through the binary: recognised by
/// content wherever a file is taken, bounded, and confined. The containers are built here with
/// the libraries splashvid reads them with, so no binary fixture is committed.
@Suite("Lottie containers through the binary: .tgs and .lottie")
struct LottieContainerCommandTests {
  /// A blue square on the white canvas: its centre tells a drawn frame from an empty one.
  static let square = """
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":80,"nm":"square","assets":[],"layers":[
      {"ty":4,"nm":"square","ip":0,"op":30,"ks":{"p":{"a":0,"k":[60,40]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}
    ]}
    """

  /// A 4 × 4 opaque red PNG (written with Python's zlib for this test).
  static let redPNG = [UInt8](
    Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAEklEQVR4nGP4z8DwHxkzkC4AADxAH+HggXe0AAAAAElFTkSuQmCC")!)

  /// An image layer showing the asset `red.png` (folder `u` as dotLottie exporters write it),
  /// scaled ten times about the canvas centre: 40 × 40 points of red.
  static let picture = """
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":80,"nm":"picture",
     "assets":[{"id":"image_0","w":4,"h":4,"u":"/images/","p":"red.png","e":0}],
     "layers":[{"ty":2,"nm":"red","refId":"image_0","ip":0,"op":30,
       "ks":{"p":{"a":0,"k":[60,40]},"a":{"a":0,"k":[2,2]},"s":{"a":0,"k":[1000,1000]}}}]}
    """

  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws {
    try Data(bytes).write(to: folder.appendingPathComponent(name))
  }

  private static func pixel(_ file: String, in folder: URL) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    // Scale 2: the centre of a 120 × 80 composition is pixel (120, 80).
    try PNGReader.read(folder.appendingPathComponent(file).path).rgba(x: 120, y: 80)
  }

  @Test(".tgs renders the frame its JSON renders; damaged gzip is refused naming the file")
  func stickerMatchesJSON() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.write(Self.bytes(Self.square), "square.json", in: folder)
    try Self.write(GzipStream.compress(Self.bytes(Self.square)), "sticker.tgs", in: folder)
    let json = try BinaryRunner.run(["still", "--file", "square.json", "--frame", "0", "-o", "json.png"], in: folder)
    #expect(json.exitCode == 0, "\(json.standardError)")
    let sticker = try BinaryRunner.run(["still", "--file", "sticker.tgs", "--frame", "0", "-o", "tgs.png"], in: folder)
    #expect(sticker.exitCode == 0, "\(sticker.standardError)")
    let jsonPixels = try Data(contentsOf: folder.appendingPathComponent("json.png"))
    let stickerPixels = try Data(contentsOf: folder.appendingPathComponent("tgs.png"))
    #expect(jsonPixels == stickerPixels, "the same frame, byte for byte")
    let centre = try Self.pixel("tgs.png", in: folder)
    #expect(centre.blue == 255 && centre.red == 0, "the square is drawn: \(centre)")

    // The gzip magic, then bytes that are not deflate: the reason, after the file's name.
    try Self.write([0x1F, 0x8B, 0x08, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0xFF], "broken.tgs", in: folder)
    let broken = try BinaryRunner.run(["still", "--file", "broken.tgs", "--frame", "0", "-o", "b.png"], in: folder)
    #expect(broken.exitCode != 0)
    #expect(broken.standardError.contains("broken.tgs: not a gzip stream: "), "\(broken.standardError)")
  }

  @Test("a dotLottie manifest given as the file is refused in one line naming the archive and the animation to give instead")
  func manifestGiven() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.write(Self.bytes(#"{"version":"1.0","animations":[{"id":"spinner","loop":true}]}"#), "manifest.json", in: folder)
    let outcome = try BinaryRunner.run(["still", "--file", "manifest.json", "--frame", "0", "-o", "m.png"], in: folder)
    #expect(outcome.exitCode != 0)
    #expect(
      outcome.standardError
        == "splashvid: manifest.json: animations: expected a preset or a Lottie animation, found a dotLottie archive's manifest (give the .lottie archive, or the animation it lists: animations/spinner.json)\n",
      "\(outcome.standardError)")
  }

  @Test(".lottie draws the image its images folder holds, and names the animation drawn of the two it holds")
  func archiveImage() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try ZipArchiveWriter.write(
      [
        ("manifest.json", Self.bytes(#"{"version":"1","animations":[{"id":"picture"}]}"#)),
        ("animations/another.json", Self.bytes(Self.square)),
        ("animations/picture.json", Self.bytes(Self.picture)),
        ("images/red.png", Self.redPNG),
      ], to: folder.appendingPathComponent("picture.lottie").path)
    let still = try BinaryRunner.run(["still", "--file", "picture.lottie", "--frame", "0", "-o", "p.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    let centre = try Self.pixel("p.png", in: folder)
    #expect(centre.red == 255 && centre.green == 0 && centre.blue == 0, "the archive's image is drawn: \(centre)")
    #expect(
      still.standardError.contains(
        "picture.lottie: warning: the archive holds 2 animations (picture, another); picture is drawn, the one players show first; --animation ID picks another"
      ),
      "\(still.standardError)")
    // No file red.png lies beside the archive: the bytes came from it, and nothing was written.
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("images").path))
  }

  @Test("a bomb is refused at 64 MiB, declared in a zip or found inflating a gzip stream")
  func bombs() throws {
    let folder = try BinaryRunner.temporaryFolder()
    // Spaces are JSON whitespace: only the size is wrong with these.
    let huge = [UInt8](repeating: 0x20, count: 64 * 1024 * 1024 + 1)
    try Self.write(GzipStream.compress(huge), "bomb.tgs", in: folder)
    try ZipArchiveWriter.write([("animations/bomb.json", huge)], to: folder.appendingPathComponent("bomb.lottie").path)
    let sticker = try BinaryRunner.run(["still", "--file", "bomb.tgs", "--frame", "0", "-o", "b.png"], in: folder)
    #expect(sticker.exitCode != 0)
    #expect(sticker.standardError.contains("bomb.tgs: decompresses to more than 64 MiB (the limit)"), "\(sticker.standardError)")
    let archive = try BinaryRunner.run(["validate", "bomb.lottie"], in: folder)
    #expect(archive.exitCode == 1)
    #expect(
      archive.standardOutput.hasPrefix("bomb.lottie: animations/bomb.json decompresses past 64 MiB (the limit for the whole archive)\n"),
      "\(archive.standardOutput)")
  }

  @Test("an entry named out of the archive (.. or absolute) is refused before anything is read")
  func pathTraversal() throws {
    let folder = try BinaryRunner.temporaryFolder()
    for (file, name) in [("climb.lottie", "images/../../evil.png"), ("absolute.lottie", "/tmp/evil.png")] {
      try ZipArchiveWriter.write(
        [("animations/square.json", Self.bytes(Self.square)), (name, Self.redPNG)], to: folder.appendingPathComponent(file).path)
      let outcome = try BinaryRunner.run(["still", "--file", file, "--frame", "0", "-o", "x.png"], in: folder)
      #expect(outcome.exitCode != 0)
      #expect(
        outcome.standardError.contains("\(file): entry \"\(name)\" is an absolute path or leads out of the archive with \"..\""),
        "\(outcome.standardError)")
    }
  }

  @Test("validate reads both kinds (dotLottie v2 folders too) and says what is wrong with an empty archive")
  func validate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let clips = folder.appendingPathComponent("clips")
    try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
    try Self.write(GzipStream.compress(Self.bytes(Self.square)), "sticker.tgs", in: clips)
    // Version 2: animations under a/, images under i/, no manifest: the first by name is drawn.
    try ZipArchiveWriter.write(
      [("a/picture.json", Self.bytes(Self.picture)), ("i/red.png", Self.redPNG)], to: clips.appendingPathComponent("v2.lottie").path)
    let outcome = try BinaryRunner.run(["validate", "clips"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
    #expect(
      outcome.standardOutput
        == "ok clips/sticker.tgs\nok clips/v2.lottie\n  animation picture (the default): 120x80 points, 30 fps, 1 s\n",
      "\(outcome.standardOutput)")

    try ZipArchiveWriter.write([("images/red.png", Self.redPNG)], to: folder.appendingPathComponent("empty.lottie").path)
    let empty = try BinaryRunner.run(["validate", "empty.lottie"], in: folder)
    #expect(empty.exitCode == 1)
    #expect(
      empty.standardOutput.hasPrefix("empty.lottie: expected an animation under animations/ (or a/), found none\n"),
      "\(empty.standardOutput)")
  }

  @Test("a batch folder renders the .tgs sticker it holds")
  func batchSticker() throws {
    let work = try BinaryRunner.temporaryFolder()
    let presets = work.appendingPathComponent("p")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    try Self.write(GzipStream.compress(Self.bytes(Self.square)), "sticker.tgs", in: presets)
    let outcome = try BinaryRunner.run(["batch", "p", "-o", "out", "--size", "20x10", "--fps", "6", "--format", "gif"], in: work)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path)
    #expect(written.contains("sticker.gif"), "\(written)")
  }
}
