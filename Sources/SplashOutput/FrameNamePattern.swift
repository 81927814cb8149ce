import Foundation
import SplashCore
import SplashFiles

/// A file name pattern for an image sequence: one `%d` or `%0Nd` (printf's numbering, as
/// FFmpeg's image2 uses), numbered from 1; `%%` is a literal percent sign.
public struct FrameNamePattern: Sendable, Equatable {
  public var text: String
  /// The width the number is padded to with zeros (0: no padding).
  public var digits: Int
  private var prefix: String
  private var suffix: String

  /// The pattern in `path`, or `nil` when the path has no `%` conversion at all.
  ///
  /// - Throws: `UsageError` for a pattern with several numbers or another conversion.
  public init?(_ path: String) throws {
    let percents = path.replacingOccurrences(of: "%%", with: "")
    guard percents.contains("%") else { return nil }
    let scanner = path  // walked character by character
    var prefix = ""
    var suffix = ""
    var digits: Int?
    var index = scanner.startIndex
    while index < scanner.endIndex {
      let character = scanner[index]
      let next = scanner.index(after: index)
      if character == "%" {
        if next < scanner.endIndex, scanner[next] == "%" {
          if digits == nil { prefix += "%" } else { suffix += "%" }
          index = scanner.index(after: next)
          continue
        }
        var end = next
        var width = ""
        while end < scanner.endIndex, scanner[end].isNumber {
          width.append(scanner[end])
          end = scanner.index(after: end)
        }
        guard digits == nil, end < scanner.endIndex, scanner[end] == "d", width.isEmpty || width.hasPrefix("0") else {
          throw UsageError("-o \(path): an image sequence needs one %d or %04d-style number in its name")
        }
        digits = Int(width) ?? 0
        index = scanner.index(after: end)
        continue
      }
      if digits == nil { prefix.append(character) } else { suffix.append(character) }
      index = next
    }
    guard !suffix.contains("/") else {
      throw UsageError("-o \(path): the frame number goes in the file name, not in a folder's name")
    }
    self.text = path
    self.digits = digits ?? 0
    self.prefix = prefix
    self.suffix = suffix
  }

  /// The folder the frames go in.
  public var folder: String { OutputFile.split(prefix).folder }

  /// The frame number a file name of `folder` has under this pattern, or `nil` when the
  /// pattern does not give that name for any number (`f-7.png` is not `f-%04d.png`'s).
  public func frameNumber(ofName name: String) -> Int? {
    let namePrefix = OutputFile.split(prefix).name
    guard name.hasPrefix(namePrefix), name.hasSuffix(suffix), name.count > namePrefix.count + suffix.count else { return nil }
    let digitsText = name.dropFirst(namePrefix.count).dropLast(suffix.count)
    guard digitsText.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digitsText), number >= 1 else { return nil }
    return OutputFile.split(path(ofFrame: number)).name == name ? number : nil
  }

  /// The path of frame `number` (1 for the first frame).
  public func path(ofFrame number: Int) -> String {
    let written = String(number)
    let padding = String(repeating: "0", count: max(0, digits - written.count))
    return prefix + padding + written + suffix
  }
}
