import Foundation
import SplashDocument
import SplashOutput
import SplashZip
import Testing

/// The dotLottie reader on archives as they are shipped: zipped on a Mac, version 1 and 2
/// manifests, several animations, themes. The archives are written here, byte by byte for the
/// Mac's (`DittoArchive`) and with libzip for the others.
@Suite("dotLottie archives as shipped: macOS zips, manifests v1 and v2, several animations")
struct DotLottieArchiveTests {
  private static func archive(_ entries: [(name: String, bytes: [UInt8])]) throws -> [UInt8] {
    let path = try BinaryRunner.temporaryFolder().appendingPathComponent("a.lottie").path
    try ZipArchiveWriter.write(entries, to: path)
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The `expected` of each warning, which carries the words.
  private static func warnings(_ source: LottieSource) -> [String] { source.warnings.map(\.expected) }

  @Test("the macOS archive has the local header libzip's consistency check refuses: data descriptor flag and a compressed size")
  func dittoQuirk() throws {
    let bytes = DittoArchive.archive([("manifest.json", DotLottieFixtures.json(#"{"animations":[{"id":"red"}]}"#))])
    // The first entry is manifest.json: flag bit 3, CRC 0, compressed size not 0, uncompressed 0.
    #expect(DittoArchive.littleEndian32(bytes, at: 0) == 0x0403_4B50)
    #expect(bytes[6] & 0x08 != 0)
    #expect(DittoArchive.littleEndian32(bytes, at: 14) == 0)
    #expect(DittoArchive.littleEndian32(bytes, at: 18) != 0)
    #expect(DittoArchive.littleEndian32(bytes, at: 22) == 0)
  }

  @Test("a macOS archive opens; __MACOSX, ._ companions and .DS_Store are never animations or images")
  func macArchive() throws {
    let bytes = DittoArchive.archive([
      ("manifest.json", DotLottieFixtures.json(#"{"version":"1","animations":[{"id":"picture"}]}"#)),
      ("animations/picture.json", DotLottieFixtures.json(LottieContainerCommandTests.picture)),
      // An AppleDouble companion inside the folder, as a copy from a FAT volume leaves it.
      ("animations/._picture.json", DittoArchive.appleDouble),
      ("images/red.png", LottieContainerCommandTests.redPNG),
    ])
    let zip = try ZipArchive(bytes, maximumEntries: 100, maximumBytes: 1 << 20)
    let names = zip.entries.map(\.name)
    #expect(names.contains("__MACOSX/animations/._picture.json") && names.contains(".DS_Store"), "\(names)")
    #expect(
      zip.entries.filter(\.isMacMetadata).map(\.name).sorted() == [
        ".DS_Store", "__MACOSX/", "__MACOSX/._manifest.json", "__MACOSX/animations/", "__MACOSX/animations/._._picture.json",
        "__MACOSX/animations/._picture.json", "__MACOSX/images/", "__MACOSX/images/._red.png", "animations/._picture.json",
      ])

    let archive = try DotLottieArchive(bytes, file: "mac.lottie")
    #expect(archive.animations.map(\.id) == ["picture"])
    let source = try archive.source()
    #expect(source.archiveImages?["red.png"] == LottieContainerCommandTests.redPNG)
    #expect(Self.warnings(source).isEmpty, "\(source.warnings)")
  }

  @Test("without a manifest, a macOS companion ._a.json sorting first is not taken for the first animation")
  func companionNotFirst() throws {
    let bytes = DittoArchive.archive([("a/._a.json", DittoArchive.appleDouble), ("a/b.json", DotLottieFixtures.red)])
    let archive = try DotLottieArchive(bytes, file: "mac.lottie")
    #expect(archive.animations.map(\.id) == ["b"])
    #expect(try archive.defaultAnimation().id == "b")
  }

  @Test("the checks libzip's consistency check used to stand beside still hold: a CRC mismatch and a lying size")
  func integrity() throws {
    var bytes = DittoArchive.archive([("a/red.json", DotLottieFixtures.red)])
    let header = try #require(DittoArchive.centralHeader(of: "a/red.json", in: bytes))
    bytes[header + 16] ^= 0xFF
    let crc = try DotLottieArchive(bytes, file: "crc.lottie")
    #expect(throws: DocumentError.self) { try crc.source() }
    do {
      _ = try crc.source()
    } catch {
      #expect("\(error)" == "crc.lottie: a/red.json: CRC error", "\(error)")
    }

    // A central directory that says 10 bytes for what inflates to 64 MiB and more: refused as
    // it passes the budget, whatever either header declares.
    var bomb = DittoArchive.archive([("a/bomb.json", [UInt8](repeating: 0x20, count: 64 * 1024 * 1024 + 1))])
    let bombHeader = try #require(DittoArchive.centralHeader(of: "a/bomb.json", in: bomb))
    for (index, byte) in [UInt8(10), 0, 0, 0].enumerated() { bomb[bombHeader + 24 + index] = byte }
    let lying = try DotLottieArchive(bomb, file: "bomb.lottie")
    #expect(throws: DocumentError.self) { try lying.source() }
    do {
      _ = try lying.source()
    } catch {
      #expect("\(error)" == "bomb.lottie: a/bomb.json decompresses past 64 MiB (the limit for the whole archive)", "\(error)")
    }
  }

  @Test("version 2: the animations are the manifest's, in a/, and initial.animation is the default")
  func version2() throws {
    let bytes = try Self.archive([
      (
        "manifest.json",
        DotLottieFixtures.json(
          #"{"version":"2","generator":"splashvid tests","animations":[{"id":"red"},{"id":"blue"}],"initial":{"animation":"blue"}}"#
        )
      ),
      ("a/blue.json", DotLottieFixtures.blue), ("a/red.json", DotLottieFixtures.red),
    ])
    let archive = try DotLottieArchive(bytes, file: "two.lottie")
    #expect(archive.animations.map(\.id) == ["red", "blue"])
    #expect(try archive.defaultAnimation().id == "blue")
    #expect(
      archive.summaries() == [
        DotLottieArchive.Summary(id: "red", isDefault: false, size: (120, 80), framesPerSecond: 30, duration: 1),
        DotLottieArchive.Summary(id: "blue", isDefault: true, size: (120, 80), framesPerSecond: 30, duration: 2),
      ])
    #expect(
      archive.summaries().map(\.description) == ["red: 120x80 points, 30 fps, 1 s", "blue (the default): 120x80 points, 30 fps, 2 s"])
    let drawn = try archive.source()
    #expect(drawn.document == (try LottieSource.read(Data(DotLottieFixtures.blue), file: "blue.json"))?.document)
    #expect(
      Self.warnings(drawn) == [
        "warning: the archive holds 2 animations (red, blue); blue is drawn, the one players show first; --animation ID picks another"
      ])
    let chosen = try archive.source(animation: "red")
    #expect(chosen.document == (try LottieSource.read(Data(DotLottieFixtures.red), file: "red.json"))?.document)
    #expect(Self.warnings(chosen).isEmpty, "a chosen animation needs no note of the others")
  }

  @Test("version 1: activeAnimationId is the default, else the first listed; animations/ and images/")
  func version1() throws {
    let listed = #"{"id":"red","speed":1,"loop":true,"direction":1},{"id":"blue","speed":2,"loop":false,"direction":-1}"#
    let active = try DotLottieArchive(
      try Self.archive([
        ("manifest.json", DotLottieFixtures.json(#"{"version":"1.0","animations":[\#(listed)],"activeAnimationId":"blue"}"#)),
        ("animations/red.json", DotLottieFixtures.red), ("animations/blue.json", DotLottieFixtures.blue),
      ]), file: "v1.lottie")
    #expect(try active.defaultAnimation().id == "blue")
    let first = try DotLottieArchive(
      try Self.archive([
        ("manifest.json", DotLottieFixtures.json(#"{"version":"1.0","animations":[\#(listed)]}"#)),
        ("animations/red.json", DotLottieFixtures.red), ("animations/blue.json", DotLottieFixtures.blue),
      ]), file: "v1.lottie")
    #expect(try first.defaultAnimation().id == "red")
  }

  @Test("two animations without a manifest: the first by name is the default")
  func noManifest() throws {
    let archive = try DotLottieArchive(
      try Self.archive([("a/zebra.json", DotLottieFixtures.blue), ("a/apple.json", DotLottieFixtures.red)]), file: "bare.lottie")
    #expect(archive.animations.map(\.id) == ["apple", "zebra"])
    #expect(try archive.defaultAnimation().id == "apple")
  }

  @Test("an id the archive does not hold is a usage error listing those it does; a listed one without its file names the manifest")
  func unknownID() throws {
    let archive = try DotLottieArchive(
      try Self.archive([
        ("manifest.json", DotLottieFixtures.json(#"{"version":"2","animations":[{"id":"red"},{"id":"blue"},{"id":"gone"}]}"#)),
        ("a/red.json", DotLottieFixtures.red), ("a/blue.json", DotLottieFixtures.blue),
      ]), file: "two.lottie")
    #expect(throws: UsageError("--animation green: two.lottie holds no animation \"green\"; its animations are red (the default), blue")) {
      try archive.source(animation: "green")
    }
    #expect(
      throws: DocumentError(
        file: "two.lottie: manifest.json", path: "animations[2].id", expected: "an animation gone.json under animations/ (or a/)",
        found: "none")
    ) { try archive.source(animation: "gone") }
  }

  @Test("an initial animation the archive does not hold is refused, naming the manifest's field")
  func missingInitial() throws {
    let archive = try DotLottieArchive(
      try Self.archive([
        ("manifest.json", DotLottieFixtures.json(#"{"version":"2","animations":[{"id":"red"}],"initial":{"animation":"blue"}}"#)),
        ("a/red.json", DotLottieFixtures.red),
      ]), file: "v2.lottie")
    #expect(
      throws: DocumentError(
        file: "v2.lottie: manifest.json", path: "initial.animation", expected: "an animation blue.json under animations/ (or a/)",
        found: "none")
    ) { try archive.source() }
    #expect(try archive.source(animation: "red").warnings.isEmpty)
  }

  @Test("a theme the manifest lists without a t/ID.json (a version 1 style sheet) is named in a warning; none without themes")
  func themesWithoutFiles() throws {
    // Version 1 names the theme an animation starts with defaultTheme, and styles with .lss files.
    let version1 = try DotLottieArchive(
      try Self.archive([
        (
          "manifest.json",
          DotLottieFixtures.json(
            #"{"animations":[{"id":"red","defaultTheme":"night"}],"themes":[{"id":"night","animations":["red"]}]}"#)
        ),
        ("animations/red.json", DotLottieFixtures.red), ("themes/night.lss", DotLottieFixtures.json("FillStyle { fill-color: blue; }")),
      ]), file: "v1.lottie")
    #expect(
      Self.warnings(try version1.source()) == [
        "warning: the manifest lists theme night but the archive holds no t/ID.json for it (a version 1 style sheet is not read); "
          + "red is drawn without it"
      ])
    #expect(try version1.source().themes.isEmpty)
    let plain = try DotLottieArchive(
      try Self.archive([
        ("manifest.json", DotLottieFixtures.json(#"{"version":"2","animations":[{"id":"red"}],"stateMachines":[]}"#)),
        ("a/red.json", DotLottieFixtures.red),
      ]), file: "plain.lottie")
    #expect(Self.warnings(try plain.source()).isEmpty)
  }

  @Test("--animation with a file that is not an archive is a usage error")
  func animationOfAnotherFile() throws {
    #expect(
      throws: UsageError("--animation red: red.json is not a dotLottie archive (.lottie), the only file that holds several animations")
    ) { try LottieSource.read(Data(DotLottieFixtures.red), file: "red.json", animation: "red") }
  }

  @Test("an empty zip is an archive with no animation, said as such, never a JSON syntax error")
  func emptyArchive() throws {
    // An empty archive is its end of central directory record alone: "PK 5 6" and 18 zeros.
    let empty = Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
    #expect(LottieSource.isArchive(empty))
    #expect(
      throws: DocumentError(file: "empty.lottie", path: "", expected: "an animation under animations/ (or a/)", found: "none")
    ) { try LottieSource.read(empty, file: "empty.lottie") }
  }

  @Test("a name that appears twice is refused, naming it: players differ on which copy they read")
  func duplicateEntry() throws {
    let bytes = DittoArchive.archive([("a/red.json", DotLottieFixtures.red), ("a/red.json", DotLottieFixtures.blue)])
    #expect(throws: (any Error).self) { try ZipArchive(bytes, maximumEntries: 10, maximumBytes: 1 << 20) }
    do {
      _ = try LottieSource.read(Data(bytes), file: "twice.lottie")
      Issue.record("an archive with a repeated name was read")
    } catch {
      #expect("\(error)".contains("twice.lottie"))
      #expect("\(error)".contains(#"entry "a/red.json" appears twice in the archive"#))
    }
  }
}
