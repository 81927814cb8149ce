import SplashCore
import Testing

@testable import SplashModel

/// The quick no before a layer's values are compared whole with its last frame's
/// (`apartWhereAnimated`): it reads what animations change most often, and must say apart only
/// when the values differ there.
@Suite("Layer values told apart where animations change them")
struct LayerPropertiesApartWhereAnimatedTests {
  @Test("apart in place, opacity, trim and stroke width; not in what it does not read")
  func fieldsRead() {
    func apart(_ left: LayerProperties, _ right: LayerProperties) -> Bool {
      comparedInPlace(left, right, by: LayerProperties.apartWhereAnimated)
    }
    var base = LayerProperties()
    base.shape.path = Path()
    base.shape.strokeEnd = 0.5
    #expect(!apart(base, base))
    let read: [(String, (inout LayerProperties) -> Void)] = [
      ("opacity", { $0.opacity = 0.5 }),
      ("strokeEnd", { $0.shape.strokeEnd = 0.75 }),
      ("strokeStart", { $0.shape.strokeStart = 0.25 }),
      ("lineWidth", { $0.shape.lineWidth = 3 }),
      ("position", { $0.position = Point(x: 4, y: 0) }),
      ("transform", { $0.transform = Transform3D(scaleX: 2, y: 2) }),
      ("anchorPoint", { $0.anchorPoint = Point(x: 0, y: 0) }),
      ("bounds", { $0.bounds = Rect(x: 0, y: 0, width: 10, height: 10) }),
    ]
    for (field, change) in read {
      var changed = base
      change(&changed)
      #expect(apart(base, changed) && apart(changed, base), "\(field)")
    }
    // Left to the whole comparison: a colour, a corner radius.
    var recoloured = base
    recoloured.shape.fillColor = .white
    recoloured.cornerRadius = 4
    #expect(!apart(base, recoloured))
  }
}
