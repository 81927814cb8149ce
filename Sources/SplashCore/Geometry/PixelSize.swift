/// A frame's size in whole pixels, as outputs, targets and the size options give it.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Whether both sides are even, as video encoders want them (4:2:0 chroma is halved).
  public var isEven: Bool { width % 2 == 0 && height % 2 == 0 }

  /// `WxH`, as the size options write it.
  public var description: String { "\(width)x\(height)" }
}
