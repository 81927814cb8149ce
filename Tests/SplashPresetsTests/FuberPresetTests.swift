import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

@Suite("The fuber preset compiles to the fuber logo's design")
struct FuberPresetTests {
  private func fuber() throws -> Scene {
    try PresetLoader.load(repositoryPresetsFolder.appendingPathComponent("fuber.json5"))
  }

  private func layer(_ id: String, in layers: [PresentationLayer]) -> PresentationLayer? {
    for layer in layers {
      if layer.id == id { return layer }
      if let found = self.layer(id, in: layer.sublayers) { return found }
    }
    return nil
  }

  @Test("canvas, background and clip window (one 3 s cycle from τ = 0 at t = 0.9)")
  func canvasAndClip() throws {
    let scene = try fuber()
    #expect(scene.canvasSize == Size(width: 375, height: 667))
    #expect(scene.backgroundColor == Color(red8: 0x0F, green8: 0x4E, blue8: 0x65))
    #expect(scene.clip == ClipWindow(start: 0.9, cycle: 3.0))
  }

  @Test("at τ = 0 the circle is not drawn yet and the square is a white 14×14")
  func hatchingSquare() throws {
    let tree = try fuber().presentation(at: 0.9)
    let circle = try #require(layer("circle", in: tree.layers))
    let square = try #require(layer("square", in: tree.layers))
    #expect(circle.properties.shape.strokeEnd == 0)
    #expect(square.properties.bounds.size == Size(width: 14, height: 14))
    #expect(square.properties.backgroundColor == .white)
  }

  @Test("at τ = 2.5 the logo is whole: full disk, 21×21 blue square, 5 pt bar, no transform")
  func wholeLogo() throws {
    let tree = try fuber().presentation(at: 3.4)
    let circle = try #require(layer("circle", in: tree.layers))
    let square = try #require(layer("square", in: tree.layers))
    let line = try #require(layer("line", in: tree.layers))
    #expect(circle.properties.shape.strokeEnd == 1)
    #expect(circle.properties.transform == .identity)
    #expect(abs(square.properties.bounds.width - 21) < 1e-6)
    #expect(square.properties.backgroundColor.description == "#0F4E65FF")
    #expect(abs(line.properties.shape.lineWidth - 5) < 1e-6)
  }

  @Test("the circle turns 45° clockwise while it grows from a quarter of its size")
  func circleTransform() throws {
    let start = try #require(layer("circle", in: try fuber().presentation(at: 0.9).layers))
    let parts = TransformComponents(start.properties.transform)
    #expect(abs(parts.rotation.z + .pi / 4) < 1e-9)
    #expect(abs(parts.scale.x - 0.25) < 1e-9)
  }
}
