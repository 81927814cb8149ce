import SplashCore
import SplashDocument
import SplashOutput

/// The standard document reader, counting what it is asked: each file read and each JSON text
/// parsed, by the text's bytes, so a test tells "parsed once" from "parsed twice".
final class CountingReader: DocumentReader {
  private struct Counts {
    var reads: [String: Int] = [:]
    var parses: [[UInt8]: Int] = [:]
  }

  private let counts = Locked(Counts())
  private let files = FileDocumentReader()

  func read(_ path: String, displayName: String) throws -> [UInt8] {
    counts.withLock { $0.reads[path, default: 0] += 1 }
    return try files.read(path, displayName: displayName)
  }

  func parse(_ bytes: [UInt8]) throws(JSON5Parser.SyntaxError) -> JSON5Parser.Parsed {
    counts.withLock { $0.parses[bytes, default: 0] += 1 }
    return try files.parse(bytes)
  }

  /// How many times each file was read, by path.
  var reads: [String: Int] { counts.withLock { $0.reads } }
  /// How many texts were parsed, and the most times any one of them was.
  var parses: (texts: Int, mostOfOne: Int) {
    counts.withLock { (texts: $0.parses.count, mostOfOne: $0.parses.values.max() ?? 0) }
  }

  func reset() { counts.withLock { $0 = Counts() } }
}
