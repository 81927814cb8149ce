import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashLottie

/// A precomposition layer clips its layers to the precomposition's size itself, with no clip
/// layer inside (`LottieLayerBuilder.clipTakingAnchor`): each point lands where the clip put it.
@Suite("A precomposition layer is its own clip: bounds of the precomposition's size, its anchor kept")
struct LottiePrecompositionClipTests {
  typealias Support = LottieTestSupport

  /// An asset "inner" of one shape layer: a 30 × 20 rectangle about (10, 5), filled.
  private let assets = #"""
    {"id":"inner","layers":[{"ty":4,"nm":"bar","ip":0,"op":60,"ks":{"p":{"a":0,"k":[20,40]}},
     "shapes":[{"ty":"rc","p":{"a":0,"k":[10,5]},"s":{"a":0,"k":[30,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """#

  /// A 200 × 100 precomposition layer "pre" of "inner" moving from (60, 70) to (140, 120) over
  /// frames 0 to 30, turned 30°, at 80 %, anchored at `anchor` (a `ks` member's value).
  private func scene(anchor: String, width: Int = 200, extra: String = "") throws -> Scene {
    let ks = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[60,70],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[140,120]}]},"a":\#(anchor),
       "s":{"a":0,"k":[80,80]},"r":{"a":0,"k":30},"o":{"a":0,"k":100}}
      """#
    let layer = #"{"ty":0,"nm":"pre","refId":"inner","ip":0,"op":60,"w":\#(width),"h":100,"ks":\#(ks)\#(extra)}"#
    return try Support.compile(Support.document(layers: layer, assets: assets))
  }

  /// The same anchor as keyframes holding one value: the layer's anchor then animates, and the
  /// precomposition keeps its clip layer.
  private let heldAnchor = #"{"a":1,"k":[{"t":0,"s":[50,25],"h":1},{"t":30,"s":[50,25]}]}"#

  @Test("the layer clips to the precomposition's 200 × 100 about its own anchor, and every point lands where the clip put it")
  func sameGeometry() throws {
    let folded = try scene(anchor: #"{"a":0,"k":[50,25]}"#)
    let kept = try scene(anchor: heldAnchor)
    for time in [0, 0.3, 0.5, 1] {
      let one = try #require(folded.presentation(at: time).layers.first)
      let two = try #require(kept.presentation(at: time).layers.first)
      #expect(one.id == "pre" && one.properties.masksToBounds && one.properties.bounds == Rect(x: 0, y: 0, width: 200, height: 100))
      #expect(one.properties.anchorPoint == Point(x: 0.25, y: 0.25) && one.sublayers.map(\.id) == ["pre/bar"])
      // The other is the layer holding its clip, which holds the bar.
      let clip = try #require(two.sublayers.first)
      #expect(!two.properties.masksToBounds && clip.properties.masksToBounds && clip.sublayers.map(\.id) == ["pre/bar"])
      for point in [Point(x: 0, y: 0), Point(x: -5, y: -5), Point(x: 25, y: 15)] {
        let here = Support.canvasPoint(point, through: [one, one.sublayers[0]])
        let there = Support.canvasPoint(point, through: [two, clip, clip.sublayers[0]])
        #expect(abs(here.x - there.x) < 1e-9 && abs(here.y - there.y) < 1e-9, "at \(time): \(here) against \(there)")
      }
      // The clip's corners are the layer's bounds' corners, on the canvas.
      for corner in [Point(x: 0, y: 0), Point(x: 200, y: 100)] {
        let here = Support.canvasPoint(corner, through: [one])
        let there = Support.canvasPoint(corner, through: [two, clip])
        #expect(abs(here.x - there.x) < 1e-9 && abs(here.y - there.y) < 1e-9, "at \(time): \(here) against \(there)")
      }
    }
  }

  @Test("an anchor that moves, or whose share of the size does not give it back exactly, or a shadow, keeps the clip a layer of its own")
  func keptApart() throws {
    let moving = try #require(try scene(anchor: heldAnchor).presentation(at: 0.5).layers.first)
    #expect(moving.sublayers.first?.properties.masksToBounds == true)
    // 0.9 ÷ 3 × 3 is not 0.9 in doubles: the anchor would land a bit off.
    let inexact = try #require(try scene(anchor: #"{"a":0,"k":[0.9,25]}"#, width: 3).presentation(at: 0.5).layers.first)
    #expect(!inexact.properties.masksToBounds && inexact.sublayers.first?.properties.masksToBounds == true)
    let exact = try #require(try scene(anchor: #"{"a":0,"k":[1.5,25]}"#, width: 3).presentation(at: 0.5).layers.first)
    #expect(exact.properties.masksToBounds && exact.properties.anchorPoint == Point(x: 0.5, y: 0.25))
    // A drop shadow falls outside the precomposition's size, where the layer's own clip would
    // cut it.
    let shadowStyle =
      #","sy":[{"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":75},"s":{"a":0,"k":10},"d":{"a":0,"k":20},"a":{"a":0,"k":135}}]"#
    let shadowed = try #require(try scene(anchor: #"{"a":0,"k":[50,25]}"#, extra: shadowStyle).presentation(at: 0.5).layers.first)
    #expect(shadowed.properties.shadow.opacity > 0 && !shadowed.properties.masksToBounds)
    #expect(shadowed.sublayers.first?.properties.masksToBounds == true)
  }
}
