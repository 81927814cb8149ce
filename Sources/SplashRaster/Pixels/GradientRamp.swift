import SplashCore

/// A gradient's colours at 1024 evenly spaced positions from 0 to 1, premultiplied, as the
/// `0xAARRGGBB` words of Cairo's ARGB32 pictures.
///
/// Colours are interpolated component by component with straight alpha, then premultiplied, as
/// Core Animation interpolates a `CAGradientLayer`'s `colors` (a gradient from clear black to
/// white is grey half way) and as pixman's gradient walker does. Positions before the first
/// location take the first colour and after the last the last one (Cairo's pad extend).
///
/// Looking a pixel's colour up in a table instead of interpolating it keeps the per-pixel work to
/// a multiplication and a load. With 1024 entries, neighbouring entries of a gradient from black
/// to white differ by a quarter of a level, so the table is as exact as 8-bit output can show.
public struct GradientRamp: Sendable, Equatable {
  /// How many positions the table holds.
  public static let count = 1024

  /// The colours at positions `i / (count − 1)`.
  public let entries: [UInt32]
  /// Whether every entry is opaque: a pixel shaded from the ramp then hides what lies below
  /// it wherever it covers a pixel whole.
  public let isOpaque: Bool

  /// Samples the gradient given by `colors` at `locations` (fractions, clamped to 0…1 and
  /// taken in increasing order; stops at the same location keep their order, so the colour
  /// jumps there).
  public init(colors: [Color], locations: [Double]) {
    precondition(colors.count == locations.count, "one location per colour")
    let stops = zip(locations, colors).enumerated()
      .map { (location: ($0.element.0).clampedToUnit, order: $0.offset, color: $0.element.1) }
      .sorted { ($0.location, $0.order) < ($1.location, $1.order) }
    guard let first = stops.first, let final = stops.last else {
      entries = Array(repeating: 0, count: Self.count)
      isOpaque = false
      return
    }
    // Positions only grow, so the table is three runs: the first colour up to the first
    // location, the stops' segments between, the last colour from the last location on. Each
    // segment's ends are looked up once, not at each of its entries: a Lottie gradient whose
    // colours animate builds a ramp every frame, and the lookups cost more than the colours.
    let firstWord = Self.premultipliedWord(first.color)
    let lastWord = Self.premultipliedWord(final.color)
    let positions = Self.positions
    entries = [UInt32](unsafeUninitializedCapacity: Self.count) { table, initialized in
      var index = 0
      while index < Self.count, positions[index] <= first.location {
        table[index] = firstWord
        index += 1
      }
      var segment = 0
      var position = positions[index]
      while index < Self.count, position < final.location {
        // The segment whose right stop is the first one past `position`.
        while stops[segment + 1].location < position { segment += 1 }
        let left = stops[segment]
        let right = stops[segment + 1]
        let span = right.location - left.location
        // The colours' channels in the order of the word's bytes, low first, and their steps:
        // each lane is what `Color.interpolated` works out for its channel, the same operations.
        let leftLanes = Self.lanes(left.color)
        let steps = Self.lanes(right.color) - leftLanes
        // Its entries: up to its right stop's location, short of the last stop's.
        repeat {
          let amount = span > 0 ? (position - left.location) / span : 1
          table[index] = Self.premultipliedWord(lanes: leftLanes + steps * amount)
          index += 1
          position = positions[index]
        } while index < Self.count && position <= right.location && position < final.location
      }
      while index < Self.count {
        table[index] = lastWord
        index += 1
      }
      initialized = Self.count
    }
    isOpaque = entries.reduce(0xFF00_0000 as UInt32) { $0 & $1 } == 0xFF00_0000
  }

  /// The position of each entry, `i / (count − 1)`, and one past the last: worked out once, by
  /// the same division, so a ramp's entries are the same to the bit. Divided at each entry, a
  /// ramp took two divisions an entry, and a Lottie gradient whose colours animate builds one
  /// every frame (issue_1717: 398 ramps, 2 % of its frames' time).
  static let positions: [Double] = (0...count).map { Double($0) / Double(count - 1) }

  /// A straight colour premultiplied and rounded to 8 bits a channel.
  @inline(__always)
  static func premultipliedWord(_ color: Color) -> UInt32 {
    let alpha = color.alpha.clampedToUnit
    func code(_ component: Double) -> UInt32 { rounded(component.clampedToUnit * alpha * 255) }
    return rounded(alpha * 255) << 24 | code(color.red) << 16 | code(color.green) << 8 | code(color.blue)
  }

  /// A colour's channels in the order of an `0xAARRGGBB` word's bytes, low first: blue,
  /// green, red, alpha.
  @inline(__always)
  static func lanes(_ color: Color) -> SIMD4<Double> {
    SIMD4(color.blue, color.green, color.red, color.alpha)
  }

  /// `premultipliedWord` of the colour whose channels are `lanes` (see `lanes(_:)`), worked
  /// out on all four at once to the same bits.
  ///
  /// Lottie gradients whose colours animate build a ramp every frame (issue_1717's: 398 ramps
  /// in 703 frames), and channel by channel each entry cost some 127 instructions, most of
  /// them checking conversions that cannot fail.
  @inline(__always)
  static func premultipliedWord(lanes: SIMD4<Double>) -> UInt32 {
    // Clamped to 0…1 as `clampedToUnit` clamps (not a number is 0).
    let zero = SIMD4<Double>(repeating: 0)
    let one = SIMD4<Double>(repeating: 1)
    let clamped = zero.replacing(with: lanes, where: lanes .> zero).replacing(with: one, where: lanes .>= one)
    let alpha = clamped[3]
    // Colour channels × alpha × 255; the alpha channel × 1 × 255, the same product.
    let scaled = clamped * SIMD4(alpha, alpha, alpha, 1) * 255
    // Rounded half away from zero as `rounded(_:)` rounds: the whole part, plus one when the
    // fraction left is a half or more. Below 2⁵², adding and taking away 2⁵² rounds to a whole
    // number, exactly; one less where that went up gives the whole part.
    let shift = SIMD4<Double>(repeating: 0x1p52)
    let nearest = (scaled + shift) - shift
    let whole = nearest - one.replacing(with: zero, where: nearest .<= scaled)
    let rounded = whole + one.replacing(with: zero, where: scaled - whole .< 0.5)
    // Each lane a whole number below 2⁸: 2⁵² added puts it in the low bits of the lane.
    let bits = unsafeBitCast(rounded + shift, to: SIMD4<UInt64>.self)
    return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: bits), to: UInt32.self)
  }

  /// `value` (0…255) rounded half away from zero, as `rounded()` rounds, without its call to
  /// libm where the target has no rounding instruction (x86-64 before SSE4.1): a ramp rounds
  /// 4096 times, and Lottie gradients whose colours animate build a ramp every frame. The
  /// truncation is exact, and so is the fraction it leaves below 2⁵², so the comparison with
  /// one half decides as `round` does.
  @inline(__always)
  static func rounded(_ value: Double) -> UInt32 {
    let whole = UInt32(value)
    return value - Double(whole) >= 0.5 ? whole &+ 1 : whole
  }
}
