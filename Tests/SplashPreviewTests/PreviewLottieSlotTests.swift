import Foundation
import SplashCore
import SplashModel
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// The preview offers a Lottie file's slots as it offers a preset's parameters, and the page's
/// values recolour the file.
@Suite("The preview's controls set a Lottie file's slots")
struct PreviewLottieSlotTests {
  @Test("a colour slot is a colour control; a value from the page recolours the fill; a key path does too")
  func slotControls() throws {
    let folder = try ScratchFolder.make("preview-slots")
    let file = folder.appendingPathComponent("badge.json")
    try Data(
      #"""
      {"v":"5.7.4","fr":10,"ip":0,"op":10,"w":100,"h":100,"slots":{"brand":{"p":{"a":0,"k":[1,0.4,0,1]}}},
       "layers":[{"ty":4,"nm":"Card","ip":0,"op":10,"ks":{"p":{"a":0,"k":[50,50]}},
        "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
                  {"ty":"fl","nm":"Fill 1","c":{"sid":"brand","a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}]}
      """#.utf8
    ).write(to: file)
    let document = try PreviewDocument(source: PresetSource(origin: .file(file.path)), environment: [:])
    let snapshot = document.current()
    #expect(snapshot.parameters.map(\.name) == ["brand"] && snapshot.parameters.first?.kind == .color)
    /// The fill colours the scene's shape layers draw, in order.
    func fills(_ overrides: [String: String]) throws -> [String] {
      let scene = try #require(try document.scene(of: snapshot, overrides: overrides))
      var colours: [String] = []
      func visit(_ layer: Layer) {
        if layer.kind == .shape { colours.append(layer.properties.shape.fillColor.description) }
        layer.sublayers.forEach(visit)
      }
      scene.layers.forEach(visit)
      return colours
    }
    #expect(try fills(["brand": "#0066FF"]) == ["#0066FFFF"])
    #expect(try fills(["Card.Fill 1.Color": "#00FF00"]) == ["#00FF00FF"])
  }
}
