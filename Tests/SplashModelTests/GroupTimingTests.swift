import Foundation
import SplashCore
import Testing

@testable import SplashModel

/// The timing rules of `CAAnimationGroup` children (see `AnimationGroup`): a child without a
/// duration lasts the whole group, children are clipped not scaled, and a child's fill mode
/// decides what it shows after it ends inside the group.
@Suite("Group children are timed as Core Animation times them")
struct GroupTimingTests {
  private func opacity(from: Double, to: Double, begin: Double = 0, duration: Double = 0, fill: FillMode = .removed)
    -> Animation
  {
    .property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(beginTime: begin, duration: duration, fillMode: fill),
        values: .basic(from: .scalar(from), to: .scalar(to), by: nil)))
  }

  private func layer(_ animations: [Animation], opacity: Double = 1) -> Layer {
    var properties = LayerProperties()
    properties.opacity = opacity
    return Layer(id: "dot", kind: .shape, properties: properties, animations: animations)
  }

  private func group(duration: Double, repeatCount: Double = 0, _ children: [Animation]) -> Animation {
    .group(AnimationGroup(timing: MediaTiming(duration: duration, repeatCount: repeatCount), animations: children))
  }

  @Test(
    "a child without a duration runs through the whole group, not 0.25 s",
    arguments: [(0.425, 0.25), (0.85, 0.5), (1.275, 0.75), (1.7 + 0.85, 0.5)])
  func childWithoutDurationLastsTheGroup(time: Double, expected: Double) {
    let spinner = layer([group(duration: 1.7, repeatCount: .infinity, [opacity(from: 0, to: 1)])])
    #expect(abs(spinner.presentation(at: time).properties.opacity - expected) < 1e-9)
  }

  @Test("a rotation without a duration turns steadily through its 1.7 s group (circle stroke spin)")
  func spinnerTurnsThroughTheGroup() {
    let rotation = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.rotationZ.keyPath, timing: MediaTiming(), values: .basic(from: nil, to: nil, by: .scalar(2 * .pi)),
        timingFunction: .linear))
    let spinner = layer([group(duration: 1.7, repeatCount: .infinity, [rotation])])
    for (time, angle) in [(0.425, Double.pi / 2), (0.2125, Double.pi / 4)] {
      let transform = spinner.presentation(at: time).properties.transform
      let measured = atan2(transform.rows[0][1], transform.rows[0][0])
      #expect(abs(measured - angle) < 1e-9, "at \(time) s")
    }
  }

  @Test("a child's own duration is kept, and clipped by the group rather than scaled to it")
  func ownDurationIsClipped() {
    let model = 0.3
    let longChild = layer([group(duration: 1, [opacity(from: 0, to: 1, duration: 4)])], opacity: model)
    #expect(abs(longChild.presentation(at: 0.5).properties.opacity - 0.125) < 1e-9)
    // The group ends at 1 s and is removed: the model value shows again.
    #expect(longChild.presentation(at: 1.5).properties.opacity == model)
  }

  @Test("a nested group without a duration takes its parent's and passes it on")
  func nestedGroupInheritsTheDuration() {
    let inner = group(duration: 0, [opacity(from: 0, to: 1)])
    let nested = layer([group(duration: 2, [inner])])
    #expect(abs(nested.presentation(at: 1).properties.opacity - 0.5) < 1e-9)
  }

  @Test("a top-level animation without a duration still lasts Core Animation's 0.25 s")
  func topLevelDefaultIsUnchanged() {
    let alone = layer([opacity(from: 0, to: 1, fill: .forwards)])
    #expect(abs(alone.presentation(at: 0.125).properties.opacity - 0.5) < 1e-9)
  }

  @Test("inside a group a child that ends early holds its value only with fillMode forwards")
  func childFillModeInsideGroup() {
    let model = 0.3
    let held = layer([group(duration: 2, [opacity(from: 0, to: 1, duration: 0.5, fill: .forwards)])], opacity: model)
    let dropped = layer([group(duration: 2, [opacity(from: 0, to: 1, duration: 0.5)])], opacity: model)
    #expect(held.presentation(at: 1).properties.opacity == 1)
    #expect(dropped.presentation(at: 1).properties.opacity == model)
  }
}
