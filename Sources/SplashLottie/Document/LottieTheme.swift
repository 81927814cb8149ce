import SplashCore
import SplashDocument

/// A dotLottie theme (`t/ID.json` in a version 2 archive): rules that give a file's slots
/// other values, as players apply a theme.
///
///     { "rules": [
///         { "id": "brand", "type": "Color", "value": [0.12, 0.53, 0.9] },
///         { "id": "spin", "type": "Scalar", "animations": ["badge"],
///           "keyframes": [{ "frame": 0, "value": 0 }, { "frame": 30, "value": 360, "hold": true }] },
///         { "id": "caption", "type": "Text", "value": { "text": "Ready" } } ] }
///
/// A rule names a slot by `id` (dotLottie's theming specification; `slotId` in earlier drafts),
/// says the value's `type`, and gives a `value` or `keyframes` (`frame`, `value`, optional
/// `inTangent`, `outTangent` and `hold`). `animations` limits it to those animations of the
/// archive. A rule's value replaces the slot's own (`slots.ID.p`), so every property naming
/// the slot takes it; `--param` set after the theme wins over it.
///
/// Colour, Scalar, Position, Vector and Text rules are applied. Gradient and Image rules, and
/// rules with an `expression`, are not: each is named in a warning, never silently dropped.
public struct LottieTheme: Sendable {
  /// A rule applied to a slot: its id, and what it puts there.
  struct Rule: Sendable {
    enum Value: Sendable {
      /// A Lottie property (`{a, k}`) that replaces the slot's.
      case property(JSONValue)
      /// A text that replaces the text of the slot's own document, keeping its font and size.
      case text(String)
    }

    var slotID: String
    var value: Value
    /// The animations it applies to; `nil` for all.
    var animations: [String]?
  }

  public let id: String
  let rules: [Rule]
  /// What the theme holds that is not applied, as warnings (`rules[2]: a Gradient rule …`).
  public let unapplied: [String]

  /// Reads a theme file's parsed JSON.
  ///
  /// - Parameter file: the name in messages (`a.lottie: t/dark.json`).
  /// - Throws: `DocumentError` with the JSON path of the first rule that cannot be read.
  public init(_ json: JSONValue, id: String, file: String) throws {
    self.id = id
    func problem(_ path: String, _ expected: String, _ found: JSONValue?) -> DocumentError {
      DocumentError(file: file, path: path, expected: expected, found: found?.summary ?? "nothing")
    }
    guard case .object(let root) = json, case .array(let entries)? = root["rules"] else {
      throw problem("rules", "an array of theme rules", (json.objectMembers)?["rules"])
    }
    var rules: [Rule] = []
    var unapplied: [String] = []
    for (index, entry) in entries.enumerated() {
      let path = "rules[\(index)]"
      guard case .object(let fields) = entry else { throw problem(path, "a rule object", entry) }
      guard case .string(let slotID)? = fields["id"] ?? fields["slotId"], !slotID.isEmpty else {
        throw problem("\(path).id", "the id of the slot the rule sets", fields["id"] ?? fields["slotId"])
      }
      guard case .string(let type)? = fields["type"] else {
        throw problem("\(path).type", "a rule type (Color, Scalar, Position, Vector, Text, Gradient or Image)", fields["type"])
      }
      var animations: [String]?
      if case .array(let listed)? = fields["animations"] {
        animations = listed.compactMap { if case .string(let name) = $0 { name } else { nil } }
      }
      if fields["expression"] != nil {
        unapplied.append("\(path) (slot \(slotID)): a rule with an expression is not applied; the slot keeps its own value")
        continue
      }
      switch type.lowercased() {
      case "color", "scalar", "position", "vector":
        let property = try Self.property(fields, type: type.lowercased(), path: path, problem: problem)
        rules.append(Rule(slotID: slotID, value: .property(property), animations: animations))
      case "text":
        var text: String?
        switch fields["value"] {
        case .string(let value)?: text = value
        case .object(let document)?:
          if case .string(let value)? = document["text"] ?? document["t"] { text = value }
        default: break
        }
        guard let text else {
          if fields["keyframes"] != nil {
            unapplied.append("\(path) (slot \(slotID)): a Text rule with keyframes is not applied; the slot keeps its own text")
            continue
          }
          throw problem("\(path).value", "a text, or a text document with \"text\"", fields["value"])
        }
        rules.append(Rule(slotID: slotID, value: .text(text), animations: animations))
      case "gradient", "image":
        unapplied.append("\(path) (slot \(slotID)): a \(type) rule is not applied; the slot keeps its own value")
      default:
        throw problem("\(path).type", "a rule type (Color, Scalar, Position, Vector, Text, Gradient or Image)", .string(type))
      }
    }
    self.rules = rules
    self.unapplied = unapplied
  }

