import Foundation
import SplashCLI

// Before anything opens a file: a closed stdout or stderr would otherwise be the descriptor a
// temporary output gets, and messages would land in the video.
StandardStream.openClosedDescriptors()
// Frames free and allocate the same large blocks: keep them in the heap (see HeapTuning).
HeapTuning.apply()
// The raw argv bytes, not `CommandLine.arguments`: those repair what is not UTF-8, and a
// repaired output name would be a file the user never named.
do {
  let arguments = try RawArguments.decode(CommandLine.unsafeArgv, count: Int(CommandLine.argc))
  exit(SplashCommandLine.run(arguments, environment: ProcessInfo.processInfo.environment))
} catch {
  StandardStream.error.writeLine("splashvid: \(error.message) (see 'splashvid --help')")
  exit(ExitCode.usage.rawValue)
}
