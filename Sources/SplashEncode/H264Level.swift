/// H.264 levels (ITU-T H.264 Table A-1): the smallest level whose limits a size and frame rate
/// fit in.
///
/// Players and hardware decoders accept a stream by its declared level, so splashvid declares
/// the lowest one that holds the frame size (MaxFS, in 16×16 macroblocks), the macroblock rate
/// (MaxMBPS) and the longest side (at most √(8 · MaxFS) macroblocks), but never below 3: the
/// lower levels also cap the bit rate (level 1 at 80 kbit/s in High profile), which a
/// CRF-coded stream does not keep to, while every device since the first iPhone decodes 3.
public enum H264Level {
  /// (level name, MaxMBPS, MaxFS) in increasing order.
  static let table: [(name: String, macroblocksPerSecond: Int, frameSize: Int)] = [
    ("1", 1_485, 99), ("1.1", 3_000, 396), ("1.2", 6_000, 396), ("1.3", 11_880, 396), ("2", 11_880, 396),
    ("2.1", 19_800, 792), ("2.2", 20_250, 1_620), ("3", 40_500, 1_620), ("3.1", 108_000, 3_600),
    ("3.2", 216_000, 5_120), ("4", 245_760, 8_192), ("4.1", 245_760, 8_192), ("4.2", 522_240, 8_704),
    ("5", 589_824, 22_080), ("5.1", 983_040, 36_864), ("5.2", 2_073_600, 36_864), ("6", 4_177_920, 139_264),
    ("6.1", 8_355_840, 139_264), ("6.2", 16_711_680, 139_264),
  ]

  /// The lowest level for `width`×`height` at `framesPerSecond`, e.g. "4" for 750×1334 at 60,
  /// or `nil` beyond level 6.2.
  public static func minimum(width: Int, height: Int, framesPerSecond: Int) -> String? {
    let columns = (width + 15) / 16
    let rows = (height + 15) / 16
    let frameSize = columns * rows
    let candidates = table.drop { $0.name != floor }
    for level in candidates where frameSize <= level.frameSize && frameSize * framesPerSecond <= level.macroblocksPerSecond {
      let longestSide = Double(8 * level.frameSize).squareRoot()
      if Double(max(columns, rows)) <= longestSide { return level.name }
    }
    return nil
  }

  /// The lowest level declared.
  static let floor = "3"

  /// The level as FFmpeg reports it (`level_idc`: 40 for 4, 31 for 3.1).
  public static func idc(_ name: String) -> Int {
    let parts = name.split(separator: ".").compactMap { Int($0) }
    return (parts.first ?? 0) * 10 + (parts.count > 1 ? parts[1] : 0)
  }
}
