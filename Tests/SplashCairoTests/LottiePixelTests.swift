import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Lottie documents written for these tests, drawn through the Lottie compiler and Cairo, and
/// checked by pixel at moments worked out from their numbers.
@Suite("Lottie files draw through the Core Animation model: shapes, solids, precompositions, parents")
struct LottiePixelTests {
  private func frame(_ layers: String, assets: String = "", at time: Double) throws -> PixelBuffer {
    let text = """
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[\(assets)],"layers":[\(layers)]}
      """
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200),
      into: buffer)
    return buffer
  }

  private func expectColor(_ buffer: PixelBuffer, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), _ label: String) {
    let pixel = buffer.rgba(x: x, y: y)
    let found = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
    #expect(
      abs(found.0 - expected.0) <= 2 && abs(found.1 - expected.1) <= 2 && abs(found.2 - expected.2) <= 2,
      "\(label) at (\(x), \(y)): found \(found), expected \(expected)")
  }

  private let blueSolid = """
    {"ty":1,"nm":"background","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[100,100]}},"sw":200,"sh":200,"sc":"#0000ff"}
    """

  @Test("a red disc moving linearly from x = 50 to x = 150 over a blue solid, and its white ring stroke")
  func movingDisc() throws {
    let disc = """
      {"ty":4,"nm":"disc","ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[50,100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[150,100]}]}},
       "shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}},
         {"ty":"st","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},
         {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}
      """
    let middle = try frame(disc + "," + blueSolid, at: 0.5)  // frame 15: x = 100
    expectColor(middle, 100, 100, (255, 0, 0), "disc centre")
    expectColor(middle, 100, 80, (255, 255, 255), "the stroke on its edge, radius 20")
    expectColor(middle, 100, 76, (0, 0, 255), "beyond the stroke's outer half")
    expectColor(middle, 60, 100, (0, 0, 255), "where it started")
    let start = try frame(disc + "," + blueSolid, at: 0)
    expectColor(start, 50, 100, (255, 0, 0), "at frame 0")
  }

  @Test("a precomposition starts 15 frames late (st) and is clipped to its 100 × 100 size")
  func precomposition() throws {
    let assets = """
      {"id":"inner","layers":[{"ty":1,"nm":"green","ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":10,"s":[100]}]}},
        "sw":300,"sh":300,"sc":"#00ff00"}]}
      """
    let precomposition = #"{"ty":0,"nm":"pre","refId":"inner","ip":0,"op":60,"st":15,"w":100,"h":100,"ks":{}}"#
    let early = try frame(precomposition + "," + blueSolid, assets: assets, at: 24.5 / 30)  // its frame 9.5: opacity 0
    expectColor(early, 50, 50, (0, 0, 255), "before its frame 10")
    let late = try frame(precomposition + "," + blueSolid, assets: assets, at: 25.5 / 30)  // its frame 10.5
    expectColor(late, 50, 50, (0, 255, 0), "from its frame 10")
    expectColor(late, 150, 150, (0, 0, 255), "clipped at 100 × 100")
  }

  @Test("a child turns with its parent null about the parent's position")
  func parenting() throws {
    let parent = #"{"ty":3,"nm":"pivot","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90]}]}}}"#
    let child = """
      {"ty":4,"nm":"arm","ind":2,"parent":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,0]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}]}
      """
    let start = try frame([child, parent, blueSolid].joined(separator: ","), at: 0)
    expectColor(start, 150, 100, (255, 255, 0), "at 3 o'clock")
    let turned = try frame([child, parent, blueSolid].joined(separator: ","), at: 1)
    expectColor(turned, 100, 150, (255, 255, 0), "at 6 o'clock after 90°")
    expectColor(turned, 150, 100, (0, 0, 255), "gone from 3 o'clock")
  }
}

/// Masks and track mattes: a layer shows only where its masks or its matte are opaque, or only
/// where they are clear when inverted.
@Suite("Lottie masks and track mattes draw through the model's masks, inverted where asked")
struct LottieMaskPixelTests {
  private func frame(_ layers: String) throws -> PixelBuffer {
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layers)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  private func isBlue(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
    let pixel = buffer.rgba(x: x, y: y)
    return pixel.blue > 240 && pixel.red < 15 && pixel.green < 15
  }

  private func isWhite(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
    let pixel = buffer.rgba(x: x, y: y)
    return pixel.blue > 240 && pixel.red > 240 && pixel.green > 240
  }

