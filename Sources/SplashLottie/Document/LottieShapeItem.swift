import SplashCore
import SplashModel

/// A shape layer's item (`shapes[i]`, a group's `it[i]`), read from the file.
indirect enum LottieShapeItem {
  /// `gr`: items of its own, placed by its transform (`tr`).
  case group(name: String, items: [LottieShapeItem], transform: LottieTransform)
  /// `sh`, `rc`, `el`, `sr`: a path, or a shape drawn by its parameters.
  case geometry(LottieGeometry)
  /// `fl`: paints every path before it in its group, and in the groups before it.
  case fill(LottieFill)
  /// `st`: strokes them.
  case stroke(LottieStroke)
  /// `tm`: keeps a stretch of the paths before it, for the styles after it.
  case trim(LottieTrim)
  /// `rp`: draws what comes before it again and again, each copy transformed once more.
  case repeater(LottieRepeater)
  /// `gf`, `gs`: fills or strokes the paths before it with a gradient.
  case gradient(LottieGradient)

  /// The items of `list` (a `shapes` or `it` array), hidden ones (`hd`) and unsupported ones
  /// left out, the latter noted in `warnings`.
  static func items(_ list: LottieCursor, context: LottieContext, depth: Int = 0) throws -> [LottieShapeItem] {
    // Each group is a layer inside its parent's when drawn, and drawing recurses through them.
    guard depth <= context.limits.groupDepth else {
      throw list.error(expected: "shape groups nested at most \(context.limits.groupDepth) deep")
    }
    var items: [LottieShapeItem] = []
    for cursor in try list.array() {
      if cursor["hd"]?.flag == true { continue }
      guard let type = try cursor["ty"]?.string() else { throw cursor.error(expected: "a shape item with a type \"ty\"") }
      switch type {
      case "gr":
        let children = try cursor["it"].map { try Self.items($0, context: context, depth: depth + 1) } ?? []
        // The group's transform is its `tr` item, wherever the exporter put it.
        let transformItem = try cursor["it"]?.array().first { (try? $0["ty"]?.string()) == "tr" }
        items.append(
          .group(
            name: (try? cursor["nm"]?.string()) ?? "group", items: children,
            transform: try LottieTransform(transformItem, limits: context.limits)))
      case "sh":
        let path = try LottieProperty<Path>.read(try cursor.required("ks"), limits: context.limits) {
          try LottieBezier.path($0, limits: context.limits)
        }
        items.append(.geometry(LottieGeometry(.path(path))))
      case "rc": items.append(.geometry(try rectangle(cursor, context: context)))
      case "el": items.append(.geometry(try ellipse(cursor, context: context)))
      case "sr": items.append(.geometry(LottieGeometry(.star(try LottieStar(cursor, context: context)))))
      case "fl": items.append(.fill(try LottieFill(cursor, limits: context.limits)))
      case "st": items.append(.stroke(try LottieStroke(cursor, context: context)))
      case "gf", "gs": items.append(.gradient(try LottieGradient(cursor, context: context)))
      case "tm": items.append(.trim(try LottieTrim(cursor, limits: context.limits)))
      case "rp": items.append(.repeater(try LottieRepeater(cursor, context: context)))
      case "rd":
        // Rounds the paths before it, which are all read by now.
        let radius = try LottieProperty<Double>.read(try cursor.required("r"), limits: context.limits) { try $0.scalar() }
        items = items.map { $0.roundingCorners(radius) }
      case "tr": continue
      default:
        context.warnings.note(Self.unsupported[type] ?? "shape items of type \"\(type)\" are not drawn", at: cursor.jsonPath)
      }
    }
    return items
  }

  /// What each shape item splashvid does not draw yet is, for its warning.
  static let unsupported: [String: String] = [
    "mm": "merge paths (mm) are not applied",
    "op": "offset paths (op) are not applied",
    "pb": "pucker and bloat (pb) is not applied", "tw": "twist (tw) is not applied",
    "zz": "zig zag (zz) is not applied",
  ]

  /// `rc`: a rectangle centred on `p`, of size `s`, its corners rounded by `r`.
  private static func rectangle(_ cursor: LottieCursor, context: LottieContext) throws -> LottieGeometry {
    let center = try LottieProperty<[Double]>.read(try cursor.required("p"), limits: context.limits) { try $0.numbers() }
    let size = try LottieProperty<[Double]>.read(try cursor.required("s"), limits: context.limits) { try $0.numbers() }
    let roundness =
      try cursor["r"].map { try LottieProperty<[Double]>.read($0, limits: context.limits) { try $0.numbers() } }
      ?? .constant([0])
    let isReversed = (try cursor["d"]?.number()) == 3
    return LottieGeometry(.rectangle(center: center, size: size, roundness: roundness, isReversed: isReversed))
  }

  /// `el`: an ellipse centred on `p`, of size `s`.
  private static func ellipse(_ cursor: LottieCursor, context: LottieContext) throws -> LottieGeometry {
    let center = try LottieProperty<[Double]>.read(try cursor.required("p"), limits: context.limits) { try $0.numbers() }
    let size = try LottieProperty<[Double]>.read(try cursor.required("s"), limits: context.limits) { try $0.numbers() }
    let isReversed = (try cursor["d"]?.number()) == 3
    return LottieGeometry(.ellipse(center: center, size: size, isReversed: isReversed))
  }

  /// This item with the sharp corners of its paths (and its groups' paths) rounded by
  /// `radius`, after any rounding they have.
  func roundingCorners(_ radius: LottieProperty<Double>) -> LottieShapeItem {
    switch self {
    case .geometry(var geometry):
      geometry.cornerRadii.append(radius)
      return .geometry(geometry)
    case .group(let name, let items, let transform):
      return .group(name: name, items: items.map { $0.roundingCorners(radius) }, transform: transform)
    default:
      return self
    }
  }

  /// How many items `items` hold, those of their groups included, and each repeater's copies
  /// of the items before it: what building and drawing them costs. Repeaters in repeated
  /// groups multiply (three of 1000 copies make a billion), so the count saturates rather
  /// than overflow.
  static func count(_ items: [LottieShapeItem]) -> Int {
    let total = items.reduce(0.0) { total, item in
      switch item {
      case .group(_, let children, _): total + 1 + Double(count(children))
      case .repeater(let repeater): total * Double(repeater.copyCount) + 1
      default: total + 1
      }
    }
    return total.clamped(to: 0...Int(Int32.max), rounding: .down)
  }
}
