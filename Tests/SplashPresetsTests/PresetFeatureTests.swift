import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

@Suite("Every Core Animation construct the format offers compiles to the model")
struct PresetFeatureTests {
  private func scene(_ layers: String) throws -> Scene {
    let text = "{ schemaVersion: 1, canvas: { size: [375, 667] }, clip: { cycle: 3 }, layers: [ \(layers) ] }"
    return try PresetCompiler.compile(Data(text.utf8), file: "features.json5")
  }

  private func message(_ layers: String) -> String {
    do {
      _ = try scene(layers)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test("a UIKit spring on transform.scale (the welcome label) evaluates with its overshoot")
  func uiKitSpring() throws {
    let scene = try scene(
      """
      { id: "label", type: "text", string: "Welcome", fontFamily: "Lato", fontWeight: "thin", fontSize: 50,
        animations: [ { type: "spring", keyPath: "transform.scale", fromValue: 0.25, toValue: 1,
                        beginTime: 4.35, duration: 0.4, dampingRatio: 0.7, initialSpringVelocity: 0.1,
                        fillMode: "backwards" } ] }
      """)
    let label = try #require(scene.layers.first)
    #expect(label.properties.text.fontWeight == 200)
    let peak =
      stride(from: 4.35, through: 4.75, by: 0.002).map {
        TransformComponents(label.presentation(at: $0).properties.transform).scale.x
      }.max() ?? 0
    #expect(peak > 1.03 && peak < 1.04)
    #expect(abs(TransformComponents(label.presentation(at: 1).properties.transform).scale.x - 0.25) < 1e-9)
  }

  @Test("null is nil for a layer's colours (layer.fillColor = nil draws no fill), but not in an animation")
  func nilColors() throws {
    let ring = try #require(
      try scene(
        """
        { id: "ring", type: "shape", path: { oval: [0, 0, 10, 10] }, fillColor: null, strokeColor: "white",
          backgroundColor: null, borderColor: null, shadowColor: null }
        """
      ).layers.first)
    #expect(ring.properties.shape.fillColor == .clear && ring.properties.shape.strokeColor == .white)
    #expect(ring.properties.backgroundColor == .clear && ring.properties.borderColor == .clear)
    #expect(ring.properties.shadow.color == .clear)
    let animated = message(#"{ id: "a", animations: [ { type: "basic", keyPath: "backgroundColor", toValue: null } ] }"#)
    #expect(animated.hasPrefix("features.json5: layers[0].animations[0].toValue: expected a colour"), "\(animated)")
  }

  @Test("a CASpringAnimation without a duration lasts its settling duration")
  func springSettles() throws {
    let scene = try scene(
      """
      { id: "dot", animations: [ { type: "spring", keyPath: "position.x", fromValue: 0, toValue: 640,
                                   damping: 5, removedOnCompletion: false, fillMode: "forwards" } ] }
      """)
    guard case .property(let animation) = scene.layers.first?.animations.first else {
      Issue.record("expected a property animation")
      return
    }
    #expect(abs(animation.timing.duration - 2.776) < 0.002)
  }

  @Test("a position keyframe path with rotationMode, a mask, a gradient and 3D transforms compile")
  func keyframePathMaskGradient() throws {
    let scene = try scene(
      """
      { id: "host", bounds: [0, 0, 100, 100], position: [187.5, 333.5],
        transform: { rotateY: "30deg", perspective: 500 },
        mask: { id: "hole", bounds: [0, 0, 75, 75], backgroundColor: "white", cornerRadius: 37.5 },
        sublayers: [
          { id: "car", animations: [ { type: "keyframe", keyPath: "position", duration: 2,
              path: { polygon: [[0, 0], [100, 0], [100, 300]] }, calculationMode: "paced", rotationMode: "auto" } ] },
          { id: "sky", type: "gradient", gradientType: "radial", colors: ["#40E0B0", "#DA70D6"], locations: [0, 1] },
        ] }
      """)
    let host = try #require(scene.layers.first)
    #expect(host.mask?.id == "hole")
    #expect(host.properties.transform.m34 != 0)
    #expect(host.sublayers[1].properties.gradient.kind == .radial)
    let car = scene.presentation(at: 1).layer(withID: "car")
    #expect(abs((car?.properties.position.y ?? 0) - 100) < 1e-9)
    #expect(abs(TransformComponents(car?.properties.transform ?? .identity).rotation.z - .pi / 2) < 1e-9)
  }

  static let rejected: [(String, String, String)] = [
    (
      "text key path on a shape",
      #"{ id: "a", type: "shape", animations: [ { type: "basic", keyPath: "fontSize", toValue: 3 } ] }"#,
      #"features.json5: layers[0].animations[0].keyPath: expected a key path that layers of type "shape" have ("fontSize" needs type "text"), found "fontSize""#
    ),
    (
      "cumulative on a path",
      #"{ id: "a", type: "shape", animations: [ { type: "basic", keyPath: "path", cumulative: true, toValue: { rect: [0, 0, 1, 1] } } ] }"#,
      "features.json5: layers[0].animations[0].cumulative: expected false: cumulative needs a number, point, size, rect or colour key path, found true"
    ),
    (
      "spring with a timing function",
      #"{ id: "a", animations: [ { type: "spring", keyPath: "opacity", toValue: 0, timingFunction: "easeIn" } ] }"#,
      #"features.json5: layers[0].animations[0].timingFunction: expected no timing function: a spring's own motion is its timing, found "easeIn""#
    ),
    (
      "UIKit spring mixed with physics",
      #"{ id: "a", animations: [ { type: "spring", keyPath: "opacity", toValue: 0, duration: 1, dampingRatio: 0.5, mass: 2 } ] }"#,
      "features.json5: layers[0].animations[0].mass: expected either UIKit's dampingRatio form or mass/stiffness/damping, not both, found 2"
    ),
    (
      "path keyframes on another key path",
      #"{ id: "a", animations: [ { type: "keyframe", keyPath: "anchorPoint", path: { rect: [0, 0, 1, 1] } } ] }"#,
      #"features.json5: layers[0].animations[0].path: expected a path only for keyPath "position", not "anchorPoint", found an object"#
    ),
    (
      "path keyTimes count",
      #"{ id: "a", animations: [ { type: "keyframe", keyPath: "position", path: { polygon: [[0, 0], [1, 0], [1, 1]] }, keyTimes: [0, 1] } ] }"#,
      "features.json5: layers[0].animations[0].keyTimes: expected 3 key times (one per path point), found an array of 2"
    ),
    (
      "paced transform",
      #"{ id: "a", animations: [ { type: "keyframe", keyPath: "transform", values: ["identity", { scale: 2 }], calculationMode: "paced" } ] }"#,
      #"features.json5: layers[0].animations[0].calculationMode: expected "linear" or "discrete" for "transform" (paced needs numbers, points, sizes, rects or colours), found "paced""#
    ),
    (
      "tension without a cubic mode",
      #"{ id: "a", animations: [ { type: "keyframe", keyPath: "opacity", values: [0, 1], tensionValues: [0, 0] } ] }"#,
      "features.json5: layers[0].animations[0].tensionValues: expected no tensionValues unless calculationMode is cubic or cubicPaced, found an array of 2"
    ),
    (
      "missing image",
      #"{ id: "a", contents: "/nonexistent/logo.png" }"#,
      "features.json5: layers[0].contents: expected an image file that exists (looked for /nonexistent/logo.png), found \"/nonexistent/logo.png\""
    ),
    (
      "gradient locations count",
      #"{ id: "a", type: "gradient", colors: ["white", "black"], locations: [0] }"#,
      "features.json5: layers[0].locations: expected 2 locations (one per colour), found an array of 1"
    ),
    (
      "matrix with other parts",
      #"{ id: "a", transform: { matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], rotate: "1deg" } }"#,
      #"features.json5: layers[0].transform: expected "matrix" on its own, without other parts, found an object"#
    ),
  ]

  @Test("misuse of the constructs is refused with its JSON path", arguments: rejected)
  func rejectedConstructs(rule: String, layers: String, expected: String) {
    #expect(message(layers) == expected, "\(rule)")
  }
}
