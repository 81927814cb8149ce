import SplashCore

/// Turning a picture by quarter turns, as a container's display matrix asks (a phone's
/// upright recording is stored on its side).
enum QuarterTurn {
  /// Copies `source` turned `turns` quarter turns clockwise into `destination`, whose rows are
  /// `bytesPerRow` apart and which is `source` turned in size.
  static func copy(_ source: PixelBuffer, turns: Int, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) {
    let width = source.width
    let height = source.height
    // Where source pixel (x, y) lands, as a start and a step per x and per y (in pixels of
    // the destination), decided once rather than at every pixel:
    //   1 turn: (height − 1 − y, x)   2: (width − 1 − x, height − 1 − y)   3: (y, width − 1 − x)
    let stride = bytesPerRow / 4
    let (origin, stepX, stepY): (Int, Int, Int)
    switch turns {
    case 1: (origin, stepX, stepY) = (height - 1, stride, -1)
    case 2: (origin, stepX, stepY) = ((height - 1) * stride + width - 1, -1, -stride)
    default: (origin, stepX, stepY) = ((width - 1) * stride, -stride, 1)
    }
    let pixels = destination.assumingMemoryBound(to: UInt32.self)
    for y in 0..<height {
      let row = (source.bytes + y * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)
      var target = origin + y * stepY
      for x in 0..<width {
        pixels[target] = row[x]
        target += stepX
      }
    }
  }
}
