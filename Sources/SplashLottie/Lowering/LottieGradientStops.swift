import SplashCore

/// A Lottie gradient's colours (`g.k`) as the colour stops of one `CAGradientLayer`.
///
/// The flat array holds `p` colour stops, `[offset, red, green, blue]` each, then any number of
/// opacity stops, `[offset, alpha]` each, at offsets of their own. A `CAGradientLayer` has one
/// list of stops, so the two are merged the way lottie-android's `GradientColorParser`
/// (`addOpacityStopsToGradientIfNeeded`) merges them: a stop at every offset either list has,
/// the colour interpolated between the colour stops where only an opacity stop sits, the
/// opacity interpolated between the opacity stops where only a colour stop sits; beyond the
/// first or last stop of a list its end value holds. Two stops of one list at one offset (a
/// hard edge) stay two stops.
///
///     colours   0 red ─────────────── 1 blue
///     opacity   0 1.0 ─── 0.5 0.2 ─── 1 1.0
///     merged    0 red 1.0   0.5 purple 0.2   1 blue 1.0
struct LottieGradientStops: Equatable {
  /// One colour per stop, its alpha the opacity there.
  var colors: [Color]
  /// Each stop's offset, 0…1, rising.
  var locations: [Double]

  /// The stops of `values` (a `g.k` value) with `colorCount` colour stops (`g.p`).
  init(_ values: [Double], colorCount: Int) {
    let colorEnd = min(colorCount * 4, values.count - values.count % 4)
    let colorStops: [(offset: Double, value: [Double])] = stride(from: 0, to: colorEnd, by: 4).map {
      (Self.offset(values[$0]), Array(values[($0 + 1)...($0 + 3)]))
    }
    // Opacity stops: pairs after the colour stops (an odd number left over is ignored).
    let opacityEnd = values.count - (values.count - colorEnd) % 2
    let opacityStops: [(offset: Double, value: [Double])] = stride(from: colorEnd, to: opacityEnd, by: 2).map {
      (Self.offset(values[$0]), [(values[$0 + 1]).clampedToUnit])
    }
    let sortedColors = Self.sorted(colorStops)
    let sortedOpacities = Self.sorted(opacityStops)
    var colors: [Color] = []
    var locations: [Double] = []
    // One walk over both sorted lists: every stop before `offset` is behind its index.
    var colorIndex = 0
    var opacityIndex = 0
    for offset in Set(sortedColors.map(\.offset) + sortedOpacities.map(\.offset)).sorted() {
      let colorsHere = Self.take(sortedColors, at: offset, from: &colorIndex)
      let opacitiesHere = Self.take(sortedOpacities, at: offset, from: &opacityIndex).map { $0[0] }
      for index in 0..<max(colorsHere.count, opacitiesHere.count, 1) {
        let color =
          colorsHere.isEmpty
          ? Self.interpolated(sortedColors, before: colorIndex, at: offset) : colorsHere[min(index, colorsHere.count - 1)]
        let opacity =
          opacitiesHere.isEmpty
          ? (Self.interpolated(sortedOpacities, before: opacityIndex, at: offset).first ?? 1)
          : opacitiesHere[min(index, opacitiesHere.count - 1)]
        colors.append(LottieColor.color(Array(color.prefix(3)), alpha: opacity))
        locations.append(offset)
      }
    }
    self.colors = colors
    self.locations = locations
  }

  /// The offsets of every stop of `values`, colour stops first: two values whose offsets agree
  /// merge into stops at the same places, so their merged colours interpolate as the values do.
  static func offsets(_ values: [Double], colorCount: Int) -> [Double] {
    let colorEnd = min(colorCount * 4, values.count - values.count % 4)
    return stride(from: 0, to: colorEnd, by: 4).map { values[$0] }
      + stride(from: colorEnd, to: values.count - (values.count - colorEnd) % 2, by: 2).map { values[$0] }
  }

  private static func offset(_ value: Double) -> Double { value.clampedToUnit }

  /// Sorted by offset; stops at one offset keep their order in the file.
  private static func sorted(_ stops: [(offset: Double, value: [Double])]) -> [(offset: Double, value: [Double])] {
    stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
  }

  /// The values of the stops at `offset` from `index` on, moving `index` past them.
  private static func take(_ stops: [(offset: Double, value: [Double])], at offset: Double, from index: inout Int) -> [[Double]] {
    var values: [[Double]] = []
    while index < stops.count && stops[index].offset == offset {
      values.append(stops[index].value)
      index += 1
    }
    return values
  }

  /// The value of `stops` at `offset`, where none of them sits and `index` is the first stop
  /// after it: linear between its neighbours, the end value beyond the ends; empty for no stops.
  private static func interpolated(
    _ stops: [(offset: Double, value: [Double])], before index: Int, at offset: Double
  ) -> [Double] {
    guard let first = stops.first, let last = stops.last else { return [] }
    guard index > 0 else { return first.value }
    guard index < stops.count else { return last.value }
    let (low, high) = (stops[index - 1], stops[index])
    let amount = (offset - low.offset) / (high.offset - low.offset)
    return zip(low.value, high.value).map { $0 + ($1 - $0) * amount }
  }
}
