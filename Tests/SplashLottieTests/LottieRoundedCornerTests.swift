import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashLottie

/// Rounded corners (`rd`): sharp corners of the paths before it become curves cut back by the
/// radius, at most half of each edge; smooth vertices stay.
@Suite("Lottie rounded corners round the sharp corners of the paths before them")
struct LottieRoundedCornerTests {
  typealias Support = LottieTestSupport

  private func path(_ shapes: String) throws -> Path {
    let layer = #"{"ty":4,"nm":"s","ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}"#
    var found: Path?
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .shape { found = layer.properties.shape.path }
      layer.sublayers.forEach(visit)
    }
    try Support.compile(Support.document(layers: layer)).presentation(at: 0).layers.forEach(visit)
    return try #require(found)
  }

  private let square =
    #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[20,0],[20,20],[0,20]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
  private let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

  private func corners(_ radius: Double) -> String { #"{"ty":"rd","r":{"a":0,"k":\#(radius)}}"# }

  @Test("a 20-point square rounded by 5: four 10-point edges and four corner curves of about a quarter circle each")
  func square5() throws {
    let rounded = try path([square, corners(5), fill].joined(separator: ","))
    let quarter = Double.pi * 5 / 2
    #expect(abs(rounded.length() - (40 + 4 * quarter)) < 0.05, "\(rounded.length())")
    // The corner itself is cut away: the curve passes about 5 × (1 − 1/√2) ≈ 1.46 from it, inside.
    let hull = rounded.elements.compactMap { element -> Point? in
      if case .cubicCurve(_, _, let point) = element { point } else { nil }
    }
    #expect(!hull.contains(Point(x: 0, y: 0)) && hull.contains(Point(x: 5, y: 0)) && hull.contains(Point(x: 0, y: 5)))
  }

  @Test("a radius beyond half an edge is cut back to half of it; a path without corners is left alone; paths after rd are not rounded")
  func limits() throws {
    let circleLike = try path([square, corners(50), fill].joined(separator: ","))
    #expect(abs(circleLike.length() - 4 * Double.pi * 10 / 2) < 0.3, "\(circleLike.length())")
    let ellipse = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}}"#
    let smooth = try path([ellipse, corners(5), fill].joined(separator: ","))
    let plain = try path([ellipse, fill].joined(separator: ","))
    #expect(smooth == plain)
    let after = try path([corners(5), square, fill].joined(separator: ","))
    #expect(abs(after.length() - 80) < 1e-9, "\(after.length())")
  }

  @Test("an animated radius rounds more as it grows: none at frame 0, 5 points at frame 30")
  func animatedRadius() throws {
    let growing = #"{"ty":"rd","r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[5]}]}}"#
    let layer = #"{"ty":4,"nm":"s","ip":0,"op":60,"ks":{},"shapes":[\#(square),\#(growing),\#(fill)]}"#
    let scene = try Support.compile(Support.document(layers: layer))
    func length(at time: Double) -> Double {
      var found = 0.0
      func visit(_ layer: PresentationLayer) {
        if layer.kind == .shape, let path = layer.properties.shape.path { found = path.length() }
        layer.sublayers.forEach(visit)
      }
      scene.presentation(at: time).layers.forEach(visit)
      return found
    }
    #expect(abs(length(at: 0) - 80) < 1e-6)
    #expect(abs(length(at: 1) - (40 + 4 * Double.pi * 5 / 2)) < 0.05, "\(length(at: 1))")
  }
}
