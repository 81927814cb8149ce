import SplashCore

/// The one colour table of a GIF: up to 256 entries chosen for the whole clip, and with
/// `--transparent` one entry kept for clear pixels.
///
/// One palette for every frame, chosen before the first frame is encoded from sample frames
/// spread over the clip, so a colour never changes from frame to frame (per-frame palettes
/// make flat areas flicker) and frames carry no colour table of their own.
public struct GIFPalette: Sendable, Equatable {
  /// The entries a GIF colour table can hold.
  public static let capacity = 256
  /// Pixels with less alpha than this are transparent in a GIF with a clear entry; the rest
  /// show their straight colour at full opacity (GIF's transparency is all or nothing).
  public static let opaqueAlpha: UInt8 = 128

  /// The opaque colours, in index order.
  public private(set) var colors: [PaletteColor]
  /// The index of the clear entry, right after the colours; `nil` without transparency.
  public private(set) var transparentIndex: Int?

  /// A palette of given colours (at most 256, or 255 with a clear entry).
  public init(colors: [PaletteColor], hasTransparentEntry: Bool) {
    precondition(!colors.isEmpty || hasTransparentEntry, "a palette needs an entry")
    precondition(colors.count + (hasTransparentEntry ? 1 : 0) <= Self.capacity, "more than \(Self.capacity) entries")
    self.colors = colors
    transparentIndex = hasTransparentEntry ? colors.count : nil
  }

  /// The palette that represents the colours counted in `histogram`, with at most
  /// `maximumEntries` entries in all (the clear one included).
  public init(histogram: ColorHistogram, maximumEntries: Int = capacity) {
    precondition((2...Self.capacity).contains(maximumEntries), "a GIF palette has 2 to \(Self.capacity) entries")
    let clear = histogram.countsTransparency
    var chosen = MedianCutQuantizer.palette(
      for: histogram.occupiedBins, count: maximumEntries - (clear ? 1 : 0))
    // Frames that are all clear still need one colour for pixels the samples never showed.
    if chosen.isEmpty { chosen = [PaletteColor(red: 0, green: 0, blue: 0)] }
    self.init(colors: chosen, hasTransparentEntry: clear)
  }

  /// The palette for `samples`: frames spread over the clip, premultiplied BGRA.
  public init(samples: [PixelBuffer], transparent: Bool, maximumEntries: Int = capacity) {
    var histogram = ColorHistogram(countsTransparency: transparent)
    for sample in samples { histogram.add(sample) }
    self.init(histogram: histogram, maximumEntries: maximumEntries)
  }

  /// The entries used, the clear one included.
  public var count: Int { colors.count + (transparentIndex == nil ? 0 : 1) }

  /// All 256 entries as FFmpeg's PAL8 palette holds them (0xAARRGGBB). The clear entry has
  /// alpha 0, which FFmpeg's GIF encoder and muxer write as the transparent colour; unused
  /// entries repeat the first colour, opaque, so that nothing else looks transparent.
  var argbEntries: [UInt32] {
    var entries = colors.map(\.opaqueARGB)
    if transparentIndex != nil { entries.append(0) }
    let filler = colors.first?.opaqueARGB ?? 0xFF00_0000
    entries += [UInt32](repeating: filler, count: Self.capacity - entries.count)
    return entries
  }
}
