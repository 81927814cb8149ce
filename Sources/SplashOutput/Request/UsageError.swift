/// A request that cannot be carried out as asked: an option, a manifest row, or a job built in
/// code. The command line reports it on one line with a hint, exit code 64.
public struct UsageError: Error, Sendable, CustomStringConvertible, Equatable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
