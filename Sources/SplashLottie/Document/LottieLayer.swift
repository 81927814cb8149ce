import SplashCore
import SplashModel

/// One layer of a composition (`layers[i]`, or a precomposition's), read: what it draws, where,
/// when, and through what.
///
/// Its frames (`inPoint`, `outPoint`, every keyframe) count in the time of the composition
/// that holds it; `startTime` and `stretch` move only the time a precomposition's layers see
/// (see `LottieTimeline`).
struct LottieLayer {
  /// What the layer draws, by its type `ty`.
  enum Content {
    /// `ty: 4`: shape items, and how many there are (groups' included).
    case shapes([LottieShapeItem], itemCount: Int)
    /// `ty: 1`: a rectangle of `sw` × `sh` in `sc`.
    case solid(width: Double, height: Double, color: Color)
    /// `ty: 0`: the precomposition `refId` (its cursor names it in messages), clipped to `w` × `h`
    /// when given, its time remapped by `tm` (seconds) when given.
    case precomposition(reference: LottieCursor, size: Size?, timeRemap: LottieProperty<Double>?)
    /// `ty: 2`: the image asset `refId`.
    case image(reference: LottieCursor)
    /// `ty: 5`: text.
    case text(LottieTextContent)
    /// A null (`ty: 3`), a hidden layer, or a type that draws nothing here (warned).
    case nothing
  }

  /// `nm`, when the file names the layer.
  var nameInFile: String?
  /// `nm`, or "layer".
  var name: String { nameInFile ?? "layer" }
  /// Where the layer is in the file, for messages.
  var jsonPath: String
  /// `ind`: what parents and mattes name it by.
  var index: Double?
  /// `parent`: the `ind` of the layer whose transform it sits in.
  var parent: LottieCursor?
  var content: Content = .nothing
  var transform: LottieTransform
  /// `ao`: turned along its motion path.
  var autoOrients: Bool
  var inPoint: Double?
  var outPoint: Double?
  /// `st` and `sr`.
  var startTime: Double = 0
  var stretch: Double = 1
  /// `hd`: not drawn (a hidden matte still mattes).
  var isHidden: Bool
  /// `td`: a track matte for another layer, not drawn itself.
  var isMatte: Bool
  /// `tt`: the matte mode (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted), with its cursor.
  var matteMode: LottieCursor?
  /// `tp`: the `ind` of the matte layer, when named.
  var matteTarget: Double?
  /// `bm`, when it is one splashvid draws.
  var blendMode: BlendMode?
  var masks: [LottieMask] = []
  var shadow: LottieShadow?
  /// A Gaussian blur effect's standard deviation, in the layer's points (`LottieBlur`).
  var blur: LottieProperty<Double>?
  /// A Fill effect (`LottieFillEffect`).
  var fill: LottieFillEffect?

  /// The layers of `list` (a `layers` array), in the file's order (top first).
  static func list(_ list: LottieCursor, context: LottieContext) throws -> [LottieLayer] {
    try list.array().map { try LottieLayer($0, context: context) }
  }

  /// Reads the layer at `entry`. A hidden layer that is no matte is read only as far as a
  /// child or a matte may need it (its index, parent and transform).
  init(_ entry: LottieCursor, context: LottieContext) throws {
    guard entry.isObject else { throw entry.error(expected: "a layer object") }
    nameInFile = try? entry["nm"]?.string()
    jsonPath = entry.jsonPath
    index = try entry["ind"]?.number()
    parent = entry["parent"]
    if let parent { _ = try parent.number() }
    isMatte = entry["td"]?.flag == true
    isHidden = entry["hd"]?.flag == true
    transform = try LottieTransform(entry["ks"], limits: context.limits)
    autoOrients = entry["ao"]?.flag ?? false
    guard !isHidden || isMatte else { return }

    let type = try entry.required("ty").number()
    inPoint = try entry["ip"]?.number()
    outPoint = try entry["op"]?.number()
    startTime = try entry["st"]?.number() ?? 0
    stretch = try entry["sr"]?.number() ?? 1
    // A negative stretch plays a precomposition backwards (as players play it); none is no time.
    guard stretch != 0 else { throw try entry.required("sr").error(expected: "a time stretch other than 0") }
    Self.noteUnsupported(entry, type: type, context: context)
    content = try Self.content(entry, type: type, context: context)
    masks = try LottieMask.masks(of: entry, context: context)
    shadow = try LottieShadow.of(entry, context: context)
    blur = try LottieBlur.of(entry, context: context)
    fill = try LottieFillEffect.of(entry, context: context)
    if let mode = entry["tt"], try mode.number() != 0 { matteMode = mode }
    matteTarget = try entry["tp"]?.number()
    if let mode = try entry["bm"]?.number().boundedWholeNumber { blendMode = Self.blendModes[mode] }
  }

