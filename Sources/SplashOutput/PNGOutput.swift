import SplashCairo
import SplashCore
import SplashFiles

/// Writing one finished picture.
enum PNGOutput {
  /// Writes `buffer` to `path` atomically, making its missing folders first, and unmaking them
  /// if the PNG cannot be written; logs the folders made.
  static func write(_ buffer: PixelBuffer, to path: String, log: (String) -> Void) throws {
    // Made only now that the picture is drawn, and unmade if it cannot be written.
    let folders = try OutputFolders(creating: [(OutputFile.split(path).folder, path)])
    do {
      try PNGWriter.write(buffer, to: path)
    } catch {
      folders.removeCreated()
      throw error
    }
    for message in folders.messages { log(message) }
  }
}
