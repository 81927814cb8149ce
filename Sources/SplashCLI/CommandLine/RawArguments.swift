#if canImport(Glibc)
import Glibc
import SplashOutput
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's arguments as the kernel passed them: bytes, checked to be UTF-8 before they
/// become strings.
///
/// `CommandLine.arguments` repairs bytes that are not UTF-8 to U+FFFD, so `-o out\xff.mp4`
/// would quietly write `out\u{FFFD}.mp4`, a file the user never named. Reading the raw bytes
/// lets such an argument be refused instead.
public enum RawArguments {
  /// The arguments after the program name, decoded as UTF-8.
  ///
  /// - Throws: `UsageError` naming the first argument that is not valid UTF-8, by its position
  ///   (1 is the first after the program name) and shown with its bad bytes as `\xNN`.
  public static func decode(
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int
  ) throws(UsageError) -> [String] {
    var arguments: [String] = []
    for position in 1..<max(count, 1) {
      guard let pointer = argv[position] else { break }
      guard let argument = String(validatingCString: pointer) else {
        let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
        throw UsageError(
          "argument \(position) is not valid UTF-8: \(shown(bytes)) (\\xNN where a byte is not printable UTF-8); give it in UTF-8")
      }
      arguments.append(argument)
    }
    return arguments
  }

  /// `bytes` as readable text on one line: valid characters as they are, and bytes that are
  /// not UTF-8, control characters and the backslash escaped (`\xff`, `\x0a`, `\\`).
  static func shown(_ bytes: [UInt8]) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var text = ""
    func escape(_ byte: UInt8) -> String {
      let hex = String(byte, radix: 16)
      return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar == "\\" {
          text += "\\\\"
        } else if scalar.properties.generalCategory == .control {
          text += encoded.map(escape).joined()
        } else {
          text.unicodeScalars.append(scalar)
        }
        offset += encoded.count
      case .error(let length):
        text += bytes[offset..<offset + length].map(escape).joined()
        offset += length
      case .emptyInput:
        return text
      }
    }
  }
}
