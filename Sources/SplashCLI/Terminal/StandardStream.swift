import SplashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, written with `write(2)`; a failed write is ignored.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails, so a closed stderr, a full
/// disk under `2>log` or a reader that went away (`| head -c 50`) killed splashvid mid-render
/// and left its temporary file behind. A message that cannot be shown is not worth the
/// output it reports on: the command goes on, cleans up and exits with its own code.
public enum StandardStream {
  case output, error

  var descriptor: Int32 {
    switch self {
    case .output: STDOUT_FILENO
    case .error: STDERR_FILENO
    }
  }

  /// Writes `text` as it is (help text, JSON, a progress bar's carriage return).
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          // EPIPE, ENOSPC, EBADF, EIO…: nobody can read this; the command's outcome stands.
          return
        }
      }
    }
  }

  /// Writes `line` as one line: its control characters escaped, then a newline.
  public func writeLine(_ line: String) {
    write(Self.oneLine(line) + "\n")
  }

  /// `text` with every control and format character escaped, so that a name holding a newline,
  /// an escape sequence or a bidirectional override cannot split a message, drive the terminal
  /// or reorder what it shows: `\n`, `\t`, and `\xNN` for the UTF-8 bytes of other C0 and C1
  /// controls and DEL (as `RawArguments` shows bytes; `$'\xNN'` in a shell gives the name
  /// back), `\u{202E}` for format characters and line separators
  /// (`Unicode.Scalar.needsVisibleEscape`; `$'\u202E'` in a shell). Backslashes stay as they
  /// are, so messages that already show bytes as `\xNN` are not escaped twice.
  ///
  /// Every line splashvid prints (`wrote …`, errors, warnings, a batch's progress and summary)
  /// goes through here.
  public static func oneLine(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        for byte in String(scalar).utf8 {
          let hex = String(byte, radix: 16)
          result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
      case _ where scalar.needsVisibleEscape: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Opens `/dev/null` on standard input, output or error when the process started with one
  /// of them closed (`2>&-`).
  ///
  /// Otherwise the first file splashvid opens would get descriptor 1 or 2, and messages or
  /// progress lines would be written into an output video. Call it before anything opens a
  /// file.
  public static func openClosedDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDWR)
      guard opened >= 0 else { continue }
      if opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
