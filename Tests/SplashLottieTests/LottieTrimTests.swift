import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Trim paths: strokes trimmed by strokeStart/strokeEnd (two layers where the stretch wraps),
/// fills by cutting the path, the trims after a path stacking (nearest first) for the styles after it.
@Suite("Lottie trim paths: start, end and offset as strokeStart/strokeEnd, wrapping past the end, fills cut")
struct LottieTrimTests {
  typealias Support = LottieTestSupport

  private let line = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,0],[100,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
  private let stroke = #"{"ty":"st","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#

  private func trim(start: String, end: String, offset: String = #"{"a":0,"k":0}"#, mode: Int = 1) -> String {
    #"{"ty":"tm","s":\#(start),"e":\#(end),"o":\#(offset),"m":\#(mode)}"#
  }

  /// The (strokeStart, strokeEnd) of every shape layer at `time`, bottom to top.
  private func strokes(_ items: [String], at time: Double) throws -> [(Double, Double)] {
    let layer = #"{"ty":4,"nm":"s","ip":0,"op":60,"ks":{},"shapes":[\#(items.joined(separator: ","))]}"#
    let scene = try Support.compile(Support.document(layers: layer))
    var found: [(Double, Double)] = []
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .shape { found.append((layer.properties.shape.strokeStart, layer.properties.shape.strokeEnd)) }
      layer.sublayers.forEach(visit)
    }
    scene.presentation(at: time).layers.forEach(visit)
    return found
  }

  private func expectRanges(_ found: [(Double, Double)], _ expected: [(Double, Double)], _ label: String) {
    let matches =
      found.count == expected.count
      && zip(found, expected).allSatisfy { abs($0.0 - $1.0) < 1e-9 && abs($0.1 - $1.1) < 1e-9 }
    #expect(matches, "\(label): \(found), expected \(expected)")
  }

  @Test("a constant trim is strokeStart and strokeEnd; start after end is the same stretch")
  func constant() throws {
    expectRanges(try strokes([line, trim(start: #"{"a":0,"k":25}"#, end: #"{"a":0,"k":75}"#), stroke], at: 0), [(0.25, 0.75)], "25–75 %")
    expectRanges(try strokes([line, trim(start: #"{"a":0,"k":75}"#, end: #"{"a":0,"k":25}"#), stroke], at: 0), [(0.25, 0.75)], "75–25 %")
  }

  @Test("an offset past the end wraps: the rest shows from the path's start on a second layer")
  func wrapping() throws {
    // 0–75 % shifted by 180° (half the length): 50–125 %, that is 50–100 % and 0–25 %.
    let wrapped = try strokes([line, trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":75}"#, offset: #"{"a":0,"k":180}"#), stroke], at: 0)
    expectRanges(wrapped, [(0.5, 1), (0, 0.25)], "wrapped")
  }

  @Test("an animated end draws the line on: halfway at frame 15, whole at frame 30, on one layer, as it never wraps")
  func animated() throws {
    let end = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[100]}]}"#
    let items = [line, trim(start: #"{"a":0,"k":0}"#, end: end), stroke]
    expectRanges(try strokes(items, at: 0.5), [(0, 0.5)], "frame 15")
    expectRanges(try strokes(items, at: 1.25), [(0, 1)], "frame 37.5")
  }

  @Test("an animated offset that carries the stretch past the end: the second layer draws the rest once it wraps")
  func animatedWrapping() throws {
    // 0–50 % shifted by an offset rising from 0° to 270° over 30 frames (360° is the whole length).
    let offset = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[270]}]}"#
    let items = [line, trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":50}"#, offset: offset), stroke]
    // At frame 10 the offset is 90° (a quarter): 25–75 %, the second piece empty.
    expectRanges(try strokes(items, at: 10.0 / 30), [(0.25, 0.75), (0, 0)], "frame 10")
    // At frame 30, 270°: 75–125 %, that is 75–100 % and 0–25 %.
    expectRanges(try strokes(items, at: 1), [(0.75, 1), (0, 0.25)], "frame 30")
  }

  @Test("a trim cuts every path before it, whichever style paints it, and reaches into the groups before it")
  func order() throws {
    let group = #"{"ty":"gr","it":[\#(line),{"ty":"tr"}]}"#
    // Both strokes paint the path inside the group, which the trim after it cuts.
    let found = try strokes([group, stroke, trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":40}"#), stroke], at: 0)
    expectRanges(found, [(0, 0.4), (0, 0.4)], "both strokes trimmed")
    // The pattern exporters write: a group holding its path and stroke, then a trim for the layer.
    let styledGroup = #"{"ty":"gr","it":[\#(line),\#(stroke),{"ty":"tr"}]}"#
    let layerTrim = try strokes([styledGroup, trim(start: #"{"a":0,"k":10}"#, end: #"{"a":0,"k":30}"#)], at: 0)
    expectRanges(layerTrim, [(0.1, 0.3)], "the group's own stroke trimmed by the trim after the group")
    // A path after the trim is not cut.
    let untouched = try strokes([trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":40}"#), line, stroke], at: 0)
    expectRanges(untouched, [(0, 1)], "path after the trim")
  }

  @Test("a trimmed fill is cut: 0–50 % of a 10 × 10 square's outline, closed by the fill")
  func fill() throws {
    let square =
      #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,10],[0,10]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    let layer =
      #"{"ty":4,"nm":"s","ip":0,"op":60,"ks":{},"shapes":[\#(square),\#(trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":50}"#)),\#(fill)]}"#
    let scene = try Support.compile(Support.document(layers: layer))
    var path: Path?
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .shape { path = layer.properties.shape.path }
      layer.sublayers.forEach(visit)
    }
    scene.presentation(at: 0).layers.forEach(visit)
    let kept = try #require(path)
    #expect(abs(kept.length() - 20) < 1e-6, "half of the 40-point outline: \(kept.length())")
  }

  @Test("trims stack: a later trim keeps its stretch of what the nearer kept; a trim of 0–100 % changes nothing")
  func stacked() throws {
    let whole = trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":100}"#)
    let middle = trim(start: #"{"a":0,"k":25}"#, end: #"{"a":0,"k":75}"#)
    expectRanges(try strokes([line, whole, middle, stroke], at: 0), [(0.25, 0.75)], "0–100 % then 25–75 %")
    expectRanges(try strokes([line, middle, whole, stroke], at: 0), [(0.25, 0.75)], "25–75 % then 0–100 %")
    // 0–50 % keeps the first half; 50–100 % of that is 25–50 % of the line.
    let firstHalf = trim(start: #"{"a":0,"k":0}"#, end: #"{"a":0,"k":50}"#)
    let secondHalf = trim(start: #"{"a":0,"k":50}"#, end: #"{"a":0,"k":100}"#)
    expectRanges(try strokes([line, firstHalf, secondHalf, stroke], at: 0), [(0.25, 0.5)], "0–50 % then 50–100 %")
    // A trim after the group applies to what the trim inside it kept.
    let group = #"{"ty":"gr","it":[\#(line),\#(firstHalf),\#(stroke),{"ty":"tr"}]}"#
    expectRanges(try strokes([group, secondHalf], at: 0), [(0.25, 0.5)], "inside, then after the group")
  }

  @Test("a number property's value at a frame is, to the bit, the one dimension of the same keyframes read as a list")
  func scalarValueMatchesListValue() {
    var generator = SystemRandomNumberGenerator()
    let easings = [TimingFunction.linear, .easeIn, .easeInEaseOut, TimingFunction(0.33, 0, 0.1, 1.4), TimingFunction(0.7, -0.3, 0.2, 1)]
    for _ in 0..<200 {
      var frame = Double.random(in: -20...20, using: &generator)
      var keyframes: [LottieKeyframe<Double>] = []
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        keyframes.append(
          LottieKeyframe(
            frame: frame, value: Double.random(in: -500...500, using: &generator),
            easing: [easings.randomElement(using: &generator)!], isHold: Int.random(in: 0..<5, using: &generator) == 0,
            outTangent: [], inTangent: []))
        // Two keyframes on one frame happen (a jump); so does a long stretch.
        frame += [0, 0.5, 7, 30].randomElement(using: &generator)!
      }
      let number = LottieProperty<Double>.animated(keyframes)
      let list = number.map { [$0] }
      for _ in 0..<20 {
        let at = Double.random(in: -30...(frame + 10), using: &generator)
        let expected = list.value(at: at)[0]
        #expect(number.value(at: at).bitPattern == expected.bitPattern, "at \(at): \(number.value(at: at)) \(expected)")
      }
      // The keyframes' own frames, where a segment starts or ends.
      for keyframe in keyframes { #expect(number.value(at: keyframe.frame).bitPattern == list.value(at: keyframe.frame)[0].bitPattern) }
    }
    #expect(LottieProperty<Double>.constant(42).value(at: 3) == 42)
  }
}
