import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRaster
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

/// `BlendCompositor` against what it stands in for: pixman's multiply and screen combiners, as
/// Cairo drives them, and the frames of Lottie layers with blend modes and inverted mattes.
@Suite("Multiply and screen laid by splashvid's compositor, as pixman lays them")
struct BlendCompositorTests {
  /// How a case is laid.
  enum Laying: CaseIterable {
    /// A picture at a uniform opacity (a group with a blend mode).
    case pictureAtOpacity
    /// A picture through a coverage mask (a masked or matted layer).
    case pictureThroughCoverage
    /// One colour through a coverage mask (a one-colour group with a blend mode).
    case colorThroughCoverage
  }

  static func premultipliedPixels(count: Int, transparentShare: Double, using generator: inout SeededGenerator) -> [UInt32] {
    (0..<count).map { _ in
      if Double.random(in: 0..<1, using: &generator) < transparentShare { return 0 }
      let alpha = UInt32.random(in: 0...255, using: &generator)
      let channels = (0..<3).map { _ in UInt32.random(in: 0...alpha, using: &generator) }
      return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
    }
  }

  @Test(
    "every pixel equals pixman's: both modes, each way of laying, sources and masks partly outside the clip",
    arguments: [BlendMode.multiply, .screen], 1...6 as ClosedRange<UInt64>)
  func matchesPixman(mode: BlendMode, seed: UInt64) throws {
    for laying in Laying.allCases {
      var generator = SeededGenerator(seed: seed &* 31 &+ UInt64(Laying.allCases.firstIndex(of: laying)!))
      let width = 67
      let height = 45
      let destination = Self.premultipliedPixels(count: width * height, transparentShare: 0.1, using: &generator)
      let pictureWidth = 51
      let pictureHeight = 33
      let picture = (
        pixels: Self.premultipliedPixels(count: pictureWidth * pictureHeight, transparentShare: 0.2, using: &generator),
        width: pictureWidth, left: Int.random(in: -9...24, using: &generator), top: Int.random(in: -7...18, using: &generator)
      )
      // Coverage with empty, full and partial bytes, odd widths so rows end on a lone pixel.
      let maskWidth = 43
      let maskHeight = 29
      let coverage = (
        bytes: (0..<(maskWidth * maskHeight)).map { _ -> UInt8 in
          switch Int.random(in: 0..<4, using: &generator) {
          case 0: 0
          case 1: 255
          default: UInt8.random(in: 0...255, using: &generator)
          }
        },
        width: maskWidth, left: Int.random(in: -6...30, using: &generator), top: Int.random(in: -5...20, using: &generator)
      )
      let clipLeft = Int.random(in: 0...10, using: &generator)
      let clipTop = Int.random(in: 0...8, using: &generator)
      let columns = clipLeft..<Int.random(in: (clipLeft + 21)...width, using: &generator)
      let rows = clipTop..<Int.random(in: (clipTop + 15)...height, using: &generator)
      let ink = Color(
        red: Double.random(in: 0...1, using: &generator), green: Double.random(in: 0...1, using: &generator),
        blue: Double.random(in: 0...1, using: &generator))
      let opacity = seed % 3 == 0 ? 1 : Double.random(in: 0.02...1, using: &generator)

      var byCairo = destination
      var ours = destination
      let compositorMode = try #require(CairoBackend.compositorMode(mode))
      picture.pixels.withUnsafeBufferPointer { pictureBuffer in
        coverage.bytes.withUnsafeBufferPointer { coverageBuffer in
          let picturePlane = PixelPlane(
            base: pictureBuffer.baseAddress!, elementsPerRow: pictureWidth, left: picture.left, top: picture.top,
            width: pictureWidth, height: pictureHeight)
          let coveragePlane = PixelPlane(
            base: coverageBuffer.baseAddress!, elementsPerRow: maskWidth, left: coverage.left, top: coverage.top,
            width: maskWidth, height: maskHeight)
          let source: BlendCompositor.Source
          let share: BlendCompositor.Share
          switch laying {
          case .pictureAtOpacity:
            CairoBackend.blendWithCairo(
              mode, picture: picture, ink: ink, coverage: nil, opacity: opacity, onto: &byCairo, width: width,
              columns: columns, rows: rows)
            source = .pixels(picturePlane)
            share = .uniform(UInt8(CairoBackend.solidPixel(ink, alpha: opacity) >> 24))
          case .pictureThroughCoverage:
            CairoBackend.blendWithCairo(
              mode, picture: picture, ink: ink, coverage: coverage, opacity: 1, onto: &byCairo, width: width,
              columns: columns, rows: rows)
            source = .pixels(picturePlane)
            share = .coverage(coveragePlane)
          case .colorThroughCoverage:
            CairoBackend.blendWithCairo(
              mode, picture: nil, ink: ink, coverage: coverage, opacity: opacity, onto: &byCairo, width: width,
              columns: columns, rows: rows)
            source = .color(CairoBackend.solidPixel(ink, alpha: opacity))
            share = .coverage(coveragePlane)
          }
          ours.withUnsafeMutableBufferPointer { pixels in
            BlendCompositor.composite(
              compositorMode, source: source, share: share, onto: pixels.baseAddress!, pixelsPerRow: width, columns: columns,
              rows: rows)
          }
        }
      }

      var differing = 0
      var changed = 0
      for index in destination.indices {
        if byCairo[index] != ours[index] {
          if differing < 5 {
            Issue.record(
              "\(mode) \(laying) (\(index % width), \(index / width)): pixman \(String(byCairo[index], radix: 16)), ours \(String(ours[index], radix: 16))"
            )
          }
          differing += 1
        }
        if byCairo[index] != destination[index] { changed += 1 }
      }
      #expect(differing == 0, "\(mode) \(laying): \(differing) pixels differ")
      #expect(changed > 50, "\(mode) \(laying): only \(changed) pixels changed")
    }
  }

