import Foundation
import SplashCairo
import SplashEncode
import SplashOutput
import SplashPipeline

/// The command-line entry point: parses, runs a command, and maps errors to exit codes.
public enum SplashCommandLine {
  /// Runs splashvid with `arguments` (without the program name) and returns the exit code.
  ///
  /// Usage errors are found before anything touches the disk, so a mistyped command never
  /// leaves a file behind.
  public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
    // A write beyond a file-size limit should fail (and be reported, and cleaned up), not kill
    // the process and leave a half-written temporary file.
    signal(SIGXFSZ, SIG_IGN)
    // Likewise a closed pipe on stdout or stderr (`splashvid presets | head -1`): the write fails,
    // and the command goes on to clean up rather than vanish.
    signal(SIGPIPE, SIG_IGN)
    // Every message and every line of a listing is one line on the terminal, whatever a name
    // holds; a failed write is ignored rather than fatal (`StandardStream`).
    func log(_ line: String) { StandardStream.error.writeLine(line) }
    func say(_ line: String) { StandardStream.output.writeLine(line) }

    let command: String
    var rest = arguments
    if let first = arguments.first, !first.hasPrefix("-") {
      command = first
      rest.removeFirst()
    } else {
      command = "render"
    }
    if arguments.contains("--help") || arguments.contains("-h") || command == "help" {
      StandardStream.output.write(HelpText.usage + "\n")
      return ExitCode.success.rawValue
    }
    if arguments == ["--version"] {
      say(
        "splashvid \(SplashvidVersion.current) (cairo \(RenderLibraryVersions.cairo), pango \(RenderLibraryVersions.pango), "
          + "FFmpeg \(EncodeLibraryVersions.ffmpeg), libx264 \(EncodeLibraryVersions.hasH264Encoder ? "available" : "missing"))")
      return ExitCode.success.rawValue
    }

    // Every command traps SIGINT, SIGTERM and SIGHUP; render and batch wind down between frames,
    // preview stops its server, the others (one still, one sheet) exit at once, removing what
    // they had begun to write.
    let cancellation = CancellationFlag()
    SignalTrap.install(cancelling: ["render", "batch", "preview"].contains(command) ? cancellation : nil)
    do {
      switch command {
      case "render":
        let command = try RenderCommand(rest)
        try command.run(environment: environment, cancellation: cancellation, log: log)
      case "still":
        try StillCommand(rest).run(environment: environment, log: log)
      case "batch":
        let command = try BatchCommand(rest, environment: environment)
        return try command.run(environment: environment, cancellation: cancellation, log: log)
      case "sheet":
        try SheetCommand(rest).run(environment: environment, log: log)
      case "preview":
        try PreviewCommand(rest).run(
          environment: environment, cancellation: cancellation, say: { say($0) }, log: { StandardStream.error.writeLine($0) })
      case "validate":
        let valid = try ValidateCommand(rest).run(environment: environment) { say($0) }
        return valid ? ExitCode.success.rawValue : ExitCode.failure.rawValue
      case "presets":
        try PresetsCommand(rest).run(environment: environment) { say($0) }
      case "bench":
        try BenchCommand(rest).run(environment: environment) { say($0) }
      case "__bench-phase":
        try BenchPhase(rest).run(environment: environment)
      case "probe":
        try ProbeCommand(rest).run { say($0) }
      case "inspect":
        try InspectCommand(rest).run(environment: environment) {
          // JSON: its own line breaks are layout, and it escapes what strings hold.
          StandardStream.output.write($0 + "\n")
        }
      default:
        throw UsageError("unknown command '\(command)'")
      }
      return ExitCode.success.rawValue
    } catch is PipelineCancelled {
      log("splashvid: interrupted; nothing was written")
      return ExitCode.interrupted.rawValue
    } catch let error as BatchManifest.Problems {
      // One line per bad row, each escaped on its own (a row's text may hold a newline), then
      // the count; a single bad row is one line.
      if error.lines.count == 1 {
        log("\(error.lines[0]); \(error.summary)")
      } else {
        for line in error.lines { log(line) }
        log(error.summary)
      }
      return ExitCode.failure.rawValue
    } catch let error as UsageError {
      log("splashvid: \(error.message) (see 'splashvid --help')")
      return ExitCode.usage.rawValue
    } catch let error as RenderOptionError {
      // A job's refusal, in the command line's spelling (`--fps 60: …`).
      log("splashvid: \(error.worded(naming: \.flag)) (see 'splashvid --help')")
      return ExitCode.usage.rawValue
    } catch {
      log("splashvid: \(error)")
      return ExitCode.failure.rawValue
    }
  }
}
