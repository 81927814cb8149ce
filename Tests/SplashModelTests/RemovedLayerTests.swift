import SplashCore
import Testing

@testable import SplashModel

/// A layer outside its lifetime draws nothing, so a frame's presentation does not evaluate what
/// it holds; `inspect` still sees every layer.
@Suite("Removed layers: presented hidden, without their subtrees, except for inspect")
struct RemovedLayerTests {
  private func fade(begin: Double = 0) -> Animation {
    .property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(beginTime: begin, duration: 1, fillMode: .removed),
        values: .basic(from: .scalar(0), to: .scalar(1), by: nil)))
  }

  /// A layer in the tree from 1 s to 2 s, with an animated sublayer and a mask.
  private func scene(animations: [Animation] = []) -> Scene {
    var host = Layer(
      id: "host", animations: animations + [fade(begin: 1)], sublayers: [Layer(id: "inner", animations: [fade()])],
      mask: Layer(id: "matte"), lifetime: LayerLifetime(addedAt: 1, removedAt: 2))
    host.properties.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    return Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [host], clip: ClipWindow(start: 0, cycle: 3))
  }

  @Test("before and after its lifetime a layer is hidden, at its model values, with no mask or sublayers")
  func removed() throws {
    let scene = scene()
    for time in [0.5, 2.5] {
      let host = try #require(scene.presentation(at: time).layer(withID: "host"))
      #expect(host.properties.isHidden, "t = \(time)")
      #expect(host.properties.opacity == 1, "its animations are not evaluated, t = \(time)")
      #expect(host.sublayers.isEmpty && host.mask == nil, "t = \(time)")
    }
    let shown = try #require(scene.presentation(at: 1.5).layer(withID: "host"))
    #expect(!shown.properties.isHidden && shown.sublayers.map(\.id) == ["inner"] && shown.mask?.id == "matte")
    #expect(shown.properties.opacity == 0.5)
  }

  @Test("inspect's presentation keeps the whole tree")
  func inspected() throws {
    let host = try #require(scene().presentation(at: 0.5, keepsHiddenSubtrees: true).layer(withID: "host"))
    #expect(host.properties.isHidden)
    #expect(host.sublayers.map(\.id) == ["inner"] && host.mask?.id == "matte")
    #expect(host.sublayers[0].properties.opacity == 0.5, "its sublayers are evaluated")
  }

  @Test("a layer an animation may show again keeps its subtree")
  func animatedHidden() throws {
    let show = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.hidden.keyPath, timing: MediaTiming(beginTime: 0, duration: 0.8, fillMode: .removed),
        values: .basic(from: .scalar(0), to: .scalar(0), by: nil)))
    let host = try #require(scene(animations: [show]).presentation(at: 0.5).layer(withID: "host"))
    #expect(!host.properties.isHidden, "the animation shows it")
    #expect(host.sublayers.map(\.id) == ["inner"])
  }
}
