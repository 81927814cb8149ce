import SplashCore

/// One keyframe of a text layer's document (`t.d.k[i].s`): the text and how it is set.
///
/// Sizes are in the layer's points: the font size `s`, tracking `tr` in thousandths of the
/// font size, the distance between baselines `lh` and the baseline shift `ls` (up). A
/// document without a fill colour `fc` is not filled, one without a stroke colour `sc` (or
/// with a width `sw` of 0) not stroked, as players draw them. Paragraph text has a box: its
/// size `sz` and its top left `ps`, in which lines wrap and are justified.
struct LottieTextDocument {
  enum Justification: Equatable {
    case left, right, center
  }

  var text: String
  var fontSize: Double
  /// The `fName` of a font of `fonts.list`.
  var fontName: String
  var justification: Justification
  /// Whether `j` asked for full justification (3 to 6: last line left, right, centred, full),
  /// which is drawn as `justification`.
  var isFullyJustified: Bool
  var tracking: Double
  var lineHeight: Double?
  var baselineShift: Double
  var fillColor: Color?
  var strokeColor: Color?
  var strokeWidth: Double
  var strokesOverFill: Bool
  var boxSize: Size?
  var boxPosition: Point?
  /// `ca`: 1 all capitals, 2 small capitals, else as typed.
  var capitals: Int
  /// Where it is in the file, for messages.
  var cursor: LottieCursor

  init(_ cursor: LottieCursor, limits: LottieLimits) throws {
    guard cursor.isObject else { throw cursor.error(expected: "a text document (an object)") }
    self.cursor = cursor
    text = try cursor["t"]?.string() ?? ""
    guard text.count <= limits.textCharacters else {
      throw try cursor.required("t").error(expected: "a text of at most \(limits.textCharacters) characters")
    }
    fontSize = try cursor["s"]?.number(in: 0...10_000, expected: "a font size from 0 to 10000") ?? 10
    fontName = try cursor["f"]?.string() ?? ""
    let justify = try cursor["j"]?.number() ?? 0
    switch justify {
    case 1, 4: justification = .right
    case 2, 5: justification = .center
    default: justification = .left
    }
    isFullyJustified = (3...6).contains(justify)
    let distance = -1_000_000.0...1_000_000.0
    tracking = try cursor["tr"]?.number(in: distance, expected: "a tracking from -1000000 to 1000000") ?? 0
    let leading = try cursor["lh"]?.number(in: distance, expected: "a line height from -1000000 to 1000000") ?? 0
    lineHeight = leading != 0 ? leading : nil
    baselineShift = try cursor["ls"]?.number(in: distance, expected: "a baseline shift from -1000000 to 1000000") ?? 0
    fillColor = try cursor["fc"].map { LottieColor.color(try $0.numbers()) }
    strokeColor = try cursor["sc"].map { LottieColor.color(try $0.numbers()) }
    strokeWidth = try cursor["sw"]?.number(in: 0...100_000, expected: "a stroke width from 0 to 100000") ?? 0
    strokesOverFill = cursor["of"]?.flag ?? false
    func pair(_ key: String) throws -> [Double]? {
      guard let member = cursor[key] else { return nil }
      let numbers = try member.numbers()
      guard numbers.count >= 2, numbers.allSatisfy({ abs($0) <= 1_000_000 }) else {
        throw member.error(expected: "two numbers from -1000000 to 1000000")
      }
      return numbers
    }
    boxSize = try pair("sz").map { Size(width: max($0[0], 0), height: max($0[1], 0)) }
    boxPosition = try pair("ps").map { Point(x: $0[0], y: $0[1]) }
    capitals = (try cursor["ca"]?.number() ?? 0).boundedWholeNumber ?? 0
  }

  /// The distance from one baseline to the next: `lh`, or 1.2 × the font size when the file
  /// leaves it out, as lottie-web sets it.
  var lineAdvance: Double { lineHeight ?? fontSize * 1.2 }

  /// The tracking in points: added after every character but a line's last.
  var trackingPoints: Double { tracking / 1000 * fontSize }

  /// The text as drawn: in capitals when `ca` is 1.
  var displayedText: String { capitals == 1 ? text.uppercased() : text }

  /// The lines of the text, split where it breaks them: at a carriage return (what After
  /// Effects writes), a line feed, both together, or an end-of-text character (which
  /// lottie-web also breaks at).
  var lines: [String] {
    var lines: [String] = []
    var current = ""
    for character in displayedText {
      // "\r\n" is one Character in Swift, so one break.
      if character == "\r" || character == "\n" || character == "\r\n" || character == "\u{3}" {
        lines.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    lines.append(current)
    return lines
  }

  /// The keyframes of `t.d`: each document from its frame until the next one's (text does
  /// not interpolate; the keyframes hold). A document written without keyframes holds from
  /// frame 0.
  static func keyframes(_ cursor: LottieCursor, limits: LottieLimits) throws -> [(frame: Double, document: Self)] {
    let content = try cursor.required("k")
    guard case .array = content.value else { return [(0, try Self(content, limits: limits))] }
    let entries = try content.array()
    guard !entries.isEmpty else { throw content.error(expected: "at least one text document keyframe") }
    guard entries.count <= limits.keyframesPerProperty else {
      throw content.error(expected: "at most \(limits.keyframesPerProperty) keyframes")
    }
    var keyframes: [(frame: Double, document: Self)] = []
    for entry in entries {
      let frame = try entry["t"]?.number() ?? 0
      if let last = keyframes.last, frame < last.frame {
        throw try entry.required("t").error(expected: "a frame at or after the previous keyframe's (\(last.frame))")
      }
      keyframes.append((frame, try Self(try entry.required("s"), limits: limits)))
    }
    return keyframes
  }
}
