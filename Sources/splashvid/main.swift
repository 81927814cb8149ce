import Foundation
import SplashCLI

// The raw argv bytes, not `CommandLine.arguments`: those repair what is not UTF-8, and a
// repaired output name would be a file the user never named.
do {
  let arguments = try RawArguments.decode(CommandLine.unsafeArgv, count: Int(CommandLine.argc))
  exit(SplashCommandLine.run(arguments, environment: ProcessInfo.processInfo.environment))
} catch {
  FileHandle.standardError.write(Data("splashvid: \(error.message) (see 'splashvid --help')\n".utf8))
  exit(ExitCode.usage.rawValue)
}
