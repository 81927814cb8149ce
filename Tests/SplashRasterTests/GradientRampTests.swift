import SplashCore
import SplashTestSupport
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

  @Test("a colour's word worked out on four lanes at once is its word worked out channel by channel")
  func laneWordAsChannelWord() {
    // Each channel's value and the values whose products land on or beside a half level.
    var values: [Double] = [0, 1, -0.5, 1.5, -0, .nan, .infinity, -.infinity, 1e-300, 0.5, 1.0.nextDown, 0.0.nextUp]
    for level in 0..<255 {
      let half = (Double(level) + 0.5) / 255
      values += [half, half.nextUp, half.nextDown, Double(level) / 255]
    }
    var colors: [Color] = []
    var random = SeededGenerator(seed: 7)
    for _ in 0..<20_000 {
      let pick = { values.randomElement(using: &random)! }
      colors.append(Color(red: pick(), green: pick(), blue: pick(), alpha: pick()))
    }
    for step in 0...1000 {
      let fraction = Double(step) / 1000
      colors.append(Color(red: fraction, green: 1 - fraction, blue: fraction * fraction, alpha: fraction))
    }
    let differing = colors.filter {
      GradientRamp.premultipliedWord(lanes: GradientRamp.lanes($0)) != GradientRamp.premultipliedWord($0)
    }
    #expect(differing.count == 0, "colours whose words differ, of \(colors.count): \(differing.prefix(3))")
  }

  @Test("the table is each entry's colour worked out on its own, on random stops (locations on entries, repeated, out of range)")
  func entriesAsDefined() {
    var random = SeededGenerator(seed: 42)
    func location() -> Double {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: Double(Int.random(in: 0..<GradientRamp.count, using: &random)) / Double(GradientRamp.count - 1)
      case 1: Double.random(in: -0.2...1.2, using: &random)
      case 2: [0, 1, 0.5].randomElement(using: &random)!
      default: Double.random(in: 0...1, using: &random)
      }
    }
    func component() -> Double {
      Bool.random(using: &random) ? Double.random(in: 0...1, using: &random) : Double(Int.random(in: 0...1, using: &random))
    }
    var differing: [Int] = []
    for gradient in 0..<400 {
      let count = Int.random(in: 1...8, using: &random)
      var locations = (0..<count).map { _ in location() }
      // Stops at one location, as a hard edge makes them.
      if count > 2, Bool.random(using: &random) { locations[1] = locations[0] }
      let colors = (0..<count).map { _ in Color(red: component(), green: component(), blue: component(), alpha: component()) }
      if GradientRamp(colors: colors, locations: locations).entries != Self.entries(colors: colors, locations: locations) {
        differing.append(gradient)
      }
    }
    #expect(differing.isEmpty, "gradients whose tables differ: \(differing.prefix(5))")
  }

  /// The table entry by entry, as `GradientRamp` defines it: the position's segment found
  /// afresh for each entry.
  static func entries(colors: [Color], locations: [Double]) -> [UInt32] {
    let stops = zip(locations, colors).enumerated()
      .map { (location: $0.element.0.clampedToUnit, order: $0.offset, color: $0.element.1) }
      .sorted { ($0.location, $0.order) < ($1.location, $1.order) }
    guard let first = stops.first, let last = stops.last else { return Array(repeating: 0, count: GradientRamp.count) }
    return (0..<GradientRamp.count).map { index in
      let position = Double(index) / Double(GradientRamp.count - 1)
      if position <= first.location { return GradientRamp.premultipliedWord(first.color) }
      if position >= last.location { return GradientRamp.premultipliedWord(last.color) }
      let segment = stops.indices.last { stops[$0].location < position }!
      let (left, right) = (stops[segment], stops[segment + 1])
      let span = right.location - left.location
      let amount = span > 0 ? (position - left.location) / span : 1
      return GradientRamp.premultipliedWord(left.color.interpolated(to: right.color, amount: amount))
    }
  }
}
