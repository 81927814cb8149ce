import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Gradient fills and strokes: a gradient layer masked by the paths, its points where the file
/// puts them, its colour and opacity stops merged, its animations, and what is warned about.
@Suite("Lottie gradients: a gradient layer masked by the paths, stops merged, points mapped exactly")
struct LottieGradientTests {
  typealias Support = LottieTestSupport

  private func shapeLayer(_ shapes: String) -> String {
    #"{"ty":4,"nm":"shapes","ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}"#
  }

  /// A 160 × 100 rectangle centred on (100, 75).
  private let rectangle = #"{"ty":"rc","p":{"a":0,"k":[100,75]},"s":{"a":0,"k":[160,100]},"r":{"a":0,"k":0}}"#

  private func gradientFill(
    type: Int = 1, start: String = #"{"a":0,"k":[20,75]}"#, end: String = #"{"a":0,"k":[180,75]}"#, count: Int = 2,
    stops: String = #"{"a":0,"k":[0,1,0,0,1,0,0,1]}"#, opacity: Double = 100, extra: String = ""
  ) -> String {
    #"{"ty":"gf","t":\#(type),"s":\#(start),"e":\#(end),"o":{"a":0,"k":\#(opacity)},"r":1,"g":{"p":\#(count),"k":\#(stops)}\#(extra)}"#
  }

  /// The gradient layers of the scene at `time`, depth first.
  private func gradients(_ scene: Scene, at time: Double = 0) -> [PresentationLayer] {
    var found: [PresentationLayer] = []
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .gradient { found.append(layer) }
      layer.sublayers.forEach(visit)
    }
    scene.presentation(at: time).layers.forEach(visit)
    return found
  }

  /// Where a point given in unit coordinates of a layer's bounds is in the layer's own space,
  /// which for these layers is the paths' space (bounds origin at the position, anchor 0).
  private func place(_ unit: Point, in layer: PresentationLayer) -> Point {
    let bounds = layer.properties.bounds
    return Point(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
  }

  private func expectClose(_ found: Point, _ expected: Point, _ label: String, tolerance: Double = 1e-9) {
    #expect(abs(found.x - expected.x) < tolerance && abs(found.y - expected.y) < tolerance, "\(label): \(found), expected \(expected)")
  }

  private func expectClose(_ found: Color, _ expected: Color, _ label: String) {
    let differences = [found.red - expected.red, found.green - expected.green, found.blue - expected.blue, found.alpha - expected.alpha]
    #expect(differences.allSatisfy { abs($0) < 1e-9 }, "\(label): \(found), expected \(expected)")
  }

  // MARK: Stops

  @Test("opacity stops between colour stops: the colour is interpolated at the opacity stop, the opacity at the colour stops")
  func mergedStops() {
    // Colours red at 0, blue at 1; opacity 1 at 0, 0.2 at 0.5, 1 at 1.
    let stops = LottieGradientStops([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0.2, 1, 1], colorCount: 2)
    #expect(stops.locations == [0, 0.5, 1])
    #expect(stops.colors.count == 3)
    guard stops.colors.count == 3 else { return }
    expectClose(stops.colors[0], Color(red: 1, green: 0, blue: 0, alpha: 1), "red at 0")
    expectClose(stops.colors[1], Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.2), "halfway colour, the opacity stop's alpha")
    expectClose(stops.colors[2], Color(red: 0, green: 0, blue: 1, alpha: 1), "blue at 1")
  }

  @Test("colour stops between opacity stops get the interpolated opacity; ends hold beyond the last stop")
  func opacityAtColourStops() {
    // Colours: black at 0.2, white at 0.6; opacity 1 at 0, 0 at 1.
    let stops = LottieGradientStops([0.2, 0, 0, 0, 0.6, 1, 1, 1, 0, 1, 1, 0], colorCount: 2)
    #expect(stops.locations == [0, 0.2, 0.6, 1])
    guard stops.colors.count == 4 else { return }
    expectClose(stops.colors[0], Color(red: 0, green: 0, blue: 0, alpha: 1), "before the first colour stop: its colour")
    expectClose(stops.colors[1], Color(red: 0, green: 0, blue: 0, alpha: 0.8), "opacity at 0.2")
    expectClose(stops.colors[2], Color(red: 1, green: 1, blue: 1, alpha: 0.4), "opacity at 0.6")
    expectClose(stops.colors[3], Color(red: 1, green: 1, blue: 1, alpha: 0), "after the last colour stop: its colour")
  }

  @Test("two colour stops at one offset stay a hard edge; no opacity stops means opaque; unsorted offsets are sorted")
  func hardEdge() {
    let stops = LottieGradientStops([1, 0, 0, 1, 0, 1, 0, 0, 0.5, 1, 0, 0, 0.5, 0, 1, 0], colorCount: 4)
    #expect(stops.locations == [0, 0.5, 0.5, 1])
    #expect(stops.colors == [
      Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0),
      Color(red: 0, green: 0, blue: 1),
    ])
  }
}
