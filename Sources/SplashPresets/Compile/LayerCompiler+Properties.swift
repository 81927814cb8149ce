import SplashCore
import SplashModel

/// The readers of a layer's property keys, in the order the compiler reads them (and so
/// reports their problems): the registry's order, `CALayer`'s properties then the kind's own,
/// with `frame` after `anchorPoint`.
///
/// An animatable property is read as its animations' values are, by its value kind, and a
/// fixed one by its kind (a flag, a number, a text, one of its names), unless presets give it
/// a rule of its own (a range, a colour that may be absent, an image path): adding a property
/// to the registry adds its preset key with nothing to write here. The readers capture only
/// registry entries and texts, so each kind's are built once.
extension LayerCompiler {
  /// The keys of a layer object that are not layer properties: its identity, its tree, its
  /// animations and lifetime, and `frame`, which sets `position` and `bounds`.
  static let structuralKeys: Set<String> = [
    "id", "type", "mask", "animations", "sublayers", "addedAt", "removedAt", "grid", "frame", "lottie", "video",
  ]

  /// The keys every layer takes: the structural ones and `CALayer`'s properties.
  static let commonKeys: Set<String> = structuralKeys.union(
    LayerKind.allCases.map(LayerPropertyRegistry.names(of:)).reduce(LayerPropertyRegistry.names(of: .layer)) {
      $0.intersection($1)
    })

  /// The keys each kind adds to `commonKeys`: its own registry properties.
  static let keysByKind: [LayerKind: Set<String>] = Dictionary(
    uniqueKeysWithValues: LayerKind.allCases.map { ($0, LayerPropertyRegistry.names(of: $0).subtracting(commonKeys)) })

  /// The readers of the keys layers of `kind` take, in reading order.
  static func propertyReaders(for kind: LayerKind) -> [PresetPropertyReader] { readersByKind[kind] ?? [] }

  nonisolated(unsafe) private static let readersByKind: [LayerKind: [PresetPropertyReader]] = Dictionary(
    uniqueKeysWithValues: LayerKind.allCases.map { kind in
      var readers: [PresetPropertyReader] = []
      for entry in LayerPropertyRegistry.entries(of: kind) {
        switch entry {
        case .animatable(let property):
          readers.append(valueRules[property.name] ?? PresetPropertyReader(readingByKind: property))
        case .fixed(let property):
          readers.append(fixedRules[property.name] ?? PresetPropertyReader(readingByKind: property))
        }
        if entry.name == LayerPropertyRegistry.anchorPoint.name { readers.append(frameReader) }
      }
      return (kind, readers)
    })

  /// `frame`: `CALayer`'s frame setter, which sets `position` and `bounds` together.
  nonisolated(unsafe) private static let frameReader = PresetPropertyReader("frame") { value, properties, context in
    if let given = ["position", "bounds"].first(where: { context.members[$0] != nil }) {
      throw value.error("\"frame\" sets both position and bounds (CALayer's frame setter), so \"\(given)\" cannot be given too")
    }
    properties.setFrame(try value.rect())
  }

  /// The animatable properties presets read by a rule of their own rather than by value kind:
  /// a range, a message naming what the number is, or a colour that may be left out.
  nonisolated(unsafe) private static let valueRules: [String: PresetPropertyReader] = {
    typealias R = LayerPropertyRegistry
    let nonNegative = "a number ≥ 0"
    let opacity = "an opacity from 0 to 1"
    let fraction = "a fraction from 0 to 1"
    let rules = [
      PresetPropertyReader(R.opacity) { try $0.number(in: 0...1, expected: opacity) },
      PresetPropertyReader(R.backgroundColor) { try $0.optionalColor() },
      PresetPropertyReader(R.cornerRadius) { try $0.number(in: 0...1e6, expected: nonNegative) },
      PresetPropertyReader(R.borderWidth) { try $0.number(in: 0...1e6, expected: nonNegative) },
      PresetPropertyReader(R.borderColor) { try $0.optionalColor() },
      PresetPropertyReader(R.shadowColor) { try $0.optionalColor() },
      PresetPropertyReader(R.shadowOpacity) { try $0.number(in: 0...1, expected: opacity) },
      PresetPropertyReader(R.shadowOffset) { value in
        let offset = try value.numbers(count: 2, expected: "an offset [dx, dy]")
        return Size(width: offset[0], height: offset[1])
      },
      PresetPropertyReader(R.shadowRadius) { try $0.number(in: 0...1e4, expected: nonNegative) },
      PresetPropertyReader(R.blurRadius) { try $0.number(in: 0...1e4, expected: nonNegative) },
      PresetPropertyReader(R.colorOverlay) { try $0.optionalColor() },

      PresetPropertyReader(R.fillColor) { try $0.optionalColor() },
      PresetPropertyReader(R.strokeColor) { try $0.optionalColor() },
      PresetPropertyReader(R.lineWidth) { try $0.number(in: 0...1e6, expected: "a line width ≥ 0") },
      PresetPropertyReader(R.strokeStart) { try $0.number(in: 0...1, expected: fraction) },
      PresetPropertyReader(R.strokeEnd) { try $0.number(in: 0...1, expected: fraction) },
      PresetPropertyReader(R.miterLimit) { try $0.number(in: 0...1e6, expected: "a miter limit ≥ 0") },
      PresetPropertyReader(R.lineDashPattern) { try $0.numberList(in: 0...1e6, expected: "a dash or gap length ≥ 0") },

      PresetPropertyReader(R.fontSize) { try $0.number(in: 0.1...10_000, expected: "a font size in points") },

      // Kept even when their number is wrong, as every value read before its check is.
      PresetPropertyReader("locations") { value, properties in
        R.locations.set(try value.numberList(in: 0...1, expected: "a location from 0 to 1"), in: &properties)
        guard properties.gradient.locations.count == properties.gradient.colors.count else {
          throw value.error(expected: "\(properties.gradient.colors.count) locations (one per colour)")
        }
      },
    ]
    return Dictionary(uniqueKeysWithValues: (rules + replicatorValueRules).map { ($0.key, $0) })
  }()

  /// The fixed properties presets read by a rule of their own rather than by kind: an image
  /// path resolved by the compiler's rules, a gravity that needs an image, text with its
  /// escapes, a weight by name, a counted number of instances.
  nonisolated(unsafe) private static let fixedRules: [String: PresetPropertyReader] = {
    typealias R = LayerPropertyRegistry
    let rules = [
      PresetPropertyReader("contents") { value, properties, context in
        R.contents.set(try context.imagePath(value), in: &properties)
      },
      PresetPropertyReader("contentsGravity") { value, properties in
        guard properties.contents != nil else { throw value.error("\"contentsGravity\" needs \"contents\"") }
        R.contentsGravity.set(try value.choice(LayerContents.Gravity.self), in: &properties)
      },
      PresetPropertyReader(R.string) { try textString($0) },
      PresetPropertyReader(R.fontWeight) { try $0.fontWeight() },
      PresetPropertyReader(R.outlineColor) { try $0.optionalColor() },
      PresetPropertyReader(R.outlineWidth) { try $0.number(in: 0...1e6, expected: "an outline width ≥ 0") },
    ]
    return Dictionary(uniqueKeysWithValues: (rules + replicatorFixedRules).map { ($0.key, $0) })
  }()
}
