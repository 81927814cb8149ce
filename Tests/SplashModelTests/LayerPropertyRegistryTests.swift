import SplashCore
import Testing

@testable import SplashModel

/// The registry of animatable layer properties: every key path has an entry, and every entry
/// reads back what it is given, typed and through `AnimatableValue`.
@Suite("Layer property registry")
struct LayerPropertyRegistryTests {
  static let red = Color(red: 1, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)
  static let entries = LayerPropertyRegistry.properties + LayerPropertyRegistry.components

  /// A value of `kind` other than `current`, which a layer holds exactly as given.
  static func sample(differingFrom current: AnimatableValue) -> AnimatableValue {
    switch current {
    // Within ±π, so an angle reads back unfolded; 0 or 1 plus one is still whole for `hidden`.
    case .scalar(let number): .scalar(number + 1)
    case .point(let point): .point(Point(x: point.x + 1, y: point.y + 2))
    case .size(let size): .size(Size(width: size.width + 1, height: size.height + 2))
    case .rect(let rect): .rect(Rect(x: rect.minX + 1, y: rect.minY + 2, width: rect.width + 3, height: rect.height + 4))
    case .color(let color): .color(color == red ? blue : red)
    case .transform: .transform(Transform3D(translationX: 5, y: 6, z: 0))
    case .path: .path(Path(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 20)), .close]))
    case .numbers(let numbers): .numbers(numbers + [3, 4])
    case .colors(let colors): .colors(colors + [red, blue])
    }
  }

  static func nearlyEqual(_ a: AnimatableValue, _ b: AnimatableValue) -> Bool {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): abs(x - y) < 1e-9
    case (.size(let x), .size(let y)): abs(x.width - y.width) < 1e-9 && abs(x.height - y.height) < 1e-9
    default: a == b
    }
  }

  @Test("each key path names an entry by its name or an alias, and each entry is some key path's")
  func keyPathsAndEntriesMatch() {
    for keyPath in LayerKeyPath.allCases {
      let property = keyPath.property
      #expect(property.name == keyPath.rawValue || property.aliases.contains(keyPath.rawValue), "\(keyPath)")
      #expect(LayerPropertyRegistry.property(named: keyPath.rawValue) === property, "\(keyPath)")
    }
    for entry in Self.entries {
      #expect(LayerKeyPath(rawValue: entry.name)?.property === entry, "\(entry.name)")
    }
    #expect(Set(Self.entries.map(\.name)).count == Self.entries.count, "no name is used twice")
  }

  @Test("every entry stores a value of its kind and reads it back, and leaves a value of another kind")
  func everyEntryRoundTrips() {
    for entry in Self.entries {
      let initial = entry.animatableDefault
      #expect(initial.kind == entry.valueKind, "\(entry.name)")
      let sample = Self.sample(differingFrom: initial)
      var properties = LayerProperties()
      entry.setAnimatableValue(sample, in: &properties)
      #expect(properties != LayerProperties(), "\(entry.name) changed the layer")
      #expect(Self.nearlyEqual(entry.animatableValue(in: properties), sample), "\(entry.name)")

      let wrongKind: AnimatableValue = entry.valueKind == .scalar ? .point(Point(x: 1, y: 1)) : .scalar(7)
      var untouched = LayerProperties()
      entry.setAnimatableValue(wrongKind, in: &untouched)
      #expect(untouched == LayerProperties(), "\(entry.name) ignores a value of another kind")
    }
  }

  @Test("typed entries take and give their own value type")
  func typedAccess() {
    var properties = LayerProperties()
    LayerPropertyRegistry.opacity.set(0.25, in: &properties)
    LayerPropertyRegistry.hidden.set(true, in: &properties)
    LayerPropertyRegistry.lineDashPattern.set([2, 1], in: &properties)
    LayerPropertyRegistry.colors.set([Self.red, Self.blue], in: &properties)
    #expect(properties.opacity == 0.25 && properties.isHidden)
    #expect(LayerPropertyRegistry.opacity.value(in: properties) == 0.25)
    #expect(LayerPropertyRegistry.hidden.value(in: properties))
    #expect(LayerPropertyRegistry.lineDashPattern.value(in: properties) == [2, 1])
    #expect(LayerPropertyRegistry.colors.value(in: properties) == [Self.red, Self.blue])
    #expect(LayerPropertyRegistry.shadowOffset.defaultValue == Size(width: 0, height: -3))
    #expect(LayerPropertyRegistry.fillColor.defaultValue == .black)
  }

  @Test("each value type converts to its own kind of animation value and from no other")
  func conversions() {
    #expect(Double(animatableValue: 0.5.animatableValue) == 0.5)
    #expect(Bool(animatableValue: true.animatableValue) == true && Bool(animatableValue: .scalar(0.4)) == false)
    #expect(Point(animatableValue: Point(x: 1, y: 2).animatableValue) == Point(x: 1, y: 2))
    #expect([Double](animatableValue: [1.0, 2].animatableValue) == [1, 2])
    #expect([Color](animatableValue: [Self.red].animatableValue) == [Self.red])
    #expect(Double(animatableValue: .numbers([1])) == nil)
    #expect([Double](animatableValue: .colors([Self.red])) == nil)
    #expect(Color(animatableValue: .scalar(1)) == nil)
    #expect([Color].animatableKind == .colors && [Double].animatableKind == .numbers && Bool.animatableKind == .scalar)
  }

  @Test("every fixed entry stores a value of its kind and reads it back, and refuses one of another kind")
  func everyFixedEntryRoundTrips() {
    for entry in LayerPropertyRegistry.fixedProperties {
      var properties = LayerProperties()
      // A gravity fits contents; without them there is nothing to set.
      properties.contents = LayerContents(imagePath: "a.png")
      let initial = entry.value(in: properties)
      let other: FixedLayerValue =
        if let choices = entry.choices {
          .text(choices.first { FixedLayerValue.text($0) != initial } ?? "")
        } else {
          switch (entry.valueKind, initial) {
          case (.flag, .flag(let flag)): .flag(!flag)
          case (.number, .number(let number)): .number(number + 1)
          case (.number, .absent): .number(12)
          // A colour is written as inspect prints it.
          case (.text, .text(let text)) where text.hasPrefix("#"): .text("#336699CC")
          default: .text("b.png")
          }
        }
      let wrongKind: FixedLayerValue = entry.valueKind == .flag ? .number(1) : .flag(true)
      var untouched = properties
      #expect(!entry.setFixedValue(wrongKind, in: &untouched), "\(entry.name) refuses \(wrongKind)")
      #expect(untouched == properties, "\(entry.name) unchanged by \(wrongKind)")
      #expect(entry.setFixedValue(other, in: &properties), "\(entry.name) takes \(other)")
      // preservesDepth is only false: there is nothing to store.
      let expected = entry.name == "preservesDepth" ? initial : other
      #expect(entry.value(in: properties) == expected, "\(entry.name)")
    }
    var plain = LayerProperties()
    #expect(LayerPropertyRegistry.lineCap.value(in: plain) == .butt)
    LayerPropertyRegistry.lineCap.set(.round, in: &plain)
    #expect(plain.shape.lineCap == .round)
    #expect(!LayerPropertyRegistry.lineCap.setFixedValue(.text("rounded"), in: &plain), "not one of the names")
  }

  @Test("a transform component changes its own number and keeps the others")
  func transformComponentsAreIndependent() throws {
    var properties = LayerProperties()
    LayerPropertyRegistry.scaleX.keyPath.set(.scalar(2), in: &properties)
    try #require(LayerKeyPath(rawValue: "transform.rotation")).set(.scalar(0.5), in: &properties)
    #expect(Self.nearlyEqual(LayerPropertyRegistry.rotationZ.keyPath.value(in: properties), .scalar(0.5)))
    #expect(Self.nearlyEqual(LayerPropertyRegistry.scaleX.keyPath.value(in: properties), .scalar(2)))
    #expect(Self.nearlyEqual(LayerPropertyRegistry.scaleY.keyPath.value(in: properties), .scalar(1)))
  }

  @Test("a mirror set on x stays a mirror when y is set after it, not half a turn (a Lottie scale of [-28, 28])")
  func mirroredScaleComponents() throws {
    var properties = LayerProperties()
    LayerPropertyRegistry.scaleX.keyPath.set(.scalar(-0.28), in: &properties)
    LayerPropertyRegistry.scaleY.keyPath.set(.scalar(0.28), in: &properties)
    let transform = properties.transform
    #expect(abs(transform.m11 + 0.28) < 1e-9 && abs(transform.m22 - 0.28) < 1e-9, "\(transform)")
    #expect(abs(transform.m12) < 1e-9 && abs(transform.m21) < 1e-9 && abs(transform.m33 - 1) < 1e-9, "\(transform)")
    #expect(Self.nearlyEqual(LayerPropertyRegistry.scaleX.keyPath.value(in: properties), .scalar(-0.28)))
    #expect(Self.nearlyEqual(LayerPropertyRegistry.rotationZ.keyPath.value(in: properties), .scalar(0)))
  }

  @Test("traits: what places layers, what is applied when compositing, what is an angle")
  func traits() {
    func names(_ isIncluded: (LayerKeyPath) -> Bool) -> Set<String> {
      Set(LayerKeyPath.allCases.filter(isIncluded).map(\.rawValue))
    }
    let transformPaths: Set<String> = [
      "transform", "transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z",
      "transform.scale", "transform.scale.x", "transform.scale.y", "transform.scale.z", "transform.translation",
      "transform.translation.x", "transform.translation.y", "transform.translation.z",
    ]
    let places: Set<String> = transformPaths.union([
      "position", "position.x", "position.y", "bounds", "bounds.origin", "bounds.size", "bounds.size.width",
      "bounds.size.height", "anchorPoint", "sublayerTransform", "instanceTransform", "instanceDelay",
    ])
    let compositing: Set<String> = transformPaths.union([
      "position", "position.x", "position.y", "anchorPoint", "zPosition", "opacity", "hidden",
    ])
    #expect(names(\.placesLayers) == places)
    #expect(names(\.isAppliedWhenCompositing) == compositing)
    #expect(names(\.isAngle) == ["transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z"])
    #expect(LayerKeyPath.allCases.filter { $0.layerKinds == [.replicator] }.count == 7)
    #expect(LayerKeyPath.allCases.filter { $0.layerKinds == [.shape] }.count == 9)
  }

  @Test("every name and alias is one key path, listed after the paths it extends")
  func keyPathOrder() {
    let listed = LayerKeyPath.allCases.map(\.rawValue)
    let named = Self.entries.flatMap { [$0.name] + $0.aliases }
    #expect(listed.count == Set(listed).count, "no key path listed twice")
    #expect(Set(listed) == Set(named))
    for (index, path) in listed.enumerated() {
      for parent in listed where path.hasPrefix(parent + ".") {
        #expect(listed.firstIndex(of: parent)! < index, "\(parent) before \(path)")
      }
    }
    #expect(listed.prefix(4) == ["position", "position.x", "position.y", "bounds"])
  }

  @Test("a key path equals another only by the same name of the same entry")
  func keyPathEquality() throws {
    let rotation = try #require(LayerKeyPath(rawValue: "transform.rotation"))
    let rotationZ = try #require(LayerKeyPath(rawValue: "transform.rotation.z"))
    #expect(rotation.property === rotationZ.property)
    #expect(rotation != rotationZ)
    #expect(rotationZ == LayerPropertyRegistry.rotationZ.keyPath)
    #expect(LayerKeyPath(rawValue: "transform.rotation.w") == nil)
    switch rotation {
    case LayerPropertyRegistry.rotationZ: break
    default: Issue.record("an alias matches its entry in a switch")
    }
  }
}
