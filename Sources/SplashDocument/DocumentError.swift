/// A problem in a document (a preset, a Lottie file): where it is, what was expected there and
/// what was found.
///
/// Rendered as one line a user can act on, the same for every front end:
///
///     presets/fuber.json5: layers[0].animations[1].duration: expected a number ≥ 0, found "fast"
///     anim.json: layers[3].ks.r.k[2].t: expected a frame number, found "12"
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as the user named it.
  public var file: String
  /// The JSON path of the offending value (`layers[2].animations[0].keyTimes`); empty for the
  /// whole document.
  public var path: String
  public var expected: String
  /// What was there instead, or `nil` when the problem is not a single value (e.g. a syntax error).
  public var found: String?
  /// For a syntax error, the line of the file where it is with a caret under its column (see
  /// `SourceExcerpt`); empty otherwise. Not part of `description`, which stays one line for
  /// reports and logs; `validate` prints these lines under it.
  public var excerpt: [String]

  public init(file: String, path: String, expected: String, found: String?, excerpt: [String] = []) {
    self.file = file
    self.path = path
    self.expected = expected
    self.found = found
    self.excerpt = excerpt
  }

  public var description: String {
    let location = path.isEmpty ? file : "\(file): \(path)"
    guard let found else { return "\(location): \(expected)" }
    // A question ("did you mean …?") ends the expectation itself.
    let separator = expected.hasSuffix("?") ? " " : ", "
    return "\(location): expected \(expected)\(separator)found \(found)"
  }
}
