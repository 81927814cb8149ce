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
  /// The mistakes `reportedOnce` has let through, by what was expected and found.
  private var reportedMistakes: Set<String> = []

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
    } catch is RepeatedProblem where mode == .collect {
      return nil
    }
  }

  /// Reads an optional member through `body` when it is present, as `attempt` does.
  func read(_ member: JSONCursor?, _ body: (JSONCursor) throws -> Void) throws {
    guard let member else { return }
    _ = try attempt { try body(member) }
  }

  /// `error` the first time the same mistake (what was expected, what was found) is made in
  /// the preset, `RepeatedProblem` after that, so collect mode reports it once: for mistakes
  /// that are copied rather than made afresh, such as an unknown key path in every layer.
  func reportedOnce(_ error: PresetError) -> any Error {
    guard mode == .collect else { return error }
    return reportedMistakes.insert("\(error.expected)\u{0}\(error.found ?? "")").inserted ? error : RepeatedProblem()
  }
}

/// A mistake already reported in another place of the preset; collect mode drops it.
struct RepeatedProblem: Error {}
