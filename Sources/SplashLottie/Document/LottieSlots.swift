import SplashCore
import SplashDocument

/// A slot of a Lottie file: a value its author left to be set (the Lottie specification's
/// `slots`, named by `sid` on the properties that take it), which `--param ID=VALUE` sets.
public struct LottieSlot: Sendable, Hashable {
  /// What a slot holds, told by the properties that use it.
  public enum Kind: String, Sendable, Hashable {
    /// A fill's or a stroke's colour (`c`): `--param brand=#FF6600`.
    case color
    /// A number: an opacity (`o`, 0 to 100), a stroke width (`w`), a rotation (`r`).
    case number
    /// A text layer's text (its document `d`): `--param title="Hello"`.
    case text
    /// Anything else (a position, a size, an image): drawn as the file gives it, not set here.
    case other
  }

  public var id: String
  public var kind: Kind
  /// The slot's value as `--param` writes it, when it does not animate: `#FF6600`, `50`, a text.
  public var defaultText: String?
}

/// The slots of a Lottie file, and the file with them filled in.
///
/// A property that names a slot takes the slot's value: its members are replaced by those of
/// the slot's `p`, as lottie-web's `SlotManager.getProp` does (`Object.assign(data,
/// slots[sid].p)`), ThorVG and dotLottie's players likewise. `--param ID=VALUE` sets the
/// slot's value first, so every property that names it changes together:
///
///     "slots": { "brand": { "p": { "a": 0, "k": [1, 0.4, 0, 1] } } }
///     … { "ty": "fl", "c": { "sid": "brand", "a": 0, "k": [0, 0, 0, 1] } } …
///     --param brand=#0066FF  →  every fill naming "brand" is blue
public enum LottieSlots {
  /// The slots `document` declares, in the order of their ids, each of the kind the first
  /// property naming it says (a slot no property names is `other`: nothing draws it).
  public static func slots(in document: JSONValue) -> [LottieSlot] {
    guard case .object(let root) = document, case .object(let declared)? = root["slots"] else { return [] }
    var kinds: [String: LottieSlot.Kind] = [:]
    visitProperties(document) { slotID, key in
      if kinds[slotID] == nil { kinds[slotID] = kind(ofPropertyAt: key) }
    }
    return declared.keys.sorted().map { id in
      let kind = kinds[id] ?? .other
      return LottieSlot(id: id, kind: kind, defaultText: defaultText(of: declared[id], kind: kind))
    }
  }

