import SplashCore
import Testing

@testable import SplashModel

/// Values equal but for the layer's own position and transform (`equalApartFromPlace`), which
/// lets a display list keep the node of a layer that only moved: every other field must count,
/// including any added to `LayerProperties` later.
@Suite("Layer values compared apart from their place")
struct LayerPropertiesApartFromPlaceTests {
  static func equalApartFromPlace(_ left: LayerProperties, _ right: LayerProperties) -> Bool {
    comparedInPlace(left, right, by: LayerProperties.equalApartFromPlace)
  }

  @Test("the fields compared and the two of place are every field the type has")
  func everyField() {
    let fields = Mirror(reflecting: LayerProperties()).children.compactMap(\.label)
    #expect(
      Set(fields) == Set(Self.fieldsCompared + Self.fieldsOfPlace),
      "a field was added to LayerProperties: compare it in equalApartFromPlace, or name it a field of place")
    #expect(fields.count == Self.fieldsCompared.count + Self.fieldsOfPlace.count)
  }

  /// The fields `equalApartFromPlace` compares, and the two it leaves out, by the names the
  /// type's reflection gives them (a wrapped field's name starts with `_`).
  static let fieldsCompared = [
    "opacity", "shape", "bounds", "anchorPoint", "zPosition", "sublayerTransform", "isHidden", "backgroundColor",
    "cornerRadius", "masksToBounds", "borderWidth", "borderColor", "contents", "contentsRect", "_shadow", "invertsMask",
    "maskMode", "blurRadius", "colorOverlay", "blendMode", "_text", "_gradient", "_replicator",
  ]
  static let fieldsOfPlace = ["position", "transform"]

  /// One change to each field `equalApartFromPlace` compares, by the field's name.
  static let changes: [(String, @Sendable (inout LayerProperties) -> Void)] = [
    ("opacity", { $0.opacity = 0.5 }),
    ("shape", { $0.shape.lineDashPhase = 2 }),
    ("bounds", { $0.bounds = Rect(x: 0, y: 0, width: 10, height: 4) }),
    ("anchorPoint", { $0.anchorPoint = Point(x: 0, y: 0) }),
    ("zPosition", { $0.zPosition = 3 }),
    ("sublayerTransform", { $0.sublayerTransform = Transform3D(scaleX: 2, y: 2) }),
    ("isHidden", { $0.isHidden = true }),
    ("backgroundColor", { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }),
    ("cornerRadius", { $0.cornerRadius = 4 }),
    ("masksToBounds", { $0.masksToBounds = true }),
    ("borderWidth", { $0.borderWidth = 1 }),
    ("borderColor", { $0.borderColor = Color(red: 0, green: 0, blue: 1) }),
    ("contents", { $0.contents = LayerContents(imagePath: "photo.png") }),
    ("contentsRect", { $0.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1) }),
    ("_shadow", { $0.shadow.opacity = 0.4 }),
    ("invertsMask", { $0.invertsMask = true }),
    ("maskMode", { $0.maskMode = .luminance }),
    ("blurRadius", { $0.blurRadius = 2 }),
    ("colorOverlay", { $0.colorOverlay = Color(red: 0, green: 1, blue: 0) }),
    ("blendMode", { $0.blendMode = .multiply }),
    ("_text", { $0.text.string = "Hello" }),
    ("_gradient", { $0.gradient.colors = [.white] }),
    ("_replicator", { $0.replicator.instanceCount = 3 }),
  ]

  @Test("a change to any field but the position and transform makes the values differ")
  func eachFieldCounts() {
    #expect(Self.changes.map(\.0) == Self.fieldsCompared)
    var base = LayerProperties()
    base.shape.path = Path()
    for (field, change) in Self.changes {
      var changed = base
      change(&changed)
      #expect(!Self.equalApartFromPlace(base, changed), "\(field)")
      #expect(!Self.equalApartFromPlace(changed, base), "\(field)")
    }
    // Placed elsewhere, turned and scaled: still equal apart from the place.
    var moved = base
    moved.position = Point(x: 40, y: -7)
    moved.transform = Transform3D(scaleX: 0.5, y: 0.5)
    #expect(Self.equalApartFromPlace(base, moved))
    #expect(Self.equalApartFromPlace(moved, moved))
  }
}
