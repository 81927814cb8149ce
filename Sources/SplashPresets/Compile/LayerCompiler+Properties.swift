import SplashCore
import SplashModel

/// The readers of a layer's property keys, in the order the compiler reads them (and so
/// reports their problems): `CALayer`'s, then the layer kind's own.
///
/// Each registry property is read through its typed setter (`PresetPropertyReader`); the keys
/// beside them are `frame`, which sets two properties, and the properties no animation changes.
/// A kind's own readers are built once (they capture only registry entries and texts); the
/// common ones are built per layer, since `frame` and `contents` need the layer's members and
/// the compiler's image rules.
extension LayerCompiler {
  /// The keys of a layer object that are not layer properties: its identity, its tree, its
  /// animations and lifetime, and `frame`, which sets `position` and `bounds`.
  static let structuralKeys: Set<String> = [
    "id", "type", "mask", "animations", "sublayers", "addedAt", "removedAt", "grid", "frame",
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
  ///
  /// - Parameter members: The layer object's members, which `frame` checks for `position` and
  ///   `bounds`.
  func propertyReaders(for kind: LayerKind, members: [String: JSONCursor]) -> [PresetPropertyReader] {
    let common = commonReaders(members: members)
    switch kind {
    case .layer: return common
    case .shape: return common + Self.shapeReaders
    case .text: return common + Self.textReaders
    case .gradient: return common + Self.gradientReaders
    case .replicator: return common + Self.replicatorReaders
    }
  }

  private func commonReaders(members: [String: JSONCursor]) -> [PresetPropertyReader] {
    typealias R = LayerPropertyRegistry
    let nonNegative = "a number ≥ 0"
    return [
      PresetPropertyReader(R.position) { try $0.point() },
      PresetPropertyReader(R.bounds) { try $0.rect() },
      PresetPropertyReader(R.anchorPoint) { try $0.point() },
      PresetPropertyReader("frame") { value, properties in
        if let given = ["position", "bounds"].first(where: { members[$0] != nil }) {
          throw value.error("\"frame\" sets both position and bounds (CALayer's frame setter), so \"\(given)\" cannot be given too")
        }
        properties.setFrame(try value.rect())
      },
      PresetPropertyReader(R.zPosition) { try $0.number() },
      PresetPropertyReader(R.transform) { try $0.transform() },
      PresetPropertyReader(R.sublayerTransform) { try $0.transform() },
      PresetPropertyReader(R.opacity) { try $0.number(in: 0...1, expected: "an opacity from 0 to 1") },
      PresetPropertyReader(R.hidden) { try $0.bool() },
      PresetPropertyReader(R.backgroundColor) { try $0.optionalColor() },
      PresetPropertyReader(R.cornerRadius) { try $0.number(in: 0...1e6, expected: nonNegative) },
      PresetPropertyReader("masksToBounds") { value, properties in properties.masksToBounds = try value.bool() },
      PresetPropertyReader(R.borderWidth) { try $0.number(in: 0...1e6, expected: nonNegative) },
      PresetPropertyReader(R.borderColor) { try $0.optionalColor() },
      PresetPropertyReader("contents") { value, properties in
        properties.contents = LayerContents(imagePath: try imagePath(value))
      },
      PresetPropertyReader("contentsGravity") { value, properties in
        guard properties.contents != nil else { throw value.error("\"contentsGravity\" needs \"contents\"") }
        properties.contents?.gravity = try value.choice(LayerContents.Gravity.self)
      },
      PresetPropertyReader(R.shadowColor) { try $0.optionalColor() },
      PresetPropertyReader(R.shadowOpacity) { try $0.number(in: 0...1, expected: "an opacity from 0 to 1") },
      PresetPropertyReader(R.shadowOffset) { value in
        let offset = try value.numbers(count: 2, expected: "an offset [dx, dy]")
        return Size(width: offset[0], height: offset[1])
      },
      PresetPropertyReader(R.shadowRadius) { try $0.number(in: 0...1e4, expected: nonNegative) },
    ]
  }

  nonisolated(unsafe) private static let shapeReaders: [PresetPropertyReader] = {
    typealias R = LayerPropertyRegistry
    let fraction = "a fraction from 0 to 1"
    return [
      PresetPropertyReader(R.path) { try $0.shapePath() },
      PresetPropertyReader(R.fillColor) { try $0.optionalColor() },
      PresetPropertyReader("fillRule") { value, properties in properties.shape.fillRule = try value.choice(FillRule.self) },
      PresetPropertyReader(R.strokeColor) { try $0.optionalColor() },
      PresetPropertyReader(R.lineWidth) { try $0.number(in: 0...1e6, expected: "a line width ≥ 0") },
      PresetPropertyReader(R.strokeStart) { try $0.number(in: 0...1, expected: fraction) },
      PresetPropertyReader(R.strokeEnd) { try $0.number(in: 0...1, expected: fraction) },
      PresetPropertyReader("lineCap") { value, properties in properties.shape.lineCap = try value.choice(LineCap.self) },
      PresetPropertyReader("lineJoin") { value, properties in properties.shape.lineJoin = try value.choice(LineJoin.self) },
      PresetPropertyReader(R.miterLimit) { try $0.number(in: 0...1e6, expected: "a miter limit ≥ 0") },
      PresetPropertyReader(R.lineDashPattern) { try $0.numberList(in: 0...1e6, expected: "a dash or gap length ≥ 0") },
      PresetPropertyReader(R.lineDashPhase) { try $0.number() },
    ]
  }()

  nonisolated(unsafe) private static let textReaders: [PresetPropertyReader] = {
    typealias R = LayerPropertyRegistry
    return [
      PresetPropertyReader("string") { value, properties in properties.text.string = try textString(value) },
      PresetPropertyReader("fontFamily") { value, properties in properties.text.fontFamily = try value.string() },
      PresetPropertyReader("fontWeight") { value, properties in properties.text.fontWeight = try value.fontWeight() },
      PresetPropertyReader(R.fontSize) { try $0.number(in: 0.1...10_000, expected: "a font size in points") },
      PresetPropertyReader(R.foregroundColor) { try $0.color() },
      PresetPropertyReader("alignmentMode") { value, properties in
        properties.text.alignment = try value.choice(TextStyle.Alignment.self)
      },
      PresetPropertyReader("wrapped") { value, properties in properties.text.isWrapped = try value.bool() },
    ]
  }()

  nonisolated(unsafe) private static let gradientReaders: [PresetPropertyReader] = {
    typealias R = LayerPropertyRegistry
    return [
      PresetPropertyReader("gradientType") { value, properties in
        properties.gradient.kind = try value.choice(GradientStyle.Kind.self)
      },
      PresetPropertyReader(R.colors) { try $0.colorList() },
      // Kept even when their number is wrong, as every value read before its check is.
      PresetPropertyReader("locations") { value, properties in
        R.locations.set(try value.numberList(in: 0...1, expected: "a location from 0 to 1"), in: &properties)
        guard properties.gradient.locations.count == properties.gradient.colors.count else {
          throw value.error(expected: "\(properties.gradient.colors.count) locations (one per colour)")
        }
      },
      PresetPropertyReader(R.startPoint) { try $0.point() },
      PresetPropertyReader(R.endPoint) { try $0.point() },
    ]
  }()
}
