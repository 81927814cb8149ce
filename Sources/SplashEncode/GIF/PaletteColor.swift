/// One opaque palette entry: 8-bit red, green and blue, as a GIF colour table stores them.
public struct PaletteColor: Sendable, Hashable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The entry as FFmpeg's PAL8 palette holds it: a native 32-bit 0xAARRGGBB, here opaque.
  var opaqueARGB: UInt32 { 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

  public var description: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
  }
}
