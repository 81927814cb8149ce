/// A rectangle of a frame's whole pixels: the rows, and the columns in them, that a backend
/// redraws when only those changed (`ChangedRegion`).
public struct PixelRegion: Sendable, Equatable, CustomStringConvertible {
  public var rows: Range<Int>
  public var columns: Range<Int>

  public init(rows: Range<Int>, columns: Range<Int>) {
    self.rows = rows
    self.columns = columns
  }

  /// How many pixels it holds.
  public var pixelCount: Int { rows.count * columns.count }

  public var description: String {
    "rows \(rows.lowerBound)..<\(rows.upperBound), columns \(columns.lowerBound)..<\(columns.upperBound)"
  }
}
