/// What one engine may use: scripts come from documents, which are untrusted input.
public struct ScriptLimits: Sendable {
  /// Bytes the engine's heap may hold in all, Duktape's own objects included (some 100 KiB).
  public var memoryBytes: Int
  /// Seconds of the calling thread's processor time (not of the wall clock, so a loaded
  /// machine does not stop scripts an idle one finishes) each `run(_:name:)` and
  /// `call(_:_:)` may take, host functions and the runs and
  /// calls nested in them included (checked every 256 Ki instructions, so a few milliseconds
  /// late; native work such as one huge `Array.prototype.join` is not interrupted). NaN stops
  /// every script at once.
  public var secondsPerCall: Double

  public init(memoryBytes: Int = 64 << 20, secondsPerCall: Double = 0.25) {
    self.memoryBytes = memoryBytes
    self.secondsPerCall = secondsPerCall
  }
}
