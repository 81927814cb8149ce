/// Sets rectangles of a frame's pixels to one colour: the canvas colour a frame is drawn on.
///
/// Every frame starts by painting its canvas colour wherever no opaque first layer covers it,
/// usually the whole frame. Pixman fills 16 bytes a store on the processors splashvid is built
/// for; the C library's `memset` and `memcpy` pick the widest stores the processor has. A
/// 512×512 frame took pixman 18.6 µs, `memset` 11.5 µs, and a row copied down the rest 13.4 µs
/// (on this project's 2-core build machine): 3 to 5 % of a frame of the corpus's large plain
/// fills (dynamic_path_test, tile_grid_loading_animation).
public enum SolidFill {
  /// Sets the pixels of `columns` × `rows` of the plane at `pixels`, `pixelsPerRow` apart, to
  /// `pixel`. The rectangle must lie in the plane.
  public static func fill(
    _ pixel: UInt32, into pixels: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int, columns: Range<Int>, rows: Range<Int>
  ) {
    guard !columns.isEmpty, !rows.isEmpty else { return }
    let first = pixels + rows.lowerBound * pixelsPerRow + columns.lowerBound
    // Rows that fill their planes' rows whole lie end to end: one stretch of memory.
    let (rowCount, pixelsPerStretch) =
      columns.count == pixelsPerRow ? (1, rows.count * pixelsPerRow) : (rows.count, columns.count)
    let byte = UInt8(truncatingIfNeeded: pixel)
    if pixel == UInt32(byte) &* 0x0101_0101 {
      // Four equal bytes (transparent black, opaque white): `memset`.
      for row in 0..<rowCount {
        UnsafeMutableRawPointer(first + row * pixelsPerRow).initializeMemory(
          as: UInt8.self, repeating: byte, count: 4 * pixelsPerStretch)
      }
      return
    }
    first.update(repeating: pixel, count: pixelsPerStretch)
    // The other rows copied from the first: `memcpy`'s stores are as wide as `memset`'s.
    for row in 1..<rowCount {
      (first + row * pixelsPerRow).update(from: first, count: pixelsPerStretch)
    }
  }
}
