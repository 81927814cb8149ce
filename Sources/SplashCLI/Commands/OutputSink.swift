import SplashPipeline

/// A sink whose file is finished in two steps, so several outputs of one render appear
/// together: `complete()` makes every file whole under its temporary name, `commit()` moves
/// it into place. A render that fails before every output is complete leaves none of them.
protocol OutputSink: FrameSink {
  /// Makes the output whole without putting it in place.
  func complete() throws
  /// Puts the completed output in place.
  func commit() throws
  /// Removes whatever was written; the destination stays as it was.
  func abandon()
}

extension OutputSink {
  func finish() throws {
    try complete()
    try commit()
  }
}
