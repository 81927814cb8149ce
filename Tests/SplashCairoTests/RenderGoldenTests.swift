import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

/// One golden image per feature, each on a small canvas drawn at 2x.
///
/// Every case isolates one property so that drawing it wrong (anchor ignored, opacity per
/// sublayer, strokeEnd by curve parameter, mask ignored, …) changes its picture.
struct GoldenCase: CustomStringConvertible, Sendable {
  var name: String
  var layers: String
  var canvas = (width: 64, height: 64)
  var time = 0.0
  var pixels: (width: Int, height: Int)?
  var fit = Viewport.Fit.contain

  var description: String { name }
}

@Suite("Golden images: every layer property drawn as Core Animation draws it")
struct RenderGoldenTests {
  static let fixtures = GoldenImage.fixtures.path

  static let cases: [GoldenCase] = [
    GoldenCase(name: "background", layers: ##"{ id: "a", position: [32, 32], bounds: [0, 0, 40, 24], backgroundColor: "#DA70D6" }"##),
    GoldenCase(
      name: "corner-radius",
      layers: ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 32], backgroundColor: "#0F4E65", cornerRadius: 10 }"##),
    GoldenCase(
      name: "anchor-point",
      layers:
        ##"{ id: "a", position: [32, 32], anchorPoint: [0, 0], bounds: [0, 0, 24, 12], backgroundColor: "#FF8000", transform: { rotate: "30deg" } }"##
    ),
    GoldenCase(
      name: "transform-rotate-scale",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 30, 10], backgroundColor: "#40E0B0", transform: { scale: [1.5, 2], rotate: "-45deg" } }"##
    ),
    GoldenCase(
      name: "bounds-origin-offsets-sublayers",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [10, 10, 40, 40], backgroundColor: "#DDDDDD", sublayers: [ { id: "b", position: [10, 10], bounds: [0, 0, 12, 12], backgroundColor: "#0F4E65" } ] }"##
    ),
    GoldenCase(
      name: "sublayer-transform",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#EEEEEE", sublayerTransform: { rotate: "45deg" }, sublayers: [ { id: "b", position: [24, 8], bounds: [0, 0, 10, 10], backgroundColor: "#DA70D6" } ] }"##
    ),
    GoldenCase(
      name: "z-position",
      layers:
        ##"{ id: "a", position: [32, 32], sublayers: [ { id: "top", zPosition: 1, position: [-6, -6], bounds: [0, 0, 28, 28], backgroundColor: "#FF8000" }, { id: "bottom", position: [6, 6], bounds: [0, 0, 28, 28], backgroundColor: "#0F4E65" } ] }"##
    ),
    GoldenCase(
      name: "hidden",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 40, 40], backgroundColor: "#FF8000", sublayers: [ { id: "b", hidden: true, position: [20, 20], bounds: [0, 0, 20, 20], backgroundColor: "#0F4E65" } ] }"##
    ),
    GoldenCase(
      name: "group-opacity",
      layers:
        ##"{ id: "a", opacity: 0.5, position: [32, 32], bounds: [0, 0, 40, 40], backgroundColor: "#0F4E65", sublayers: [ { id: "b", position: [30, 30], bounds: [0, 0, 30, 30], backgroundColor: "#0F4E65" } ] }"##
    ),
    GoldenCase(
      name: "mask-alpha",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#40E0B0", mask: { id: "m", type: "shape", position: [24, 24], path: { oval: [-18, -18, 36, 36] }, fillColor: "white" } }"##
    ),
    GoldenCase(
      name: "mask-partial-alpha",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#DA70D6", mask: { id: "m", position: [24, 24], bounds: [0, 0, 48, 24], backgroundColor: "#FFFFFF80" } }"##
    ),
    GoldenCase(
      name: "masks-to-bounds-rounded",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 40, 40], backgroundColor: "#EEEEEE", cornerRadius: 14, masksToBounds: true, sublayers: [ { id: "b", position: [30, 30], bounds: [0, 0, 40, 40], backgroundColor: "#0F4E65" } ] }"##
    ),
    GoldenCase(
      name: "border",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 44, 30], backgroundColor: "#FFFFFF", borderWidth: 4, borderColor: "#DA70D6" }"##),
    GoldenCase(
      name: "border-rounded-above-sublayers",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 44, 44], cornerRadius: 12, borderWidth: 3, borderColor: "#0F4E65", sublayers: [ { id: "b", position: [22, 22], bounds: [0, 0, 50, 8], backgroundColor: "#FF8000" } ] }"##
    ),
    GoldenCase(
      name: "shadow",
      layers:
        ##"{ id: "a", position: [32, 30], bounds: [0, 0, 32, 24], backgroundColor: "#FFFFFF", shadowOpacity: 0.8, shadowRadius: 4, shadowOffset: [3, 5], shadowColor: "black" }"##
    ),
    GoldenCase(
      name: "shadow-follows-shape",
      layers:
        ##"{ id: "a", type: "shape", position: [32, 32], path: { polygon: [[0, -20], [18, 14], [-18, 14]], closed: true }, fillColor: "#40E0B0", shadowOpacity: 1, shadowRadius: 2, shadowOffset: [0, -4], shadowColor: "#DA70D6" }"##
    ),
    GoldenCase(
      name: "fill-even-odd",
      layers:
        ##"{ id: "a", type: "shape", fillRule: "evenOdd", fillColor: "#0F4E65", path: { subpaths: [ { rect: [8, 8, 48, 48] }, { rect: [20, 20, 24, 24] } ] } }"##
    ),
    GoldenCase(
      name: "fill-nonzero",
      layers:
        ##"{ id: "a", type: "shape", fillRule: "nonZero", fillColor: "#0F4E65", path: { subpaths: [ { rect: [8, 8, 48, 48] }, { rect: [20, 20, 24, 24] } ] } }"##
    ),
    GoldenCase(
      name: "line-caps",
      layers:
        ##"{ id: "a", sublayers: [ { id: "butt", type: "shape", path: { polygon: [[16, 14], [48, 14]] }, strokeColor: "#0F4E65", lineWidth: 8, lineCap: "butt" }, { id: "round", type: "shape", path: { polygon: [[16, 32], [48, 32]] }, strokeColor: "#0F4E65", lineWidth: 8, lineCap: "round" }, { id: "square", type: "shape", path: { polygon: [[16, 50], [48, 50]] }, strokeColor: "#0F4E65", lineWidth: 8, lineCap: "square" } ] }"##
    ),
    GoldenCase(
      name: "line-joins",
      layers:
        ##"{ id: "a", sublayers: [ { id: "miter", type: "shape", fillColor: "clear", path: { polygon: [[6, 26], [14, 8], [22, 26]] }, strokeColor: "#DA70D6", lineWidth: 5, lineJoin: "miter" }, { id: "round", type: "shape", fillColor: "clear", path: { polygon: [[26, 26], [34, 8], [42, 26]] }, strokeColor: "#DA70D6", lineWidth: 5, lineJoin: "round" }, { id: "bevel", type: "shape", fillColor: "clear", path: { polygon: [[46, 26], [54, 8], [62, 26]] }, strokeColor: "#DA70D6", lineWidth: 5, lineJoin: "bevel" } ] }"##
    ),
    GoldenCase(
      name: "miter-limit",
      layers:
        ##"{ id: "a", sublayers: [ { id: "long", type: "shape", fillColor: "clear", path: { polygon: [[8, 50], [16, 10], [24, 50]] }, strokeColor: "#0F4E65", lineWidth: 5, miterLimit: 10 }, { id: "cut", type: "shape", fillColor: "clear", path: { polygon: [[40, 50], [48, 10], [56, 50]] }, strokeColor: "#0F4E65", lineWidth: 5, miterLimit: 2 } ] }"##
    ),
    GoldenCase(
      name: "dashes",
      layers:
        ##"{ id: "a", type: "shape", fillColor: "clear", path: { rect: [8, 8, 48, 48] }, strokeColor: "#FF8000", lineWidth: 4, lineDashPattern: [10, 4, 2, 4] }"##
    ),
    GoldenCase(
      name: "dashes-stay-put-under-stroke-start",
      layers:
        ##"{ id: "a", type: "shape", fillColor: "clear", path: { polygon: [[4, 32], [60, 32]] }, strokeColor: "#FF8000", lineWidth: 6, lineDashPattern: [8, 8], strokeStart: 0.3 }"##
    ),
    GoldenCase(
      name: "stroke-end-by-arc-length",
      layers:
        ##"{ id: "a", type: "shape", fillColor: "clear", path: { subpaths: [ { polygon: [[4, 56], [4, 40]] }, { arc: { center: [32, 40], radius: 28, startAngle: "180deg", endAngle: "360deg", clockwise: true } } ] }, strokeColor: "#0F4E65", lineWidth: 4, strokeEnd: 0.6 }"##
    ),
    GoldenCase(
      name: "stroke-start-end-closed-path",
      layers:
        ##"{ id: "a", type: "shape", fillColor: "#EEEEEE", path: { rect: [10, 10, 44, 44] }, strokeColor: "#DA70D6", lineWidth: 6, strokeStart: 0.125, strokeEnd: 0.875 }"##
    ),
    GoldenCase(
      name: "pie-wipe-half",
      layers:
        ##"{ id: "a", type: "shape", position: [32, 32], fillColor: "clear", path: { arc: { center: [0, 0], radius: 12, startAngle: "-90deg", endAngle: "270deg" } }, strokeColor: "#0F4E65", lineWidth: 24, strokeEnd: 0.5 }"##
    ),
    GoldenCase(
      name: "gradient-axial",
      layers:
        ##"{ id: "a", type: "gradient", position: [32, 32], bounds: [0, 0, 56, 40], colors: ["#DA70D6", "#40E0B0"], startPoint: [0, 0], endPoint: [1, 1] }"##
    ),
    GoldenCase(
      name: "gradient-locations",
      layers:
        ##"{ id: "a", type: "gradient", position: [32, 32], bounds: [0, 0, 56, 40], colors: ["#0F4E65", "#FFFFFF", "#FF8000"], locations: [0, 0.2, 1] }"##
    ),
    GoldenCase(
      name: "gradient-radial",
      layers:
        ##"{ id: "a", type: "gradient", gradientType: "radial", position: [32, 32], bounds: [0, 0, 56, 40], colors: ["#FFFFFF", "#0F4E65"], startPoint: [0.5, 0.5], endPoint: [1, 1] }"##
    ),
    GoldenCase(
      name: "gradient-conic",
      layers:
        ##"{ id: "a", type: "gradient", gradientType: "conic", position: [32, 32], bounds: [0, 0, 48, 48], colors: ["#FF8000", "#40E0B0", "#FF8000"], startPoint: [0.5, 0.5], endPoint: [0.5, 0] }"##
    ),
    GoldenCase(
      name: "image-resize",
      layers: ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#EEEEEE", contents: "FIXTURES/quadrants.png" }"##),
    GoldenCase(
      name: "image-resize-aspect",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#EEEEEE", contents: "FIXTURES/quadrants.png", contentsGravity: "resizeAspect" }"##
    ),
    GoldenCase(
      name: "image-resize-aspect-fill",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#EEEEEE", masksToBounds: true, contents: "FIXTURES/quadrants.png", contentsGravity: "resizeAspectFill" }"##
    ),
    GoldenCase(
      name: "image-center-at-2x",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 48, 48], backgroundColor: "#EEEEEE", contents: "FIXTURES/quadrants@2x.png", contentsGravity: "center" }"##
    ),
    GoldenCase(
      name: "image-jpeg", layers: ##"{ id: "a", position: [32, 32], bounds: [0, 0, 40, 20], contents: "FIXTURES/quadrants.jpg" }"##),
    GoldenCase(
      name: "image-alpha",
      layers: ##"{ id: "a", position: [32, 32], bounds: [0, 0, 40, 40], backgroundColor: "#0F4E65", contents: "FIXTURES/dot.png" }"##),
    GoldenCase(
      name: "text-welcome-thin",
      layers:
        ##"{ id: "label", type: "text", position: [80, 24], bounds: [0, 0, 160, 40], string: "Welcome", fontFamily: "Lato", fontWeight: "thin", fontSize: 36, foregroundColor: "#0F4E65", alignmentMode: "center" }"##,
      canvas: (160, 48)),
    GoldenCase(
      name: "text-cjk",
      layers:
        ##"{ id: "label", type: "text", position: [80, 24], bounds: [0, 0, 160, 40], string: "欢迎使用", fontFamily: "WenQuanYi Micro Hei", fontSize: 30, foregroundColor: "#DA70D6", alignmentMode: "center" }"##,
      canvas: (160, 48)),
    GoldenCase(
      name: "text-wrapped-right",
      layers:
        ##"{ id: "label", type: "text", position: [80, 32], bounds: [0, 0, 120, 56], string: "splash to video, frame by frame", fontFamily: "DejaVu Sans", fontSize: 14, foregroundColor: "black", alignmentMode: "right", wrapped: true, backgroundColor: "#EEEEEE" }"##,
      canvas: (160, 64)),
    GoldenCase(
      name: "perspective-rotate-y",
      layers:
        ##"{ id: "card", position: [32, 32], bounds: [0, 0, 40, 40], backgroundColor: "#0F4E65", transform: { perspective: 60, rotateY: "40deg" }, sublayers: [ { id: "stripe", position: [20, 20], bounds: [0, 0, 40, 8], backgroundColor: "#FF8000" } ] }"##
    ),
    GoldenCase(
      name: "fit-cover",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 60, 60], backgroundColor: "#DA70D6", sublayers: [ { id: "b", position: [30, 30], bounds: [0, 0, 20, 20], backgroundColor: "#0F4E65" } ] }"##,
      pixels: (128, 64), fit: .cover),
    GoldenCase(
      name: "fit-contain",
      layers:
        ##"{ id: "a", position: [32, 32], bounds: [0, 0, 60, 60], backgroundColor: "#DA70D6", sublayers: [ { id: "b", position: [30, 30], bounds: [0, 0, 20, 20], backgroundColor: "#0F4E65" } ] }"##,
      pixels: (128, 64), fit: .contain),
  ]

  static func render(_ golden: GoldenCase, backend: CairoBackend = CairoBackend()) throws -> PixelBuffer {
    let layers = golden.layers.replacingOccurrences(of: "FIXTURES", with: fixtures)
    let preset = """
      { schemaVersion: 1, canvas: { size: [\(golden.canvas.width), \(golden.canvas.height)], background: "white" },
        clip: { cycle: 1 }, layers: [ \(layers) ] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "\(golden.name).json5")
    let pixels = golden.pixels ?? (golden.canvas.width * 2, golden.canvas.height * 2)
    guard let buffer = PixelBuffer(width: pixels.width, height: pixels.height) else {
      throw RenderError(stage: "test", message: "bad size")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: pixels.width, pixelHeight: pixels.height, fit: golden.fit)
    try backend.render(scene.presentation(at: golden.time), viewport: viewport, into: buffer)
    return buffer
  }

  @Test("golden", arguments: cases)
  func golden(_ golden: GoldenCase) throws {
    try GoldenImage.expectMatches(try Self.render(golden), golden: golden.name)
  }

  @Test("every golden file has a case (no orphans)")
  func noOrphans() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: GoldenImage.folder.path).filter { $0.hasSuffix(".png") }
    let names = Set(Self.cases.map { "\($0.name).png" } + PresetGoldenTests.cases.map { "preset-\($0.0)-\($0.1).png" })
    #expect(Set(files).subtracting(names).isEmpty, "orphans: \(Set(files).subtracting(names).sorted())")
    #expect(Self.cases.count >= 30)
  }
}
