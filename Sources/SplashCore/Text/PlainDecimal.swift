/// Numbers as people type them in options and parameters: ASCII digits with at most one `.`
/// among them and at least one digit, after a leading `-` where a sign may be given.
///
/// `Double(_:)` alone would also take `0x10` (16), `1e1`, `+1`, `nan` and `inf`: forms no one
/// means as a time, a scale or an opacity, so a typo must not become a valid, different number.
public enum PlainDecimal {
  public static func matches(_ text: some StringProtocol, signed: Bool = false) -> Bool {
    var bytes = Substring(text).utf8[...]
    if signed, bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let digits = bytes.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    let points = bytes.filter { $0 == UInt8(ascii: ".") }.count
    return digits > 0 && points <= 1 && digits + points == bytes.count
  }
}
