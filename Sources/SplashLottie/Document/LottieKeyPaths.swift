import SplashCore
import SplashDocument

/// Colours, opacities and texts of a Lottie file set by key path, for files without slots:
/// `--param "Card.Group 1.Fill 1.Color=#0066FF"`, spelled as lottie-ios's value providers spell
/// them (`AnimationKeypath`): the names (`nm`) of a layer, the groups and items inside it, then
/// the property.
///
///     Card . Group 1 . Fill 1 . Color        a shape layer's group's fill
///     Card . ** . Color                      every colour anywhere in the layer
///     * . Transform . Opacity                every top-level layer's opacity
///     Title . Text                           a text layer's text
///
/// `*` matches one name, `**` any number (none included). A precomposition layer's names go on
/// into its composition's layers (which every layer showing that composition shares). The
/// properties: `Color`, `Opacity` and `Stroke Width` of fills, strokes and gradients (opacity
/// only), `Transform.Opacity` of a layer or a group, and `Text` of a text layer. A key path that
/// matches nothing is refused with the nearest one the file has.
enum LottieKeyPaths {
  /// What a key path sets.
  enum Property: String, CaseIterable {
    case color = "Color"
    case opacity = "Opacity"
    case strokeWidth = "Stroke Width"
    case text = "Text"
  }

  /// A settable property: its key path and where its value lies in the document.
  struct Target {
    var keyPath: [String]
    var property: Property
    /// Keys and indexes from the root to the property object (or, for a text, the text document).
    var location: [Location]
  }

  enum Location: Hashable {
    case key(String)
    case index(Int)
  }

  /// The most layers and shapes a key path is matched through: a precomposition shown by many
  /// layers, each showing many more, would otherwise multiply them beyond any file's size.
  static let maximumVisits = 200_000

  /// Every property of `root` a key path can set, each with its full key path, up to
  /// `maximumVisits` layers and shapes.
  static func targets(in root: JSONValue) -> [Target] {
    guard case .object(let members) = root, case .array(let layers)? = members["layers"] else { return [] }
    var compositions: [String: (index: Int, layers: [JSONValue])] = [:]
    if case .array(let assets)? = members["assets"] {
      for (index, asset) in assets.enumerated() {
        if case .object(let fields) = asset, case .string(let id)? = fields["id"], case .array(let list)? = fields["layers"] {
          compositions[id] = (index, list)
        }
      }
    }
    var targets: [Target] = []
    var visiting: Set<String> = []
    var visits = 0
    func visitLayers(_ layers: [JSONValue], at location: [Location], names: [String]) {
      for (index, layer) in layers.enumerated() {
        visits += 1
        guard visits <= maximumVisits, case .object(let fields) = layer else { continue }
        let name = Self.name(fields)
        let here = location + [.index(index)]
        let path = names + [name]
        if fields["ks"] != nil { add(path + ["Transform"], .opacity, here + [.key("ks"), .key("o")]) }
        if case .array(let shapes)? = fields["shapes"] { visitShapes(shapes, at: here + [.key("shapes")], names: path) }
        if case .object(let text)? = fields["t"], text["d"] != nil { add(path, .text, here + [.key("t"), .key("d")]) }
        // A precomposition's layers, once per chain (a composition showing itself is refused elsewhere).
        if case .string(let reference)? = fields["refId"], let composition = compositions[reference], !visiting.contains(reference) {
          visiting.insert(reference)
          visitLayers(composition.layers, at: [.key("assets"), .index(composition.index), .key("layers")], names: path)
          visiting.remove(reference)
        }
      }
    }
    func visitShapes(_ shapes: [JSONValue], at location: [Location], names: [String]) {
      for (index, shape) in shapes.enumerated() {
        visits += 1
        guard visits <= maximumVisits, case .object(let fields) = shape, case .string(let type)? = fields["ty"] else { continue }
        let here = location + [.index(index)]
        let path = names + [Self.name(fields)]
        switch type {
        case "gr":
          if case .array(let items)? = fields["it"] { visitShapes(items, at: here + [.key("it")], names: path) }
        case "tr":
          add(path, .opacity, here + [.key("o")])
        case "fl", "st":
          add(path, .color, here + [.key("c")])
          add(path, .opacity, here + [.key("o")])
          if type == "st" { add(path, .strokeWidth, here + [.key("w")]) }
        case "gf", "gs":
          add(path, .opacity, here + [.key("o")])
        default:
          break
        }
      }
    }
    func add(_ path: [String], _ property: Property, _ location: [Location]) {
      targets.append(Target(keyPath: path + [property.rawValue], property: property, location: location))
    }
    visitLayers(layers, at: [.key("layers")], names: [])
    return targets
  }

