/// Chooses a few colours to stand for many: median cut, splitting by variance, then a few
/// rounds of k-means refinement.
///
/// All colours start in one box. The box whose colours lie farthest from their mean (the
/// largest weighted sum of squared distances) is split next, across its channel of largest
/// variance, at the point along that channel that leaves the two halves the smallest total
/// squared error. Splitting by error rather than by pixel count keeps a small area of a
/// distinct colour (a logo on a large flat background) from being merged into its
/// neighbour. Splits stop at `count` boxes, or when no box holds two different colours.
/// Each box gives its weighted mean; the refinement then moves every palette colour to the
/// weighted mean of the colours nearest to it, which the cut's axis-aligned boxes cannot do.
///
/// Deterministic: ties are broken by position, so the same colours give the same palette.
enum MedianCutQuantizer {
  /// A colour with the number of pixels that have it.
  struct WeightedColor: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var weight: Double

    subscript(channel: Int) -> Double {
      switch channel {
      case 0: red
      case 1: green
      default: blue
      }
    }
  }

  /// Rounds of k-means after the cut: most of the gain comes in the first few.
  static let refinementRounds = 4

  /// At most `count` colours for `colors`, fewer when there are fewer different colours.
  static func palette(for colors: [WeightedColor], count: Int) -> [PaletteColor] {
    guard !colors.isEmpty, count > 0 else { return [] }
    var centres = cut(colors, into: count)
    for _ in 0..<refinementRounds { centres = refine(centres, colors) }
    return centres.map { centre in
      func byte(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
      return PaletteColor(red: byte(centre.red), green: byte(centre.green), blue: byte(centre.blue))
    }
  }

  /// A contiguous run of `order` and its statistics.
  private struct Box {
    var range: Range<Int>
    var error: Double
  }

  /// The weighted sum of squared distances from the mean, from the sums of a set of colours.
  private static func squaredError(weight: Double, sums: (Double, Double, Double), squares: Double) -> Double {
    guard weight > 0 else { return 0 }
    return squares - (sums.0 * sums.0 + sums.1 * sums.1 + sums.2 * sums.2) / weight
  }

  private static func statistics(_ colors: [WeightedColor], _ indices: ArraySlice<Int>)
    -> (weight: Double, sums: (Double, Double, Double), squares: Double)
  {
    var weight = 0.0
    var sums = (0.0, 0.0, 0.0)
    var squares = 0.0
    for index in indices {
      let colour = colors[index]
      weight += colour.weight
      sums.0 += colour.weight * colour.red
      sums.1 += colour.weight * colour.green
      sums.2 += colour.weight * colour.blue
      squares += colour.weight * (colour.red * colour.red + colour.green * colour.green + colour.blue * colour.blue)
    }
    return (weight, sums, squares)
  }

  /// The boxes' weighted means after splitting into at most `count` boxes.
  private static func cut(_ colors: [WeightedColor], into count: Int) -> [WeightedColor] {
    var order = Array(colors.indices)
    func box(_ range: Range<Int>) -> Box {
      let stats = statistics(colors, order[range])
      // Rounding leaves tiny positive errors for a box of one colour; such a box cannot split.
      let error = range.count > 1 ? squaredError(weight: stats.weight, sums: stats.sums, squares: stats.squares) : 0
      return Box(range: range, error: error > 1e-6 * stats.weight ? error : 0)
    }
    var boxes = [box(0..<order.count)]
    while boxes.count < count {
      // The first box with the largest error, so ties resolve the same way every time.
      guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error || (boxes[$0].error == boxes[$1].error && $0 > $1) }),
        boxes[worst].error > 0
      else { break }
      let range = boxes[worst].range
      let channel = widestChannel(colors, order[range])
      order[range].sort { (colors[$0][channel], $0) < (colors[$1][channel], $1) }
      let split = bestSplit(colors, order[range])
      boxes[worst] = box(range.lowerBound..<split)
      boxes.append(box(split..<range.upperBound))
    }
    return boxes.map { box in
      let stats = statistics(colors, order[box.range])
      return WeightedColor(
        red: stats.sums.0 / stats.weight, green: stats.sums.1 / stats.weight, blue: stats.sums.2 / stats.weight,
        weight: stats.weight)
    }
  }

  /// The channel (0 red, 1 green, 2 blue) along which the colours vary most.
  private static func widestChannel(_ colors: [WeightedColor], _ indices: ArraySlice<Int>) -> Int {
    var variances = [0.0, 0.0, 0.0]
    for channel in 0..<3 {
      var weight = 0.0
      var sum = 0.0
      var squares = 0.0
      for index in indices {
        let value = colors[index][channel]
        weight += colors[index].weight
        sum += colors[index].weight * value
        squares += colors[index].weight * value * value
      }
      variances[channel] = squares - sum * sum / weight
    }
    return variances.indices.max { variances[$0] < variances[$1] || (variances[$0] == variances[$1] && $0 > $1) } ?? 0
  }

  /// The index in `sorted` (sorted along one channel) where a split leaves the two halves the
  /// smallest total squared error; never an end, so both halves hold colours.
  private static func bestSplit(_ colors: [WeightedColor], _ sorted: ArraySlice<Int>) -> Int {
    let total = statistics(colors, sorted)
    var weight = 0.0
    var sums = (0.0, 0.0, 0.0)
    var squares = 0.0
    var best = sorted.startIndex + 1
    var bestError = Double.infinity
    for position in sorted.startIndex..<(sorted.endIndex - 1) {
      let colour = colors[sorted[position]]
      weight += colour.weight
      sums.0 += colour.weight * colour.red
      sums.1 += colour.weight * colour.green
      sums.2 += colour.weight * colour.blue
      squares += colour.weight * (colour.red * colour.red + colour.green * colour.green + colour.blue * colour.blue)
      let rest = (total.sums.0 - sums.0, total.sums.1 - sums.1, total.sums.2 - sums.2)
      let error =
        squaredError(weight: weight, sums: sums, squares: squares)
        + squaredError(weight: total.weight - weight, sums: rest, squares: total.squares - squares)
      if error < bestError {
        bestError = error
        best = position + 1
      }
    }
    return best
  }

  /// One round of k-means: each colour joins its nearest centre (the first, on a tie), and
  /// each centre moves to the weighted mean of its colours; a centre nobody joined stays.
  private static func refine(_ centres: [WeightedColor], _ colors: [WeightedColor]) -> [WeightedColor] {
    var sums = [(weight: Double, red: Double, green: Double, blue: Double)](repeating: (0, 0, 0, 0), count: centres.count)
    for colour in colors {
      var nearest = 0
      var nearestDistance = Double.infinity
      for (index, centre) in centres.enumerated() {
        let red = colour.red - centre.red
        let green = colour.green - centre.green
        let blue = colour.blue - centre.blue
        let distance = red * red + green * green + blue * blue
        if distance < nearestDistance {
          nearestDistance = distance
          nearest = index
        }
      }
      sums[nearest].weight += colour.weight
      sums[nearest].red += colour.weight * colour.red
      sums[nearest].green += colour.weight * colour.green
      sums[nearest].blue += colour.weight * colour.blue
    }
    return centres.indices.map { index in
      let sum = sums[index]
      guard sum.weight > 0 else { return centres[index] }
      return WeightedColor(red: sum.red / sum.weight, green: sum.green / sum.weight, blue: sum.blue / sum.weight, weight: sum.weight)
    }
  }
}
