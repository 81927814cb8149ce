/// Decides what a preset problem does: stop compiling (`render`) or be noted so that every
/// problem of a file is reported in one go (`validate`).
final class IssueCollector {
  enum Mode {
    /// The first problem is thrown.
    case abort
    /// Problems are collected; compiling carries on with defaults where a value was bad.
    case collect
  }

  let mode: Mode
  private(set) var issues: [PresetError] = []
  /// Things that compile but are almost surely not what the author meant (a shape that draws
  /// nothing), in document order; `validate` prints them.
  private(set) var warnings: [PresetError] = []

  init(mode: Mode) {
    self.mode = mode
  }

  /// Runs `body`; in collect mode a `PresetError` it throws is recorded and `nil` returned.
  func attempt<Result>(_ body: () throws -> Result) throws -> Result? {
    do {
      return try body()
    } catch let error as PresetError where mode == .collect {
      issues.append(error)
      return nil
    }
  }

  /// Reads an optional member through `body` when it is present, as `attempt` does.
  func read(_ member: JSONCursor?, _ body: (JSONCursor) throws -> Void) throws {
    guard let member else { return }
    _ = try attempt { try body(member) }
  }

  /// Notes a warning (never stops compiling).
  func warn(_ warning: PresetError) {
    warnings.append(warning)
  }
}
