import SplashCore
import Testing

@testable import SplashModel

/// The styles `LayerProperties` keeps behind references keep value semantics.
@Suite("Styles behind references behave as values")
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
}