  /// A blue 200 × 200 solid with `extra` members (masks, a matte).
  private func solid(_ extra: String) -> String {
    ##"{"ty":1,"nm":"blue","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#0000ff"\##(extra)}"##
  }

  /// A square outline from (50, 50) to (150, 150) as a Lottie path.
  private let square = #"{"a":0,"k":{"c":true,"v":[[50,50],[150,50],[150,150],[50,150]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#

  @Test("an adding mask keeps the inside; an inverted or subtracting one the outside")
  func masks() throws {
    let added = try frame(solid(#","masksProperties":[{"mode":"a","pt":\#(square),"o":{"a":0,"k":100}}]"#))
    #expect(isBlue(added, 100, 100) && isWhite(added, 20, 20))
    let inverted = try frame(solid(#","masksProperties":[{"mode":"a","inv":true,"pt":\#(square),"o":{"a":0,"k":100}}]"#))
    #expect(!isBlue(inverted, 100, 100) && isWhite(inverted, 100, 100) && isBlue(inverted, 20, 20))
    let subtracted = try frame(solid(#","masksProperties":[{"mode":"s","pt":\#(square),"o":{"a":0,"k":100}}]"#))
    #expect(isWhite(subtracted, 100, 100) && isBlue(subtracted, 20, 20))
  }

  /// A square outline from (x, y) of side `side` as a Lottie path.
  private func box(_ x: Double, _ y: Double, _ side: Double) -> String {
    let (right, bottom) = (x + side, y + side)
    return #"{"a":0,"k":{"c":true,"v":[[\#(x),\#(y)],[\#(right),\#(y)],[\#(right),\#(bottom)],[\#(x),\#(bottom)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
  }

  private func masked(_ masks: [(mode: String, inverted: Bool, path: String)]) throws -> PixelBuffer {
    let list = masks.map { #"{"mode":"\#($0.mode)","inv":\#($0.inverted),"pt":\#($0.path),"o":{"a":0,"k":100}}"# }
    return try frame(solid(#","masksProperties":[\#(list.joined(separator: ","))]"#))
  }

  @Test("masks combine in order as the iOS player combines them: adds unite, a subtract cuts out, an intersect keeps the overlap")
  func mixedMasks() throws {
    // Left square A: 20…100; right square B: 80…160 (both in x and y); overlap 80…100.
    let left = box(20, 20, 80)
    let right = box(80, 80, 80)
    let union = try masked([("a", false, left), ("a", false, right)])
    #expect(isBlue(union, 50, 50) && isBlue(union, 140, 140) && isWhite(union, 140, 40), "A ∪ B")
    let cut = try masked([("a", false, left), ("s", false, right)])
    #expect(isBlue(cut, 50, 50) && isWhite(cut, 90, 90) && isWhite(cut, 140, 140) && isWhite(cut, 180, 10), "A minus B")
    let overlap = try masked([("a", false, left), ("i", false, right)])
    #expect(isBlue(overlap, 90, 90) && isWhite(overlap, 50, 50) && isWhite(overlap, 140, 140), "A ∩ B")
    // An inverted subtract keeps the inside of its shape: A ∩ B again.
    let invertedCut = try masked([("a", false, left), ("s", true, right)])
    #expect(isBlue(invertedCut, 90, 90) && isWhite(invertedCut, 50, 50) && isWhite(invertedCut, 140, 140), "A ∩ inside B")
    // An inverted add among others is the outside of its shape: (outside A) ∩ … here alone with
    // an intersect: outside A ∩ B is B without the overlap.
    let outsideFirst = try masked([("a", true, left), ("i", false, right)])
    #expect(isBlue(outsideFirst, 140, 140) && isWhite(outsideFirst, 90, 90) && isWhite(outsideFirst, 50, 50), "outside A ∩ B")
    // Three: (A ∪ B) minus the middle square 70…110.
    let three = try masked([("a", false, left), ("a", false, right), ("s", false, box(70, 70, 40))])
    #expect(isBlue(three, 40, 40) && isBlue(three, 150, 150) && isWhite(three, 90, 90), "(A ∪ B) minus C")
  }

  @Test("an alpha matte shows the layer where the matte is; an inverted one where it is not; the matte itself is not drawn")
  func mattes() throws {
    let matte = #"{"ty":4,"nm":"matte","td":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":\#(square)},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    let alpha = try frame(matte + "," + solid(#","tt":1"#))
    #expect(isBlue(alpha, 100, 100) && isWhite(alpha, 20, 20), "no red: the matte is not drawn")
    let inverted = try frame(matte + "," + solid(#","tt":2"#))
    #expect(isWhite(inverted, 100, 100) && isBlue(inverted, 20, 20))
    // A matte named by index (`tp`) may come after the layer, with another layer between.
    let later = #"{"ty":4,"nm":"matte","td":1,"ind":7,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":\#(square)},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    let between = #"{"ty":4,"nm":"between","ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[190,190]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}]}"#
    let named = try frame(solid(#","tt":1,"tp":7"#) + "," + between + "," + later)
    #expect(isBlue(named, 100, 100) && isWhite(named, 20, 20), "drawn through the matte below it, which is not drawn")
    #expect(named.rgba(x: 190, y: 190).green == 255 && named.rgba(x: 190, y: 190).red == 0, "the layer between is drawn")
    // A luma matte, as Lottie's iOS player draws it: the matte hidden, the layer unmasked.
    let luma = try frame(matte + "," + solid(#","tt":3"#))
    #expect(isBlue(luma, 100, 100) && isBlue(luma, 20, 20), "no red, and blue everywhere")
  }
}

/// Repeaters as Lottie's iOS player draws them: copy k at k × the position and k × the
/// rotation, at the anchor and scale once, its opacity a step from `so` to `eo`.
@Suite("Lottie repeaters draw as the iOS player: copies stepped, turned, scaled once, faded")
struct LottieRepeaterPixelTests {
  private func frame(_ items: String) throws -> PixelBuffer {
    let layer = #"{"ty":4,"nm":"r","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,100]}},"shapes":[\#(items)]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  private let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
  private let red = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

  private func repeater(
    copies: Int, position: String, rotation: Double = 0, anchor: String = "[0,0]", scale: String = "[100,100]",
    startOpacity: Double = 100, endOpacity: Double = 100
  ) -> String {
    #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"m":1,"tr":{"a":{"a":0,"k":\#(anchor)},"p":{"a":0,"k":\#(position)},"s":{"a":0,"k":\#(scale)},"r":{"a":0,"k":\#(rotation)},"so":{"a":0,"k":\#(startOpacity)},"eo":{"a":0,"k":\#(endOpacity)}}}"#
  }

  /// The green channel over white where a red of alpha a is drawn: 255 × (1 − a).
  private func expectRed(_ buffer: PixelBuffer, _ x: Int, _ y: Int, alpha: Double, _ label: String) {
    let found = Int(buffer.rgba(x: x, y: y).green)
    let expected = Int((255 * (1 - alpha)).rounded())
    #expect(abs(found - expected) <= 2 && buffer.rgba(x: x, y: y).red > 250, "\(label): green \(found), expected \(expected)")
  }

  @Test("three copies 20 points apart fading from 100 % to 50 %, with the fill before or after the repeater")
  func steppedAndFaded() throws {
    for items in [[square, red, repeater(copies: 3, position: "[20,0]", endOpacity: 50)], [square, repeater(copies: 3, position: "[20,0]", endOpacity: 50), red]] {
      let buffer = try frame(items.joined(separator: ","))
      expectRed(buffer, 50, 100, alpha: 1, "copy 0")
      expectRed(buffer, 70, 100, alpha: 0.75, "copy 1")
      expectRed(buffer, 90, 100, alpha: 0.5, "copy 2")
      expectRed(buffer, 110, 100, alpha: 0, "no copy 3")
    }
  }

  @Test("copies turned 90° each about the anchor (the layer's origin): a square 30 points out goes round")
  func rotated() throws {
    let offCentre = #"{"ty":"rc","p":{"a":0,"k":[30,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let buffer = try frame([offCentre, red, repeater(copies: 4, position: "[0,0]", rotation: 90)].joined(separator: ","))
    expectRed(buffer, 80, 100, alpha: 1, "3 o'clock")
    expectRed(buffer, 50, 130, alpha: 1, "6 o'clock")
    expectRed(buffer, 20, 100, alpha: 1, "9 o'clock")
    expectRed(buffer, 50, 70, alpha: 1, "12 o'clock")
    expectRed(buffer, 71, 121, alpha: 0, "nothing between")
  }

  // The tests below tell the iOS player's reading from After Effects' (where copy k is the
  // whole transform applied k times); each names what After Effects would draw instead.

  @Test("the scale applies once to every copy, copy 0 included, and does not compound")
  func scaledOnce() throws {
    // A 10-point square centred 20 points right; copies 40 points apart at half size:
    // q ↦ (40k, 0) + q / 2 puts them at 10, 50 and 90 (layer origin at x = 50), 5 points wide.
    let square = #"{"ty":"rc","p":{"a":0,"k":[20,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let buffer = try frame([square, red, repeater(copies: 3, position: "[40,0]", scale: "[50,50]")].joined(separator: ","))
    expectRed(buffer, 60, 100, alpha: 1, "copy 0 at half size")
    expectRed(buffer, 100, 100, alpha: 1, "copy 1")
    expectRed(buffer, 140, 100, alpha: 1, "copy 2")
    expectRed(buffer, 73, 100, alpha: 0, "copy 0 unscaled (After Effects)")
    expectRed(buffer, 115, 100, alpha: 0, "copy 2 at a quarter size (After Effects)")
  }

  @Test("copy k moves k × the position, not along the rotation so far")
  func movedAndTurned() throws {
    let buffer = try frame([square, red, repeater(copies: 3, position: "[30,0]", rotation: 90)].joined(separator: ","))
    expectRed(buffer, 50, 100, alpha: 1, "copy 0")
    expectRed(buffer, 80, 100, alpha: 1, "copy 1")
    expectRed(buffer, 110, 100, alpha: 1, "copy 2 at twice the position")
    expectRed(buffer, 80, 130, alpha: 0, "copy 2 moved along the turned position (After Effects)")
  }

  @Test("the anchor moves every copy by minus the anchor, copy 0 included")
  func anchored() throws {
    // q ↦ q − (10, 10): copy 0's square, −5…5, lands at −15…−5.
    let buffer = try frame([square, red, repeater(copies: 1, position: "[0,0]", anchor: "[10,10]")].joined(separator: ","))
    expectRed(buffer, 40, 90, alpha: 1, "copy 0 moved by the anchor")
    expectRed(buffer, 50, 100, alpha: 0, "copy 0 in place (After Effects)")
  }

  @Test("a copy fades as one picture: two overlapping groups of a half-opaque copy blend as one")
  func copyOpacity() throws {
    let still = #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
    let overlapping = #"{"ty":"rc","p":{"a":0,"k":[8,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let groups = [square, overlapping].map { #"{"ty":"gr","it":[\#($0),\#(red),\#(still)]}"# }
    let buffer = try frame((groups + [repeater(copies: 2, position: "[100,0]", startOpacity: 50, endOpacity: 50)]).joined(separator: ","))
    expectRed(buffer, 47, 97, alpha: 0.5, "one square")
    expectRed(buffer, 54, 102, alpha: 0.5, "where both squares overlap: still half, not three quarters")
  }
}

/// Image layers: an image file beside the Lottie file, drawn at the asset's size from the
/// layer's origin, and confined to the file's folder.
@Suite("Lottie image layers draw their image file; files outside the folder are refused")
struct LottieImagePixelTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/quadrants.png")

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.fixture, to: folder.appendingPathComponent("images/quadrants.png"))
    return folder
  }

  private func document(folder: String, name: String, embedded: Int = 0) -> String {
    #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,
     "assets":[{"id":"picture","w":40,"h":20,"u":"\#(folder)","p":"\#(name)","e":\#(embedded)}],
     "layers":[{"ty":2,"nm":"photo","refId":"picture","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]}}}]}
    """#
  }

  @Test("each quadrant of the image lands 50 points right and down, at the asset's size")
  func drawn() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = try LottieCompiler.compile(
      try JSONValue.parseJSON5(Data(document(folder: "images/", name: "quadrants.png").utf8)), file: "a.json", baseDirectory: folder)
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    try ImageFormatTests.expectQuadrants(buffer, "PNG file")
    #expect(buffer.rgba(x: 95, y: 50).red == 255 && buffer.rgba(x: 95, y: 50).blue == 255, "white beyond the 40-point width")
  }

  @Test("a file name marked embedded (e: 1, as some exporters write it) is read as the file it names, as players read it")
  func embeddedFlagOnAFileName() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = try LottieCompiler.compile(
      try JSONValue.parseJSON5(Data(document(folder: "images/", name: "quadrants.png", embedded: 1).utf8)), file: "a.json",
      baseDirectory: folder)
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    let expected = try PNGReader.read(Self.fixture.path).rgba(x: 10, y: 5)
    let found = buffer.rgba(x: 60, y: 55)
    #expect(abs(Int(found.red) - Int(expected.red)) <= 2 && abs(Int(found.blue) - Int(expected.blue)) <= 2, "\(found) against \(expected)")
  }

  @Test("an image path leading out of the folder is refused with its JSON path; a missing one is left out with a warning naming where it looked")
  func confined() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let elsewhere = folder.deletingLastPathComponent().appendingPathComponent("elsewhere-\(UUID().uuidString).png")
    try Data([0x89, 0x50]).write(to: elsewhere)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let outside = try JSONValue.parseJSON5(Data(document(folder: "../", name: elsewhere.lastPathComponent).utf8))
    #expect {
      _ = try LottieCompiler.compile(outside, file: "a.json", baseDirectory: folder)
    } throws: { error in
      "\(error)".hasPrefix("a.json: assets[0].p: expected an image inside ")
    }
    let missing = try JSONValue.parseJSON5(Data(document(folder: "images/", name: "none.png").utf8))
    var warnings: [DocumentError] = []
    let scene = try LottieCompiler.compile(missing, file: "a.json", baseDirectory: folder, warn: { warnings.append($0) })
    let expected = "a.json: assets[0].p: warning: image files missing from \(folder.standardizedFileURL.path)/images/ are not drawn"
    #expect(warnings.map { "\($0)" } == [expected], "\(warnings)")
    #expect(scene.presentation(at: 0).layers.allSatisfy { $0.sublayers.isEmpty }, "the image layer draws nothing")
  }
}

/// Images a Lottie file carries as `data:` URIs: decoded from base64, drawn like files.
@Suite("Lottie images embedded as data: URIs draw like files; bad data is refused")
struct LottieEmbeddedImagePixelTests {
  private func document(_ uri: String) -> String {
    #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,
     "assets":[{"id":"picture","w":40,"h":20,"u":"","p":"\#(uri)","e":1}],
     "layers":[{"ty":2,"nm":"photo","refId":"picture","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]}}}]}
    """#
  }

  private func render(_ text: String) throws -> PixelBuffer {
    let scene = try LottieCompiler.compile(try JSONValue.parseJSON5(Data(text.utf8)), file: "a.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  @Test("the quadrants PNG as base64 lands where the file does")
  func drawn() throws {
    let bytes = try Data(contentsOf: LottieImagePixelTests.fixture)
    let buffer = try render(document("data:image/png;base64," + bytes.base64EncodedString()))
    let source = try PNGReader.read(LottieImagePixelTests.fixture.path)
    for (x, y) in [(10, 5), (30, 5), (10, 15), (30, 15)] {
      let expected = source.rgba(x: x, y: y)
      let found = buffer.rgba(x: 50 + x, y: 50 + y)
      #expect(abs(Int(found.red) - Int(expected.red)) <= 2 && abs(Int(found.blue) - Int(expected.blue)) <= 2, "\(found) against \(expected)")
    }
  }

  @Test("data that is not base64 is refused at its JSON path; bytes that are no image fail the render, naming it")
  func refused() throws {
    #expect {
      _ = try LottieCompiler.compile(try JSONValue.parseJSON5(Data(document("data:image/png;base64,@@@@").utf8)), file: "a.json")
    } throws: { error in
      "\(error)" == #"a.json: assets[0].p: expected image data in base64 after "base64,", found characters that are not base64"#
    }
    #expect {
      _ = try render(document("data:image/png;base64," + Data("not an image".utf8).base64EncodedString()))
    } throws: { error in
      "\(error)".contains("a.json: assets[0]") && "\(error)".contains("not a PNG, JPEG, GIF or WebP image")
    }
  }
}

/// Blend modes: a layer's picture combined with what is below it as After Effects does.
@Suite("Lottie blend modes composite through Cairo's blend operators")
struct LottieBlendPixelTests {
  @Test("a 50 % grey square multiplied over orange darkens it to half; screened, lightens it; normal covers it")
  func modes() throws {
    func pixel(mode: Int) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
      let grey = ##"{"ty":1,"nm":"grey","ip":0,"op":60,"ks":{},"sw":100,"sh":100,"sc":"#808080","bm":\##(mode)}"##
      let orange = ##"{"ty":1,"nm":"orange","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#ff8000"}"##
      let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(grey),\#(orange)]}"#
      let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
      let buffer = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(
        scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
      return buffer.rgba(x: 50, y: 50)
    }
    let grey = 128.0 / 255
    let multiplied = try pixel(mode: 1)
    #expect(abs(Int(multiplied.red) - Int((255 * grey).rounded())) <= 2 && abs(Int(multiplied.green) - Int((128 * grey).rounded())) <= 2)
    let screened = try pixel(mode: 2)  // 1 − (1 − a)(1 − b)
    #expect(screened.red == 255 && abs(Int(screened.green) - Int((255 * (1 - (1 - grey) * (1 - 128.0 / 255))).rounded())) <= 2)
    let normal = try pixel(mode: 0)
    #expect(normal.red == 128 && normal.green == 128 && normal.blue == 128)
  }
}

/// Paths painted by one style stay one path while they move: a hole wound the other way stays
/// a hole.
@Suite("Lottie paths of one fill are one path, animated or not")
struct LottieCombinedPathPixelTests {
  @Test("an animated inner square wound the other way cuts a hole in the outer one as it moves")
  func animatedHole() throws {
    func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool) -> String {
      let points = clockwise
        ? [[x, y], [x + side, y], [x + side, y + side], [x, y + side]] : [[x, y], [x, y + side], [x + side, y + side], [x + side, y]]
      let vertices = points.map { "[\(Int($0[0])),\(Int($0[1]))]" }.joined(separator: ",")
      return #"{"c":true,"v":[\#(vertices)],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    }
    let outer = #"{"ty":"sh","ks":{"a":0,"k":\#(square(50, 50, 100, clockwise: true))}}"#
    let inner = #"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(square(60, 80, 40, clockwise: false))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[\#(square(100, 80, 40, clockwise: false))]}]}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1}"#
    let layer = #"{"ty":4,"nm":"icon","ip":0,"op":60,"ks":{},"shapes":[\#(outer),\#(inner),\#(fill)]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0.5), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    // At frame 15 the hole spans x 80…120, y 80…120.
    #expect(buffer.rgba(x: 100, y: 100).red == 255, "the hole shows the white canvas")
    #expect(buffer.rgba(x: 65, y: 100).blue == 255 && buffer.rgba(x: 65, y: 100).red == 0, "the outer square beside it")
  }
}

/// Drop shadows, from the effect and from the layer style, as the layer's shadow.
@Suite("Lottie drop shadows draw as the layer's shadow: offset along the angle, opacity and colour")
struct LottieShadowPixelTests {
  private func frame(_ extra: String) throws -> PixelBuffer {
    // A 40-point black square at (80, 80) with a hard red shadow.
    let layer = #"{"ty":4,"nm":"box","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]}},\#(extra),"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  private func value(_ name: String, _ type: Int, _ k: String) -> String {
    #"{"ty":\#(type),"nm":"\#(name)","v":{"a":0,"k":\#(k)}}"#
  }

  @Test("the effect: direction 180° (down in After Effects), distance 30, opacity 255, softness 0: the square's copy 30 points below, red")
  func effect() throws {
    let values = [
      value("Shadow Color", 2, "[1,0,0,1]"), value("Opacity", 0, "255"), value("Direction", 1, "180"),
      value("Distance", 0, "30"), value("Softness", 0, "0"),
    ].joined(separator: ",")
    let buffer = try frame(#""ef":[{"ty":25,"nm":"Drop Shadow","ef":[\#(values)]}]"#)
    let below = buffer.rgba(x: 100, y: 135)
    #expect(below.red > 240 && below.green < 15, "shadow 30 points below: \(below)")
    #expect(buffer.rgba(x: 100, y: 100).red < 15, "the square itself is black")
    #expect(buffer.rgba(x: 130, y: 100).green > 240, "nothing to the right")
  }

  @Test("the layer style: angle 0°, distance 30, opacity 50 %: a half-red copy 30 points to the right")
  func style() throws {
    let buffer = try frame(#""sy":[{"ty":1,"c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":50},"a":{"a":0,"k":0},"d":{"a":0,"k":30},"s":{"a":0,"k":0}}]"#)
    let right = buffer.rgba(x: 135, y: 100)
    #expect(right.red > 240 && abs(Int(right.green) - 128) <= 3, "half-opaque red over white: \(right)")
    #expect(buffer.rgba(x: 100, y: 135).green > 240, "nothing below")
  }
}
