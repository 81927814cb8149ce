/// Decides what a preset problem does: stop compiling (`render`) or be noted so that every
/// problem of a file is reported in one go (`validate`).
///
/// Problems are reported where the user wrote what caused them: a problem the compiler finds
/// in a member a definition supplied is shown at the use and the definition (`expandedPaths`),
/// and reported once however many uses repeat it.
final class IssueCollector {
  enum Mode {
    /// The first problem is thrown.
    case abort
    /// Problems are collected; compiling carries on with defaults where a value was bad.
    case collect
  }

  let mode: Mode
  /// Where the members of the document being compiled were written; set once its uses of
  /// definitions are expanded.
  var expandedPaths = ExpandedPaths()
  /// The problems as shown to the user, in the order found.
  private(set) var issues: [PresetError] = []
  /// Things that compile but are almost surely not what the author meant (a shape that draws
  /// nothing), in document order, each once; `validate` prints them.
  private(set) var warnings: [PresetError] = []
  private var warnedSources: Set<PresetError> = []
  /// The same problems at their paths in the file's own text (inside a definition, the
  /// definition's path), which is what tells two problems apart.
  private(set) var issuesInSource: [PresetError] = []
  private var recordedSources: Set<PresetError> = []
  /// The mistakes `reportedOnce` has let through, by what was expected and found.
  private var reportedMistakes: Set<String> = []

  init(mode: Mode) {
    self.mode = mode
  }

  /// Runs `body`; in collect mode a problem it throws is recorded and `nil` returned.
  func attempt<Result>(_ body: () throws -> Result) throws -> Result? {
    do {
      return try body()
    } catch let error as PresetError where mode == .collect {
      if let placed = expandedPaths.place(error) { record(shown: placed.shown, source: placed.source) }
      return nil
    } catch let problem as DefinitionProblem where mode == .collect {
      record(shown: problem.shown, source: problem.source)
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

  /// Notes a warning (never stops compiling), placed where it was written, as problems are;
  /// a definition used many times warns once.
  func warn(_ warning: PresetError) {
    guard let placed = expandedPaths.place(warning), warnedSources.insert(placed.source).inserted else { return }
    warnings.append(placed.shown)
  }

  /// `error` the first time the same mistake (what was expected, what was found) is made in
  /// the preset, `RepeatedProblem` after that, so collect mode reports it once: for mistakes
  /// that are copied rather than made afresh, such as an unknown key path in every layer.
  func reportedOnce(_ error: PresetError) -> any Error {
    guard mode == .collect else { return error }
    return reportedMistakes.insert("\(error.expected)\u{0}\(error.found ?? "")").inserted ? error : RepeatedProblem()
  }

  /// A problem thrown out of the compile as the user should see it: a `PresetError` at the
  /// place it was written.
  func shown(_ error: any Error) -> any Error {
    switch error {
    case let error as PresetError: expandedPaths.place(error)?.shown ?? error
    case let problem as DefinitionProblem: problem.shown
    case let limit as ExpansionLimitExceeded: limit.error
    default: error
    }
  }

  private func record(shown: PresetError, source: PresetError) {
    guard recordedSources.insert(source).inserted else { return }
    issues.append(shown)
    issuesInSource.append(source)
  }
}

/// A mistake already reported in another place of the preset; collect mode drops it.
struct RepeatedProblem: Error {}