  /// A 200 × 200 Lottie document of `layers` drawn at `time` by `backend`.
  static func frame(_ layers: String, at time: Double, by backend: CairoBackend) throws -> PixelBuffer {
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layers)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "blend.json")
    let buffer = try #require(PixelBuffer(width: 240, height: 240))
    try backend.render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 240, pixelHeight: 240), into: buffer)
    return buffer
  }

  /// Layers over a background of stripes in four colours, so every blend has something to
  /// combine with.
  static let stripes = (0..<4).map { index in
    let colors = ["[0.95,0.55,0.1,1]", "[0.1,0.6,0.9,1]", "[0.85,0.85,0.2,1]", "[0.4,0.1,0.5,1]"]
    return
      #"{"ty":4,"nm":"stripe\#(index)","ip":0,"op":60,"ks":{"p":{"a":0,"k":[\#(25 + 50 * index),100]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[50,200]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":\#(colors[index])},"o":{"a":0,"k":100}}]}"#
  }.joined(separator: ",")

  @Test(
    "Lottie layers with blend modes and inverted mattes come out the same laid by the compositor or by pixman",
    arguments: [1, 2])
  func lottieFramesUnchanged(blendMode: Int) throws {
    // A one-colour disc moving across (an alpha-only group laid in one colour), a faded pair of
    // overlapping colours (a picture at an opacity), and a solid shown through an inverted
    // matte with a mask of its own, turning (a picture through coverage).
    let disc =
      #"{"ty":4,"nm":"disc","bm":\#(blendMode),"ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[40,60],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[160,60]}]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[70,70]}},{"ty":"fl","c":{"a":0,"k":[0.5,0.2,0.7,1]},"o":{"a":0,"k":100}}]}"#
    let pair =
      #"{"ty":4,"nm":"pair","bm":\#(blendMode),"ip":0,"op":60,"ks":{"o":{"a":0,"k":60},"p":{"a":0,"k":[100,140]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[90]}]}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[-15,0]},"s":{"a":0,"k":[60,40]},"r":{"a":0,"k":6}},{"ty":"fl","c":{"a":0,"k":[0.9,0.3,0.3,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[20,0]},"s":{"a":0,"k":[50,50]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.9,0.4,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
    let matte =
      #"{"ty":4,"nm":"matte","td":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[45]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[90,90]},"r":{"a":0,"k":10}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}"#
    let matted =
      ##"{"ty":1,"nm":"matted","tt":2,"bm":\##(blendMode),"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[70,70]}},"sw":140,"sh":140,"sc":"#3050c0","masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[10,10],[130,10],[130,130],[10,130]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100},"inv":false}]}"##
    let layers = [disc, pair, matte, matted, Self.stripes].joined(separator: ",")
    let ours = CairoBackend(counters: RenderCounters())
    let pixman = CairoBackend(fastPaths: FastPaths(composesBlendModes: false, invertsMasksInPlace: false), counters: RenderCounters())
    for time in [0, 0.4, 0.8, 1.3] {
      let byOurs = try Self.frame(layers, at: time, by: ours)
      let byPixman = try Self.frame(layers, at: time, by: pixman)
      #expect(memcmp(byOurs.bytes, byPixman.bytes, byOurs.byteCount) == 0, "t = \(time) s")
    }
    // Each of the three layers, in each of the four frames.
    #expect(ours.counted.blendModesComposited >= 12, "composited \(ours.counted.blendModesComposited)")
    #expect(ours.counted.masksInvertedInPlace == 4, "inverted \(ours.counted.masksInvertedInPlace)")
    #expect(pixman.counted.blendModesComposited == 0 && pixman.counted.masksInvertedInPlace == 0)
  }

  @Test(
    "an inverted matte inside a turned or scaled precomposition is turned in place: the same bytes as pixman's paint",
    arguments: [(30.0, 100.0), (0.0, 73.0), (17.0, 131.0)])
  func invertedMatteUnderPartialClip(rotation: Double, scale: Double) throws {
    // The precomposition's bounds, turned or scaled to a fractional edge, cut pixels in part:
    // the clip the matte and its layer are drawn under is not whole pixels. A faded layer and
    // a layer at full opacity each show through an inverted matte that moves.
    let matte =
      #"{"ty":4,"nm":"matte","td":1,"ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[20,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[80,50]}]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[45,45]}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}"#
    let matted =
      ##"{"ty":1,"nm":"matted","tt":2,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[60,60]}},"sw":120,"sh":120,"sc":"#c03050"}"##
    let fadedMatte = matte.replacingOccurrences(of: #""nm":"matte""#, with: #""nm":"matte2""#)
    let faded =
      ##"{"ty":1,"nm":"faded","tt":2,"ip":0,"op":60,"ks":{"o":{"a":0,"k":55},"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[40,40]}},"sw":80,"sh":80,"sc":"#2080d0"}"##
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"inner","layers":[\#(matte),\#(matted),\#(fadedMatte),\#(faded)]}],
       "layers":[{"ty":0,"nm":"turned","refId":"inner","w":100,"h":100,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100.3,99.6]},"a":{"a":0,"k":[50,50]},"r":{"a":0,"k":\#(rotation)},"s":{"a":0,"k":[\#(scale),\#(scale)]}}},\#(Self.stripes)]}
      """#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "inverted.json")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 240, pixelHeight: 240)
    let ours = CairoBackend(counters: RenderCounters())
    let pixman = CairoBackend(fastPaths: FastPaths(invertsMasksInPlace: false), counters: RenderCounters())
    for time in [0, 0.7, 1.5] {
      let byOurs = try #require(PixelBuffer(width: 240, height: 240))
      let byPixman = try #require(PixelBuffer(width: 240, height: 240))
      try ours.render(scene.presentation(at: time), viewport: viewport, into: byOurs)
      try pixman.render(scene.presentation(at: time), viewport: viewport, into: byPixman)
      #expect(memcmp(byOurs.bytes, byPixman.bytes, byOurs.byteCount) == 0, "t = \(time) s")
    }
    // Both layers in each of the three frames.
    #expect(ours.counted.masksInvertedInPlace == 6, "inverted \(ours.counted.masksInvertedInPlace)")
    #expect(pixman.counted.masksInvertedInPlace == 0)
  }

  @Test("a multiplied layer inside a turned precomposition is left to pixman: its clip is not whole pixels")
  func turnedClipStaysWithPixman() throws {
    // A precomposition clips its layers to its size; turned, that clip cuts pixels in part.
    let grey =
      ##"{"ty":1,"nm":"grey","bm":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[60,60]}},"sw":120,"sh":120,"sc":"#808080"}"##
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"inner","layers":[\#(grey)]}],
       "layers":[{"ty":0,"nm":"turned","refId":"inner","w":100,"h":100,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[50,50]},"r":{"a":0,"k":30}}},\#(Self.stripes)]}
      """#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "turned.json")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 240, pixelHeight: 240)
    let ours = CairoBackend(counters: RenderCounters())
    let pixman = CairoBackend(fastPaths: FastPaths(composesBlendModes: false), counters: RenderCounters())
    let byOurs = try #require(PixelBuffer(width: 240, height: 240))
    let byPixman = try #require(PixelBuffer(width: 240, height: 240))
    try ours.render(scene.presentation(at: 0), viewport: viewport, into: byOurs)
    try pixman.render(scene.presentation(at: 0), viewport: viewport, into: byPixman)
    #expect(memcmp(byOurs.bytes, byPixman.bytes, byOurs.byteCount) == 0)
    #expect(ours.counted.blendModesComposited == 0)
    // Multiplied, the grey darkens the orange stripe it turns over (255 · 128 / 255 = 128).
    let pixel = byOurs.rgba(x: 120, y: 120)
    #expect(abs(Int(pixel.red) - 128) <= 2 || abs(Int(pixel.red) - Int((Double(0.85 * 255) * 128 / 255).rounded())) <= 2)
  }
}