  /// `document` with every property that names a slot given the slot's value, after
  /// `overrides` (slot id → value as `--param` writes it) set the slots' values.
  ///
  /// - Throws: `LottieSlotError` for an id the file has no slot of (naming the nearest), a
  ///   slot of a kind `--param` does not set, or a value that does not fit the slot.
  public static func resolved(_ document: JSONValue, overrides: [String: String]) throws(LottieSlotError) -> JSONValue {
    guard case .object(var root) = document else { return document }
    var declared: [String: JSONValue] = [:]
    if case .object(let slots)? = root["slots"] { declared = slots }
    let slots = Dictionary(uniqueKeysWithValues: Self.slots(in: document).map { ($0.id, $0) })
    var keyPaths: [(String, String)] = []
    for (name, text) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let slot = slots[name] else {
        // Not a slot: a key path names what it sets through the layers' names.
        if name.contains(".") {
          keyPaths.append((name, text))
          continue
        }
        let ids = slots.keys.sorted()
        guard !ids.isEmpty else {
          throw LottieSlotError(
            name: name,
            problem: "the file has no slots; name a colour, an opacity or a text by key path, such as \"Layer.Group 1.Fill 1.Color\"")
        }
        throw LottieSlotError(
          name: name,
          problem: "the file has no slot of that name; its slots are \(ids.joined(separator: ", "))"
            + (EditDistance.nearest(to: name, among: ids).map { " (the nearest: \($0))" } ?? ""))
      }
      declared[name] = try filled(declared[name] ?? .null, slot: slot, with: text)
    }
    var resolved = document
    if !declared.isEmpty {
      root["slots"] = .object(declared)
      resolved = substituted(.object(root), slots: declared)
    }
    // After the slots: a key path names a property itself, whatever slot it took its value from.
    for (keyPath, text) in keyPaths { resolved = try LottieKeyPaths.set(keyPath, to: text, in: resolved) }
    return resolved
  }

  /// Every property object that names a slot (`sid`), with the key it sits under.
  private static func visitProperties(_ value: JSONValue, key: String = "", _ visit: (String, String) -> Void) {
    switch value {
    case .object(let members):
      if case .string(let slotID)? = members["sid"] { visit(slotID, key) }
      for (member, child) in members where member != "slots" { visitProperties(child, key: member, visit) }
    case .array(let elements):
      for element in elements { visitProperties(element, key: key, visit) }
    default:
      break
    }
  }

  /// The kind of the property under `key`: what a shape's, a layer's and a text layer's
  /// properties hold under these keys.
  private static func kind(ofPropertyAt key: String) -> LottieSlot.Kind {
    switch key {
    case "c": .color
    case "o", "w", "r", "sw": .number
    case "d": .text
    default: .other
    }
  }

  /// The slot's value as `--param` would write it, or `nil` when it animates or is unreadable.
  private static func defaultText(of slot: JSONValue?, kind: LottieSlot.Kind) -> String? {
    guard case .object(let members)? = slot, case .object(let property)? = members["p"], let value = property["k"] else { return nil }
    switch (kind, value) {
    case (.color, .array(let components)):
      let numbers = components.compactMap { if case .number(let number) = $0 { number } else { nil } }
      guard numbers.count >= 3, numbers.count == components.count else { return nil }
      let color = Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count > 3 ? numbers[3] : 1)
      return color.isOpaque ? String(color.description.prefix(7)) : color.description
    case (.number, .number(let number)):
      return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case (.text, .array(let keyframes)):
      guard case .object(let first)? = keyframes.first, case .object(let document)? = first["s"], case .string(let text)? = document["t"]
      else { return nil }
      return text
    default:
      return nil
    }
  }

  /// The slot declaration `slot` holding `text` as its value, for a slot of `slot.kind`.
  private static func filled(_ declaration: JSONValue, slot: LottieSlot, with text: String) throws(LottieSlotError) -> JSONValue {
    guard case .object(var members) = declaration else { return declaration }
    var property: [String: JSONValue] = [:]
    if case .object(let existing)? = members["p"] { property = existing }
    switch slot.kind {
    case .color:
      guard let color = ColorText.color(text) else {
        throw LottieSlotError(name: slot.id, problem: "expected \(ColorText.expected)", found: text)
      }
      members["p"] = LottieStaticValue.color(color)
    case .number:
      guard PlainDecimal.matches(text, signed: true), let number = Double(text) else {
        throw LottieSlotError(name: slot.id, problem: "expected a number", found: text)
      }
      members["p"] = LottieStaticValue.number(number)
    case .text:
      guard let document = LottieStaticValue.text(text, in: property) else {
        throw LottieSlotError(name: slot.id, problem: "the slot holds no text document to set")
      }
      members["p"] = .object(document)
    case .other:
      throw LottieSlotError(
        name: slot.id,
        problem: "a slot of this kind (not a colour, a number or a text) is drawn as the file gives it; it is not set by --param")
    }
    return .object(members)
  }

  /// `value` with each property naming a declared slot replaced, member by member, by the
  /// slot's `p`.
  private static func substituted(_ value: JSONValue, slots: [String: JSONValue]) -> JSONValue {
    switch value {
    case .object(var members):
      for (key, child) in members where key != "slots" { members[key] = substituted(child, slots: slots) }
      if case .string(let slotID)? = members["sid"], case .object(let slot)? = slots[slotID], case .object(let property)? = slot["p"] {
        for (key, member) in property { members[key] = member }
      }
      return .object(members)
    case .array(let elements):
      return .array(elements.map { substituted($0, slots: slots) })
    default:
      return value
    }
  }
}

/// A `--param` a Lottie file's slots refuse: the name given, what is wrong, and the value found.
public struct LottieSlotError: Error, Sendable, Equatable, CustomStringConvertible {
  public var name: String
  public var problem: String
  public var found: String?

  public init(name: String, problem: String, found: String? = nil) {
    self.name = name
    self.problem = problem
    self.found = found
  }

  public var description: String { "\(name): \(problem)" + (found.map { ", found \"\($0)\"" } ?? "") }
}
