import SplashCore
import Testing

@testable import SplashRaster

/// The table of a gradient's colours: straight-alpha interpolation, padding and the order of stops.
@Suite("Gradient ramps: colours between stops, as Core Animation interpolates them")
struct GradientRampTests {
  /// The channels of an `0xAARRGGBB` word: (alpha, red, green, blue).
  static func channels(_ word: UInt32) -> [Int] {
    [Int(word >> 24), Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF)]
  }

  static let red = Color(red: 1, green: 0, blue: 0)
  static let green = Color(red: 0, green: 1, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)

  @Test("clear black to white is grey half way: colours mix with straight alpha, then are premultiplied")
  func straightAlpha() {
    let ramp = GradientRamp(colors: [.clear, .white], locations: [0, 1])
    #expect(ramp.entries.count == GradientRamp.count)
    #expect(ramp.entries.first == 0)
    #expect(ramp.entries.last == 0xFFFF_FFFF)
    // Position 511/1023: alpha and grey are both 0.4995; premultiplied grey is their product.
    let middle = Self.channels(ramp.entries[511])
    let fraction = 511.0 / 1023.0
    #expect(middle == [Int((fraction * 255).rounded())] + Array(repeating: Int((fraction * fraction * 255).rounded()), count: 3))
    #expect(middle[1] <= middle[0] / 2 + 1, "a premultiplied mix would be white at half alpha, not grey")
  }

  @Test("before the first location the first colour, after the last the last")
  func padding() {
    let ramp = GradientRamp(colors: [Self.red, Self.blue], locations: [0.25, 0.75])
    let below = ramp.entries[0...255]
    let above = ramp.entries[768...]
    #expect(below.allSatisfy { $0 == 0xFFFF_0000 })
    #expect(above.allSatisfy { $0 == 0xFF00_00FF })
    // Half way (position 0.5 lies between entries 511 and 512) red and blue are nearly even.
    let middle = Self.channels(ramp.entries[512])
    #expect(abs(middle[1] - 127) <= 1 && abs(middle[3] - 128) <= 1)
  }

  @Test("two stops at one location make the colour jump there, the earlier stop first")
  func hardEdge() {
    let ramp = GradientRamp(colors: [Self.red, Self.blue, Self.green], locations: [0, 0.5, 0.5])
    let before = Self.channels(ramp.entries[511])  // 0.4995: almost all the way from red to blue
    let after = Self.channels(ramp.entries[512])  // 0.5005: past the last stop
    #expect(before[3] >= 254 && before[1] <= 1 && before[2] == 0)
    #expect(after == [255, 0, 255, 0])
  }

  @Test("locations out of order are taken in increasing order, and out of 0…1 clamped to it")
  func orderAndRange() {
    let reversed = GradientRamp(colors: [.white, .black], locations: [1, 0])
    let forward = GradientRamp(colors: [.black, .white], locations: [0, 1])
    #expect(reversed == forward)
    let beyond = GradientRamp(colors: [.black, .white], locations: [-1, 2])
    #expect(beyond == forward)
  }

  @Test("one colour fills the table, and no colour leaves it clear")
  func degenerate() {
    #expect(GradientRamp(colors: [Self.green], locations: [0.3]).entries.allSatisfy { $0 == 0xFF00_FF00 })
    #expect(GradientRamp(colors: [], locations: []).entries.allSatisfy { $0 == 0 })
  }

  @Test("a channel rounds half away from zero as rounded() does, at and beside every half level")
  func roundingAsLibm() {
    var values: [Double] = [0, 255, 0.5, 254.5, 1e-300, 0.49999999999999994]
    for level in 0..<255 {
      let half = Double(level) + 0.5
      values += [half, half.nextUp, half.nextDown, Double(level), Double(level).nextUp, Double(level + 1).nextDown]
    }
    // And the products a ramp rounds: a component times an alpha times 255.
    for step in 0...1000 {
      let fraction = Double(step) / 1000
      values += [fraction * 255, fraction * fraction * 255, fraction * (1 - fraction) * 255]
    }
    let wrong = values.filter { GradientRamp.rounded($0) != UInt32($0.rounded()) }
    #expect(wrong.isEmpty, "rounded differently: \(wrong.prefix(5))")
  }
}
