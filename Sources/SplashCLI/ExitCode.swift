/// The process exit codes splashvid uses.
public enum ExitCode: Int32 {
  case success = 0
  /// The work failed: a bad preset, an encoder error, an unwritable output.
  case failure = 1
  /// The command line was wrong (`EX_USAGE` from sysexits.h).
  case usage = 64
  /// Stopped by SIGINT, SIGTERM or SIGHUP; nothing was left behind.
  case interrupted = 130
}
