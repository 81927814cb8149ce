import SplashEncode

/// A writer whose unfinished file can be given up at once: what a failed render does with
/// every output it opened, whatever their kind.
protocol AbandonableWriter: AnyObject {
  /// Removes the temporary file now; the destination stays as it was.
  func abandon()
}

extension VideoWriter: AbandonableWriter {}
extension GIFWriter: AbandonableWriter {}
