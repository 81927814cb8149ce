import Foundation
import SplashCLI

exit(SplashCommandLine.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
