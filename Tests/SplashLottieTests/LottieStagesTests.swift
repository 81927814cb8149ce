import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// The compiler's two stages: the document read once into typed values (precompositions among
/// them, only those in use), then layers built from them, with the limits counting what is
/// built.
@Suite("Lottie's two stages: a document read once, layers built per use, limits counting what is built")
struct LottieStagesTests {
  typealias Support = LottieTestSupport

  /// A precomposition asset `id` of `count` shape layers, each a square and a fill (two items).
  private func precomposition(_ id: String, layers count: Int, extra: String = "") -> String {
    let layers = (0..<count).map { index in
      #"{"ty":4,"nm":"s\#(index)","ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}}\#(extra)]}"#
    }
    return #"{"id":"\#(id)","layers":[\#(layers.joined(separator: ","))]}"#
  }

  private func use(_ id: String, as name: String) -> String {
    #"{"ty":0,"nm":"\#(name)","refId":"\#(id)","ip":0,"op":60,"w":200,"h":200,"ks":{}}"#
  }

  private func compile(_ text: String, limits: LottieLimits) throws -> (Scene, [String]) {
    var warnings: [String] = []
    let scene = try LottieCompiler.compile(
      try JSONValue.parseJSON5(Data(text.utf8)), file: "test.json", limits: limits
    ) { warnings.append("\($0)") }
    return (scene, warnings)
  }

  @Test("the document reads each precomposition once and types every layer, with its JSON path")
  func documentStage() throws {
    let text = Support.document(
      layers: use("twice", as: "a") + "," + use("twice", as: "b"), assets: precomposition("twice", layers: 2))
    let context = LottieContext(file: "test.json", limits: LottieLimits(), warnings: LottieWarnings(file: "test.json"))
    let document = try LottieDocument(
      LottieCursor(value: try JSONValue.parseJSON5(Data(text.utf8)), jsonPath: "", file: "test.json"), context: context)
    #expect(document.layers.map(\.name) == ["a", "b"])
    #expect(document.layers.map(\.precompositionName) == ["twice", "twice"])
    let inner = try #require(document.precompositions["twice"])
    #expect(inner.map(\.jsonPath) == ["assets[0].layers[0]", "assets[0].layers[1]"])
    guard case .shapes(let items, let count) = inner[0].content else {
      Issue.record("a shape layer reads as shapes: \(inner[0].content)")
      return
    }
    #expect(items.count == 2 && count == 2)
  }

  @Test("a precomposition no layer uses is never read: malformed or unsupported, it neither fails nor warns")
  func unusedPrecompositionsAreNotRead() throws {
    let broken = #"{"id":"unused","layers":[{"ty":4,"nm":"bad","ks":{"o":{"a":0,"k":"not a number"}},"shapes":[{"ty":"mm"}]}]}"#
    let text = Support.document(layers: use("used", as: "a"), assets: broken + "," + precomposition("used", layers: 1))
    let (scene, warnings) = try compile(text, limits: LottieLimits())
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(Support.chain(in: scene.presentation(at: 0)) { $0 == "a/s0" } != nil)
  }

  @Test("a precomposition's feature is warned once, where it is written, however often the precomposition is used")
  func precompositionWarningsOnce() throws {
    let merged = precomposition("merged", layers: 1, extra: #",{"ty":"mm","mm":1}"#)
    let text = Support.document(layers: use("merged", as: "a") + "," + use("merged", as: "b"), assets: merged)
    let (_, warnings) = try compile(text, limits: LottieLimits())
    #expect(warnings == ["test.json: assets[0].layers[0].shapes[2]: warning: merge paths (mm) are not applied"], "\(warnings)")
  }

  @Test("the layer limit counts a precomposition's layers each time it is used")
  func layerLimitCountsUses() throws {
    var limits = LottieLimits()
    limits.layers = 6
    // Two uses of three layers, and the two layers using them: 8 layers built.
    let text = Support.document(
      layers: use("three", as: "a") + "," + use("three", as: "b"), assets: precomposition("three", layers: 3))
    #expect(throws: DocumentError.self) { try compile(text, limits: limits) }
    do {
      _ = try compile(text, limits: limits)
    } catch {
      #expect(
        "\(error)".contains(
          "expected at most 6 layers in the file (precompositions count each time they are used, parents once for each layer they hold)"),
        "\(error)")
      #expect("\(error)".hasPrefix("test.json: assets[0].layers["), "named where the limit is passed: \(error)")
    }
    limits.layers = 8
    #expect(throws: Never.self) { try compile(text, limits: limits) }
  }

  @Test("the shape item limit counts a precomposition's items each time it is used")
  func shapeItemLimitCountsUses() throws {
    var limits = LottieLimits()
    limits.shapeItems = 7
    // Two uses of two layers of two items each: 8 items built.
    let text = Support.document(
      layers: use("pair", as: "a") + "," + use("pair", as: "b"), assets: precomposition("pair", layers: 2))
    do {
      _ = try compile(text, limits: limits)
      Issue.record("8 items built past a limit of 7")
    } catch {
      #expect(
        "\(error)".contains(
          "expected at most 7 shape items in the file (precompositions count each time they are used, repeaters once per copy)"), "\(error)"
      )
    }
    limits.shapeItems = 8
    #expect(throws: Never.self) { try compile(text, limits: limits) }
  }
}
