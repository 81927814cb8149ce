/// What `validate` reports of one preset: the problems that stop it compiling and the
/// warnings about what compiles but is almost surely a mistake.
public struct PresetCheck: Sendable {
  /// Problems, in document order; empty when the preset compiles.
  public var problems: [PresetError]
  /// Warnings, in document order: each names the value and says why it is suspect
  /// (`PresetError.expected` holds the whole message, `found` is `nil`).
  public var warnings: [PresetError]
}
