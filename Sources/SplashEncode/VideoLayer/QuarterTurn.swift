import SplashCore

/// Turning a picture by quarter turns, as a container's display matrix asks (a phone's
/// upright recording is stored on its side).
enum QuarterTurn {
  /// Copies `source` turned `turns` quarter turns clockwise into `destination`, whose rows are
  /// `bytesPerRow` apart and which is `source` turned in size.
  static func copy(_ source: PixelBuffer, turns: Int, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) {
    let width = source.width
    let height = source.height
    for y in 0..<height {
      let row = (source.bytes + y * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        // Where source pixel (x, y) lands once turned.
        let (column, line): (Int, Int)
        switch turns {
        case 1: (column, line) = (height - 1 - y, x)
        case 2: (column, line) = (width - 1 - x, height - 1 - y)
        default: (column, line) = (y, width - 1 - x)
        }
        (destination + line * bytesPerRow).assumingMemoryBound(to: UInt32.self)[column] = row[x]
      }
    }
  }
}
