import SplashCore
import Testing

@testable import SplashModel

/// The styles `LayerProperties` keeps behind references, and the properties layers keep behind
/// one, keep value semantics.
@Suite("Styles and properties behind references behave as values")
struct CopyOnWriteTests {
  @Test("writing a copy's style, whole or one field, leaves the original as it was")
  func copiesAreIndependent() {
    var original = LayerProperties()
    original.text.string = "Welcome"
    original.gradient.colors = [.white, .black]
    var copy = original
    copy.text.string = "Hello"
    copy.gradient.colors.append(.clear)
    copy.shadow = Shadow()
    copy.shadow.opacity = 0.5
    #expect(original.text.string == "Welcome")
    #expect(original.gradient.colors == [.white, .black])
    #expect(original.shadow.opacity == 0)
    #expect(copy.text.string == "Hello" && copy.gradient.colors.count == 3 && copy.shadow.opacity == 0.5)
  }

  @Test("equal values are equal and hash alike whether or not they share their storage")
  func equalityByValue() {
    var first = LayerProperties()
    first.replicator.instanceCount = 4
    var second = LayerProperties()
    second.replicator.instanceCount = 4
    let shared = first
    #expect(first == second && first == shared)
    #expect(first.hashValue == second.hashValue)
    second.replicator.instanceCount = 5
    #expect(first != second)
  }

  @Test("a layer's presentation shares its model properties until an animation writes them")
  func presentationSharesUntilWritten() {
    var properties = LayerProperties()
    properties.opacity = 0.5
    properties.shape.lineWidth = 3
    let still = Layer(id: "still", kind: .shape, properties: properties)
    let fading = Layer(
      id: "fading", kind: .shape, properties: properties,
      animations: [
        .property(
          PropertyAnimation(
            keyPath: .opacity, timing: MediaTiming(duration: 1), values: .basic(from: .scalar(0), to: .scalar(1), by: nil)))
      ])
    let model = Layer(id: "root", sublayers: [still, fading])

    let presented = model.presentation(at: 0.25)
    // Untouched by animations: the very same storage, so comparing it costs nothing.
    #expect(presented.sublayers[0].$properties.isIdentical(to: still.$properties))
    // Written by its animation: its own storage, and the model as it was.
    #expect(!presented.sublayers[1].$properties.isIdentical(to: fading.$properties))
    #expect(abs(presented.sublayers[1].properties.opacity - 0.25) < 1e-12)
    #expect(fading.properties.opacity == 0.5 && fading.properties.shape.lineWidth == 3)

    // Writing a shared copy copies it first.
    var copy = presented.sublayers[0]
    copy.properties.shape.lineWidth = 7
    #expect(still.properties.shape.lineWidth == 3 && presented.sublayers[0].properties.shape.lineWidth == 3)
    #expect(copy != presented.sublayers[0])
  }
}