  /// Whether `pattern` (with `*` and `**`) matches `keyPath`.
  static func matches(_ pattern: ArraySlice<String>, _ keyPath: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return keyPath.isEmpty }
    if first == "**" {
      // None, or one more name and `**` again.
      return matches(pattern.dropFirst(), keyPath) || (!keyPath.isEmpty && matches(pattern, keyPath.dropFirst()))
    }
    guard let name = keyPath.first, first == "*" || first == name else { return false }
    return matches(pattern.dropFirst(), keyPath.dropFirst())
  }

  /// `root` with the properties `keyPath` names set to `text`.
  ///
  /// - Throws: `LottieSlotError` for a key path that matches nothing (naming the nearest) or a
  ///   value that does not fit its property.
  static func set(_ keyPath: String, to text: String, in root: JSONValue) throws(LottieSlotError) -> JSONValue {
    let pattern = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let targets = targets(in: root)
    let matched = targets.filter { matches(pattern[...], $0.keyPath[...]) }
    guard !matched.isEmpty else {
      let known = targets.map { $0.keyPath.joined(separator: ".") }
      let nearest = EditDistance.nearest(to: keyPath, among: known)
      throw LottieSlotError(
        name: keyPath,
        problem: known.isEmpty
          ? "the file has no slots, and no colours, opacities or texts a key path could name"
          : "no slot, and no colour, opacity or text at that key path" + (nearest.map { "; the nearest: \($0)" } ?? ""))
    }
    var result = root
    for target in matched {
      let value = try value(text, for: target.property, name: keyPath, current: Self.member(result, target.location))
      result = Self.replacing(result, at: target.location[...], with: value)
    }
    return result
  }

  /// The new property object (or text document) for `text`.
  private static func value(_ text: String, for property: Property, name: String, current: JSONValue?) throws(LottieSlotError)
    -> JSONValue
  {
    switch property {
    case .color:
      guard let color = ColorText.color(text) else {
        throw LottieSlotError(name: name, problem: "expected \(ColorText.expected)", found: text)
      }
      return LottieStaticValue.color(color)
    case .opacity, .strokeWidth:
      let range = property == .opacity ? 0.0...100.0 : 0.0...10_000.0
      guard PlainDecimal.matches(text, signed: true), let number = Double(text), range.contains(number) else {
        let expected = property == .opacity ? "an opacity from 0 to 100 (percent)" : "a stroke width from 0 to 10000"
        throw LottieSlotError(name: name, problem: "expected \(expected)", found: text)
      }
      return LottieStaticValue.number(number)
    case .text:
      guard case .object(let document)? = current, var replaced = LottieStaticValue.text(text, in: document) else {
        throw LottieSlotError(name: name, problem: "the text layer holds no text document to set")
      }
      // Set here, the text no longer follows a slot.
      replaced["sid"] = nil
      return .object(replaced)
    }
  }

  private static func name(_ fields: [String: JSONValue]) -> String {
    if case .string(let name)? = fields["nm"] { return name }
    return ""
  }

  private static func member(_ value: JSONValue, _ location: [Location]) -> JSONValue? {
    var current: JSONValue? = value
    for step in location {
      switch (current, step) {
      case (.object(let members)?, .key(let key)): current = members[key]
      case (.array(let elements)?, .index(let index)): current = index < elements.count ? elements[index] : nil
      default: return nil
      }
    }
    return current
  }

  private static func replacing(_ value: JSONValue, at location: ArraySlice<Location>, with new: JSONValue) -> JSONValue {
    guard let step = location.first else { return new }
    switch (value, step) {
    case (.object(var members), .key(let key)):
      members[key] = replacing(members[key] ?? .null, at: location.dropFirst(), with: new)
      return .object(members)
    case (.array(var elements), .index(let index)) where index < elements.count:
      elements[index] = replacing(elements[index], at: location.dropFirst(), with: new)
      return .array(elements)
    default:
      return value
    }
  }
}
