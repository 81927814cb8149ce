import SplashCore

/// The value of a fixed layer property as a preset writes it and `inspect` prints it.
public enum FixedLayerValue: Sendable, Hashable {
  case flag(Bool)
  case number(Double)
  /// A string, or an enumeration's case by its raw value.
  case text(String)
  /// No value (a layer without `contents`).
  case absent

  /// How a fixed property's value is written.
  public enum Kind: Sendable, Hashable {
    case flag, number, text
  }
}

/// A Swift type a fixed layer property holds, with its `FixedLayerValue` form both ways.
public protocol FixedLayerValueRepresentable: Sendable {
  /// How values of the type are written.
  static var fixedKind: FixedLayerValue.Kind { get }
  /// The only texts a value may be, for a type of a few named cases; `nil` for any.
  static var choices: [String]? { get }
  var fixedValue: FixedLayerValue { get }
  /// The value `fixedValue` stands for, or `nil` when it is not one of the type's.
  init?(fixedValue: FixedLayerValue)
}

extension FixedLayerValueRepresentable {
  public static var choices: [String]? { nil }
}

extension Bool: FixedLayerValueRepresentable {
  public static var fixedKind: FixedLayerValue.Kind { .flag }
  public var fixedValue: FixedLayerValue { .flag(self) }
  public init?(fixedValue: FixedLayerValue) {
    guard case .flag(let flag) = fixedValue else { return nil }
    self = flag
  }
}

extension Double: FixedLayerValueRepresentable {
  public static var fixedKind: FixedLayerValue.Kind { .number }
  public var fixedValue: FixedLayerValue { .number(self) }
  public init?(fixedValue: FixedLayerValue) {
    guard case .number(let number) = fixedValue else { return nil }
    self = number
  }
}

extension Int: FixedLayerValueRepresentable {
  public static var fixedKind: FixedLayerValue.Kind { .number }
  public var fixedValue: FixedLayerValue { .number(Double(self)) }
  public init?(fixedValue: FixedLayerValue) {
    guard case .number(let number) = fixedValue, let whole = Int(exactly: number) else { return nil }
    self = whole
  }
}

extension String: FixedLayerValueRepresentable {
  public static var fixedKind: FixedLayerValue.Kind { .text }
  public var fixedValue: FixedLayerValue { .text(self) }
  public init?(fixedValue: FixedLayerValue) {
    guard case .text(let text) = fixedValue else { return nil }
    self = text
  }
}

/// No value is `absent` (a layer without contents has no image path).
extension Optional: FixedLayerValueRepresentable where Wrapped: FixedLayerValueRepresentable {
  public static var fixedKind: FixedLayerValue.Kind { Wrapped.fixedKind }
  public static var choices: [String]? { Wrapped.choices }
  public var fixedValue: FixedLayerValue { map(\.fixedValue) ?? .absent }
  public init?(fixedValue: FixedLayerValue) {
    if case .absent = fixedValue {
      self = .none
    } else if let value = Wrapped(fixedValue: fixedValue) {
      self = .some(value)
    } else {
      return nil
    }
  }
}

/// An enumeration written by its cases' names (`lineCap: "round"`).
public protocol FixedLayerChoice: FixedLayerValueRepresentable, RawRepresentable, CaseIterable where RawValue == String {}

extension FixedLayerChoice {
  public static var fixedKind: FixedLayerValue.Kind { .text }
  public static var choices: [String]? { allCases.map(\.rawValue) }
  public var fixedValue: FixedLayerValue { .text(rawValue) }
  public init?(fixedValue: FixedLayerValue) {
    guard case .text(let text) = fixedValue else { return nil }
    self.init(rawValue: text)
  }
}

extension FillRule: FixedLayerChoice {}
extension LineCap: FixedLayerChoice {}
extension LineJoin: FixedLayerChoice {}
extension TextStyle.Alignment: FixedLayerChoice {}
extension GradientStyle.Kind: FixedLayerChoice {}
extension LayerContents.Gravity: FixedLayerChoice {}
extension BlendMode: FixedLayerChoice {}
extension TextStyle.VerticalPlacement: FixedLayerChoice {}
extension MaskMode: FixedLayerChoice {}

/// A colour written `"#RRGGBBAA"`, as `inspect` prints colours (`"#RRGGBB"` is opaque).
extension Color: FixedLayerValueRepresentable {
  public static var fixedKind: FixedLayerValue.Kind { .text }
  public var fixedValue: FixedLayerValue { .text(description) }
  public init?(fixedValue: FixedLayerValue) {
    guard case .text(let text) = fixedValue, text.hasPrefix("#"), text.count == 7 || text.count == 9,
      let bits = UInt32(text.dropFirst(), radix: 16)
    else { return nil }
    let rgba = text.count == 7 ? bits << 8 | 0xFF : bits
    func component(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
    self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
  }
}
