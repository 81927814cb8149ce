/// A mistake on the command line; reported on one line with a hint, exit code 64.
public struct UsageError: Error, Sendable, CustomStringConvertible, Equatable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
