import CPangoCairo

/// The sizes at which Pango's integer arithmetic holds, and how text beyond them is drawn.
///
/// Pango measures in Pango units, 1/1024 of a pixel (`PANGO_SCALE`), held in 32-bit `int`s:
/// no position, width or font size may pass 2^31 units, 2 097 152 pixels. A line of 2 500 "W"s
/// at 1000 points, or a 1000-point font under a 1000× transform (Pango's `size >= 0` assertion
/// when it scales the font to device pixels), passes it.
enum TextLimits {
  /// The largest font size a layout is made at, in points; larger text is laid out at this
  /// size and drawn scaled up (`LaidOutText.scale`). A preset's longest text
  /// (`PresetLimits.textCharacters`, 1000) at this size is 256 000 pixels wide at an em a
  /// character, so a line stays inside 2^31 Pango units for characters up to 8 ems wide.
  static let largestLayoutFontSize = 256.0

  /// The largest font size, in device pixels, Pango is asked to make a font at. Beyond it the
  /// layout is made without the device transform and Cairo scales the glyph outlines itself
  /// (for such sizes it fills their paths rather than caching glyph images). Fonts Pango made
  /// at 40 000 device pixels failed in FreeType (`TextLimitsTests`); 8192 is far below that
  /// and far above any text a frame shows whole.
  static let largestDeviceFontSize = 8192.0

  /// The largest size in device pixels text is drawn at: Cairo loads glyph outlines through
  /// FreeType at the device size, and FreeType keeps pixel sizes in 16 bits (`FT_Size_Metrics`
  /// `x_ppem`, an `FT_UShort`); past it Cairo fails with `error occurred in libfreetype` and
  /// the frame is lost. Larger text is drawn at this size, with a warning.
  static let largestDrawnFontSize = 65_535.0

  /// `value` (pixels) in Pango units, clamped to what an `int` holds.
  static func pangoUnits(_ value: Double) -> Int32 {
    let units = (value * Double(PANGO_SCALE)).rounded()
    guard units.isFinite else { return units > 0 ? Int32.max : Int32.min }
    return Int32(max(min(units, Double(Int32.max)), Double(Int32.min)))
  }
}
