import SplashCore

extension PixelSize {
  /// The size written `WIDTHxHEIGHT` in plain digits, each side from 1 to `maximumSide`; `nil`
  /// for anything else (`64xx64`, `+64x64`, `64x`, `0x64`).
  ///
  /// The one reader of the form, for the command line, manifests and the preview alike.
  public init?(text: some StringProtocol, maximumSide: Int) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = DecimalText.plainWholeNumber(parts[0]), let height = DecimalText.plainWholeNumber(parts[1]),
      (1...maximumSide).contains(width), (1...maximumSide).contains(height)
    else { return nil }
    self.init(width: width, height: height)
  }
}
