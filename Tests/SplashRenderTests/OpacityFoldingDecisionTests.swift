import Foundation
import SplashCore
import SplashModel
import SplashPresets
import Testing

@testable import SplashRender

/// Which faded layers the display list lets paint their one paint faded instead of being
/// drawn as a picture and composited.
@Suite("Display list: a faded layer that paints one thing folds its opacity into it")
struct OpacityFoldingDecisionTests {
  static func node(_ layer: String) throws -> DisplayNode {
    try #require(try DisplayListTests.list(layer).layers.first)
  }

  @Test(
    "one fill, one stroke, one background or one border folds; nested faded layers around one fill fold at every level",
    arguments: [
      #"{ id: "a", opacity: 0.5, type: "shape", path: { rect: [0, 0, 10, 10] }, fillColor: "red" }"#,
      #"{ id: "a", opacity: 0.5, type: "shape", path: { rect: [0, 0, 10, 10] }, fillColor: "clear", strokeColor: "red", lineWidth: 3 }"#,
      #"{ id: "a", opacity: 0.5, bounds: [0, 0, 10, 10], backgroundColor: "red" }"#,
      #"{ id: "a", opacity: 0.5, bounds: [0, 0, 10, 10], borderWidth: 2, borderColor: "red" }"#,
      #"{ id: "a", opacity: 0.5, sublayers: [{ id: "b", opacity: 0.4, sublayers: [{ id: "c", type: "shape", opacity: 0.5, path: { rect: [0, 0, 10, 10] }, fillColor: "red" }] }, { id: "hidden", hidden: true, bounds: [0, 0, 9, 9], backgroundColor: "blue" }] }"#,
    ])
  func folds(_ layer: String) throws {
    let node = try Self.node(layer)
    #expect(node.paints == 1)
    #expect(node.foldsOpacity && !node.isIsolated && !node.isGroupClippedToExtents)
    if let inner = node.sublayers.first {
      #expect(inner.foldsOpacity && inner.sublayers[0].foldsOpacity)
    }
  }

  @Test(
    "two paints, a mask, a shadow, text or a gradient keep the picture",
    arguments: [
      #"{ id: "a", opacity: 0.5, type: "shape", path: { rect: [0, 0, 10, 10] }, fillColor: "red", strokeColor: "blue", lineWidth: 2 }"#,
      #"{ id: "a", opacity: 0.5, sublayers: [{ id: "b", bounds: [0, 0, 9, 9], backgroundColor: "red" }, { id: "c", bounds: [0, 0, 9, 9], backgroundColor: "red" }] }"#,
      #"{ id: "a", opacity: 0.5, bounds: [0, 0, 10, 10], backgroundColor: "red", mask: { id: "m", bounds: [0, 0, 5, 5], backgroundColor: "white" } }"#,
      #"{ id: "a", opacity: 0.5, bounds: [0, 0, 10, 10], backgroundColor: "red", shadowOpacity: 1, shadowRadius: 2 }"#,
      #"{ id: "a", opacity: 0.5, type: "text", bounds: [0, 0, 100, 20], string: "Hi", foregroundColor: "red" }"#,
      #"{ id: "a", opacity: 0.5, type: "gradient", bounds: [0, 0, 10, 10], colors: ["red", "blue"] }"#,
    ])
  func keepsPicture(_ layer: String) throws {
    let node = try Self.node(layer)
    #expect(!node.foldsOpacity && node.isIsolated)
  }

  @Test("a blend mode keeps the picture: it combines the whole picture with what is below")
  func blendModeKeepsPicture() throws {
    var node = try Self.node(#"{ id: "a", opacity: 0.5, bounds: [0, 0, 10, 10], backgroundColor: "red" }"#)
    #expect(node.foldsOpacity)
    var layer = node.layer
    layer.properties.blendMode = .multiply
    node = DisplayList.node(for: layer, measuring: DisplayListTests.CountingMeasure())
    #expect(!node.foldsOpacity && node.isIsolated)
  }

  @Test("an opaque layer has nothing to fold, and one that paints nothing counts no paint")
  func nothingToFold() throws {
    let opaque = try Self.node(#"{ id: "a", bounds: [0, 0, 10, 10], backgroundColor: "red" }"#)
    #expect(opaque.paints == 1 && !opaque.foldsOpacity && !opaque.isIsolated)
    let empty = try Self.node(#"{ id: "a", opacity: 0.5, bounds: [0, 0, 10, 10] }"#)
    #expect(empty.paints == 0 && !empty.foldsOpacity)
  }
}