  private static func content(_ entry: LottieCursor, type: Double, context: LottieContext) throws -> Content {
    switch type {
    case 4:
      let items = try entry["shapes"].map { try LottieShapeItem.items($0, context: context) } ?? []
      return .shapes(items, itemCount: LottieShapeItem.count(items))
    case 1:
      let width = try entry.required("sw").number(in: 0...100_000, expected: "a solid width from 0 to 100000")
      let height = try entry.required("sh").number(in: 0...100_000, expected: "a solid height from 0 to 100000")
      let hex = try entry.required("sc").string()
      guard let color = LottieColor.color(hex: hex) else { throw try entry.required("sc").error(expected: "a colour \"#RRGGBB\"") }
      return .solid(width: width, height: height, color: color)
    case 0:
      let reference = try entry.required("refId")
      _ = try reference.string()
      var size: Size?
      if let width = try entry["w"]?.number(), let height = try entry["h"]?.number() {
        size = Size(width: max(width, 0), height: max(height, 0))
      }
      let remap = try entry["tm"].map { try LottieProperty<Double>.read($0, limits: context.limits) { try $0.scalar() } }
      return .precomposition(reference: reference, size: size, timeRemap: remap)
    case 2:
      let reference = try entry.required("refId")
      _ = try reference.string()
      return .image(reference: reference)
    case 5:
      return .text(try LottieTextContent(try entry.required("t"), context: context))
    default:
      return .nothing
    }
  }

  /// The precomposition it shows, by asset id, if it is a precomposition layer.
  var precompositionName: String? {
    guard case .precomposition(let reference, _, _) = content else { return nil }
    return try? reference.string()
  }

  /// After Effects' blend modes by their number in `bm`. Add (16) is drawn as normal, as every
  /// player draws it: lottie-ios knows modes 0 to 15 only, lottie-web's `add` is no CSS blend
  /// mode, and ThorVG draws such a file as lottie-web does (compared on a real file); hard mix
  /// (17) has no counterpart. Both are warned.
  static let blendModes: [Int: BlendMode] = [
    0: .normal, 1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge, 7: .colorBurn,
    8: .hardLight, 9: .softLight, 10: .difference, 11: .exclusion, 12: .hue, 13: .saturation, 14: .color, 15: .luminosity,
  ]

  /// Notes each feature of the layer that is not drawn.
  private static func noteUnsupported(_ entry: LottieCursor, type: Double, context: LottieContext) {
    let warnings = context.warnings
    switch type {
    case 0, 1, 2, 3, 4, 5: break
    case 13: warnings.note("cameras are not applied", at: entry.jsonPath)
    case 6: warnings.note("audio layers are not played (a clip's sound is --audio)", at: entry.jsonPath)
    default: warnings.note("layers of type \(type.boundedWholeNumber.map(String.init) ?? "\(type)") are not drawn", at: entry.jsonPath)
    }
    if let blend = entry["bm"], let mode = try? blend.number(), mode == 16 {
      warnings.note("blend mode 16 (add) is drawn as normal, as Lottie's players draw it", at: blend.jsonPath)
    } else if let blend = entry["bm"], let mode = try? blend.number(), mode != 0, blendModes[mode.boundedWholeNumber ?? -1] == nil {
      warnings.note("blend mode \(mode.boundedWholeNumber.map(String.init) ?? "\(mode)") is not applied", at: blend.jsonPath)
    }
    if let depth = entry["ddd"], depth.flag {
      warnings.note("3D layers are drawn without perspective or camera, as Lottie's iOS player draws them", at: depth.jsonPath)
    }
  }
}