  /// The Lottie property a Color, Scalar, Position or Vector rule gives its slot.
  private static func property(
    _ fields: [String: JSONValue], type: String, path: String,
    problem: (String, String, JSONValue?) -> DocumentError
  ) throws -> JSONValue {
    let expected =
      switch type {
      case "color": "a colour as 3 or 4 numbers from 0 to 1"
      case "scalar": "a number"
      default: "a point as 2 or 3 numbers"
      }
    /// The value as Lottie keeps it: numbers in an array, a colour with alpha.
    func components(_ value: JSONValue?, at path: String) throws -> JSONValue {
      switch (type, value) {
      case ("scalar", .number?): return .array([value!])
      case ("scalar", .array(let numbers)?) where numbers.count == 1: return .array(numbers)
      case (_, .array(let numbers)?) where type != "scalar":
        let values = numbers.compactMap { if case .number(let number) = $0, number.isFinite { number } else { nil } }
        let counts = type == "color" ? 3...4 : 2...3
        guard values.count == numbers.count, counts.contains(values.count),
          type != "color" || values.allSatisfy({ (0...1).contains($0) })
        else { throw problem(path, expected, value) }
        return .array((type == "color" && values.count == 3 ? values + [1] : values).map(JSONValue.number))
      default:
        throw problem(path, expected, value)
      }
    }
    if case .array(let keyframes)? = fields["keyframes"] {
      guard !keyframes.isEmpty else { throw problem("\(path).keyframes", "at least one keyframe", fields["keyframes"]) }
      var lottieKeyframes: [JSONValue] = []
      for (index, keyframe) in keyframes.enumerated() {
        let keyPath = "\(path).keyframes[\(index)]"
        guard case .object(let frame) = keyframe, case .number(let time)? = frame["frame"], time.isFinite else {
          throw problem("\(keyPath).frame", "a frame number", (keyframe.objectMembers)?["frame"])
        }
        var lottie: [String: JSONValue] = ["t": .number(time), "s": try components(frame["value"], at: "\(keyPath).value")]
        // Without tangents, linear, as the theming specification's players ease by default.
        lottie["o"] = frame["outTangent"] ?? .object(["x": .array([.number(0)]), "y": .array([.number(0)])])
        lottie["i"] = frame["inTangent"] ?? .object(["x": .array([.number(1)]), "y": .array([.number(1)])])
        if case .bool(true)? = frame["hold"] { lottie["h"] = .number(1) }
        lottieKeyframes.append(.object(lottie))
      }
      return .object(["a": .number(1), "k": .array(lottieKeyframes)])
    }
    let value = try components(fields["value"], at: "\(path).value")
    // A scalar that does not animate is a bare number in Lottie.
    if type == "scalar", case .array(let numbers) = value { return .object(["a": .number(0), "k": numbers[0]]) }
    return .object(["a": .number(0), "k": value])
  }

  /// `document` with the theme's rules for `animation` (an archive's animation id) set as its
  /// slots' values; rules for slots the document does not declare are left out, as players
  /// leave them.
  public func applied(to document: JSONValue, animation: String?) -> JSONValue {
    guard case .object(var root) = document, case .object(var slots)? = root["slots"] else { return document }
    for rule in rules {
      if let animations = rule.animations, let animation, !animations.contains(animation) { continue }
      guard case .object(var slot)? = slots[rule.slotID] else { continue }
      switch rule.value {
      case .property(let property):
        slot["p"] = property
      case .text(let text):
        guard case .object(let existing)? = slot["p"], let document = LottieStaticValue.text(text, in: existing) else { continue }
        slot["p"] = .object(document)
      }
      slots[rule.slotID] = .object(slot)
    }
    root["slots"] = .object(slots)
    return .object(root)
  }
}

extension JSONValue {
  /// The members of an object; `nil` for anything else.
  fileprivate var objectMembers: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }
}
