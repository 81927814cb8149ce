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
            keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(duration: 1),
            values: .basic(from: .scalar(0), to: .scalar(1), by: nil)))
      ])
    let model = Layer(id: "root", sublayers: [still, fading])

    let presented = model.presentation(at: 0.25)
    // Untouched by animations: the very same storage, so comparing it costs nothing.
    #expect(presented.sublayers[0].$properties.isIdentical(to: still.propertiesStorage))
    // Written by its animation: its own storage, and the model as it was.
    #expect(!presented.sublayers[1].$properties.isIdentical(to: fading.propertiesStorage))
    #expect(abs(presented.sublayers[1].properties.opacity - 0.25) < 1e-12)
    #expect(fading.properties.opacity == 0.5 && fading.properties.shape.lineWidth == 3)

    // Writing a shared copy copies it first.
    var copy = presented.sublayers[0]
    copy.properties.shape.lineWidth = 7
    #expect(still.properties.shape.lineWidth == 3 && presented.sublayers[0].properties.shape.lineWidth == 3)
    #expect(copy != presented.sublayers[0])
  }

  @Test("a scene's layers with equal properties share one storage, and stay independent values")
  func sceneSharesEqualProperties() {
    var tileProperties = LayerProperties()
    tileProperties.shape.lineWidth = 1
    tileProperties.shape.strokeColor = .white
    var other = tileProperties
    other.shape.lineWidth = 2
    // Equal values built apart, as a grid compiles its cells.
    let tiles = (0..<3).map { index in
      Layer(id: "tile-\(index)", sublayers: [Layer(id: "lattice-\(index)", kind: .shape, properties: tileProperties)])
    }
    let scene = Scene(
      canvasSize: Size(width: 10, height: 10), backgroundColor: .black,
      layers: tiles + [Layer(id: "odd", kind: .shape, properties: other)], clip: ClipWindow(start: 0, cycle: 1))
    let lattices = scene.layers.prefix(3).map { $0.sublayers[0] }
    #expect(!tiles[0].sublayers[0].propertiesStorage.isIdentical(to: tiles[1].sublayers[0].propertiesStorage))
    #expect(lattices.allSatisfy { $0.propertiesStorage.isIdentical(to: lattices[0].propertiesStorage) })
    #expect(!scene.layers[3].propertiesStorage.isIdentical(to: lattices[0].propertiesStorage))
    #expect(scene.layers[3].properties.shape.lineWidth == 2)
    // Writing one copy leaves the others as they were.
    var changed = scene
    changed.layers[0].sublayers[0].properties.shape.lineWidth = 5
    #expect(scene.layers[1].sublayers[0].properties.shape.lineWidth == 1)
    #expect(changed.layers[1].sublayers[0].properties.shape.lineWidth == 1)
  }

  /// Nine bytes: the last compared one at a time, after a word.
  struct WordAndFlag: Equatable, Sendable {
    var number: Double
    var flag: Bool
  }

  @Test("values in storages of their own compare by bytes first, then by ==, to the last byte")
  func equalityInPlace() {
    // The same bytes: equal without ==.
    let list = [1.0, 2.0]
    #expect(CopyOnWrite(wrappedValue: list) == CopyOnWrite(wrappedValue: list))
    // Equal arrays built apart hold different buffers: their bytes differ and == decides.
    #expect(CopyOnWrite(wrappedValue: [1.0, 2.0]) == CopyOnWrite(wrappedValue: [1.0] + [2.0]))
    #expect(CopyOnWrite(wrappedValue: [1.0, 2.0]) != CopyOnWrite(wrappedValue: [1.0, 3.0]))
    // 0 and −0 differ in their bytes and are equal numbers.
    #expect(CopyOnWrite(wrappedValue: 0.0) == CopyOnWrite(wrappedValue: -0.0))
    // A difference in the ninth byte alone is seen.
    #expect(MemoryLayout<WordAndFlag>.size == 9)
    let set = WordAndFlag(number: 1, flag: true)
    let unset = WordAndFlag(number: 1, flag: false)
    #expect(CopyOnWrite(wrappedValue: set) == CopyOnWrite(wrappedValue: set))
    #expect(CopyOnWrite(wrappedValue: set) != CopyOnWrite(wrappedValue: unset))
    #expect(CopyOnWrite(wrappedValue: set) != CopyOnWrite(wrappedValue: WordAndFlag(number: 2, flag: true)))
    // A NaN has the same bytes as itself: the same value, as sharing asks, though == says no.
    #expect(CopyOnWrite(wrappedValue: Double.nan) == CopyOnWrite(wrappedValue: Double.nan))
    // Layer properties: an animated layer's values, equal to last frame's, or one field apart.
    var properties = LayerProperties()
    properties.opacity = 0.5
    var moved = properties
    moved.position.x += 1
    #expect(CopyOnWrite(wrappedValue: properties) == CopyOnWrite(wrappedValue: properties))
    #expect(CopyOnWrite(wrappedValue: properties) != CopyOnWrite(wrappedValue: moved))
  }

  @Test("the value's address, found without an access, is where the stored value lies")
  func addressOfTheValue() {
    func expectAddress<Value: Sendable>(of value: Value) {
      let wrapper = CopyOnWrite(wrappedValue: value)
      let stored = withUnsafeMutablePointer(to: &wrapper.storage.value) { UnsafePointer($0) }
      #expect(wrapper.storage.address == stored, "\(Value.self)")
    }
    expectAddress(of: LayerProperties())
    expectAddress(of: WordAndFlag(number: 1, flag: true))
    expectAddress(of: UInt8(7))
    expectAddress(of: SIMD4<Float>(1, 2, 3, 4))
    expectAddress(of: [1.0, 2.0])
  }

  @Test("a property animation's copies share their values until one is written")
  func propertyAnimationCopies() {
    let original = PropertyAnimation(
      keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(duration: 1),
      values: .keyframes(KeyframeTrack(values: [.scalar(0), .scalar(1)])))
    var copy = original
    #expect(copy == original && copy.hashValue == original.hashValue)
    copy.timing.duration = 2
    copy.isAdditive = true
    #expect(original.timing.duration == 1 && !original.isAdditive)
    #expect(copy.timing.duration == 2 && copy.isAdditive && copy != original)
    // Built apart, equal.
    let again = PropertyAnimation(
      keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(duration: 1),
      values: .keyframes(KeyframeTrack(values: [.scalar(0), .scalar(1)])))
    #expect(again == original && again.hashValue == original.hashValue)
  }
}
