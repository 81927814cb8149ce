import SplashCore
import SplashTestSupport
import Testing

@testable import SplashRaster

/// The ink-only bilinear compositor against a plain floating-point reference that samples
/// every pixel, and the runs it skips by.
@Suite("Compositing a picture's ink, scaled and moved")
struct BilinearCompositorTests {
  /// A premultiplied picture of a few antialiased-looking strokes on transparency, with a
  /// transparent margin of one pixel, made from a seeded generator.
  struct Picture {
    var width: Int
    var height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, seed: UInt64) {
      self.width = width
      self.height = height
      pixels = Array(repeating: 0, count: width * height)
      var generator = SeededGenerator(seed: seed)
      // Diagonal bands of random colour and coverage, like a lattice's lines.
      for _ in 0..<5 {
        let slope = Double.random(in: -1.5...1.5, using: &generator)
        let intercept = Double.random(in: 0...Double(width), using: &generator)
        let red = UInt32.random(in: 0...255, using: &generator)
        let green = UInt32.random(in: 0...255, using: &generator)
        let blue = UInt32.random(in: 0...255, using: &generator)
        for y in 1..<(height - 1) {
          let centre = intercept + slope * Double(y)
          for x in 1..<(width - 1) where abs(Double(x) - centre) < 2.5 {
            let alpha = UInt32(255 - min(Int(abs(Double(x) - centre) * 90), 255))
            pixels[y * width + x] = alpha << 24 | (red * alpha / 255) << 16 | (green * alpha / 255) << 8 | blue * alpha / 255
          }
        }
      }
    }

    var ink: InkRuns {
      pixels.withUnsafeBufferPointer { InkRuns(pixels: $0.baseAddress!, width: width, height: height, pixelsPerRow: width) }
    }
  }

  /// Channel `shift` of a pixel word, 0–255.
  static func channel(_ pixel: UInt32, _ shift: UInt32) -> Double { Double((pixel >> shift) & 0xFF) }

  /// The same composite in double precision over every destination pixel of the box.
  static func reference(
    _ picture: Picture, onto destination: inout [UInt32], width: Int, columns: Range<Int>, rows: Range<Int>,
    horizontal: BilinearCompositor.AxisMap, vertical: BilinearCompositor.AxisMap, opacity: Int
  ) {
    func sample(_ x: Int, _ y: Int, _ shift: UInt32) -> Double {
      guard x >= 0, y >= 0, x < picture.width, y < picture.height else { return 0 }
      return channel(picture.pixels[y * picture.width + x], shift)
    }
    for y in rows {
      let v = vertical.scale * (Double(y) + 0.5) + vertical.offset - 0.5
      let top = Int(v.rounded(.down))
      let down = v - Double(top)
      for x in columns {
        let u = horizontal.scale * (Double(x) + 0.5) + horizontal.offset - 0.5
        let left = Int(u.rounded(.down))
        let across = u - Double(left)
        var result: [Double] = []
        let shifts: [UInt32] = [0, 8, 16, 24]
        let source = shifts.map { shift in
          let upper = sample(left, top, shift) * (1 - across) + sample(left + 1, top, shift) * across
          let lower = sample(left, top + 1, shift) * (1 - across) + sample(left + 1, top + 1, shift) * across
          return (upper * (1 - down) + lower * down) * Double(opacity) / 255
        }
        let below = destination[y * width + x]
        for (index, shift) in shifts.enumerated() {
          result.append(source[index] + channel(below, shift) * (1 - source[3] / 255))
        }
        destination[y * width + x] = result.enumerated().reduce(0) { word, entry in
          word | UInt32(min(max(entry.element.rounded(), 0), 255)) << shifts[entry.offset]
        }
      }
    }
  }

  @Test("runs cover every inked pixel of a row and of two rows, start and end on ink, and leave gaps of at least the merged gap")
  func runsCoverTheInk() {
    let picture = Picture(width: 97, height: 61, seed: 7)
    let ink = picture.ink
    var covered = 0
    for y in 0..<picture.height {
      var inRun = Array(repeating: false, count: picture.width)
      var previousEnd: Int?
      for index in 0..<ink.runCount(inRow: y) {
        let run = ink.run(index, inRow: y)
        #expect(picture.pixels[y * picture.width + run.start] != 0 && picture.pixels[y * picture.width + run.end - 1] != 0)
        if let previousEnd {
          #expect(run.start - previousEnd >= InkRuns.mergedGap, "row \(y): runs \(previousEnd) and \(run.start) not merged")
        }
        previousEnd = run.end
        for x in run.start..<run.end { inRun[x] = true }
        covered += run.end - run.start
      }
      for x in 0..<picture.width where picture.pixels[y * picture.width + x] != 0 {
        #expect(inRun[x], "row \(y), column \(x) has ink outside every run")
      }
    }
    #expect(covered == ink.coveredPixels)
    // The runs of two rows together cover the ink of both, and are as far apart.
    for y in 0..<(picture.height - 1) {
      var inRun = Array(repeating: false, count: picture.width)
      var previousEnd: Int?
      for index in 0..<ink.runCount(inRowsFrom: y) {
        let run = ink.run(index, inRowsFrom: y)
        if let previousEnd { #expect(run.start - previousEnd >= InkRuns.mergedGap, "rows \(y)-\(y + 1): runs not merged") }
        previousEnd = run.end
        for x in run.start..<run.end { inRun[x] = true }
      }
      for x in 0..<picture.width where picture.pixels[y * picture.width + x] != 0 || picture.pixels[(y + 1) * picture.width + x] != 0 {
        #expect(inRun[x], "rows \(y)-\(y + 1), column \(x) has ink outside every run")
      }
    }
    #expect(covered < picture.width * picture.height / 2, "the picture is mostly empty: \(covered) covered")
  }

  @Test(
    "matches a floating-point composite of every pixel within a level or two, and touches nothing outside the box",
    arguments: [
      (2.0, 1.0, 0.37, -3.2, 255),  // a store at twice the resolution, moved a fraction of a pixel
      (1.91, 2.07, 5.5, 1.25, 153),  // between scale steps, faded
      (1.0, 1.0, -2.0, -1.0, 255),  // whole pixels at the store's own scale
      (0.5, 0.75, 0.8, 0.3, 40),  // enlarged (a store is never enlarged, but the arithmetic holds)
    ])
  func matchesTheReference(scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double, opacity: Int) throws {
    let picture = Picture(width: 120, height: 90, seed: 11)
    let width = 140
    let height = 110
    var background = SeededGenerator(seed: 3)
    // A translucent, premultiplied background, so both terms of "over" count.
    let below: [UInt32] = (0..<(width * height)).map { _ in
      let alpha = UInt32.random(in: 0...255, using: &background)
      let colour = { UInt32.random(in: 0...alpha, using: &background) }
      return alpha << 24 | colour() << 16 | colour() << 8 | colour()
    }
    let columns = 5..<131
    let rows = 3..<104
    let horizontal = BilinearCompositor.AxisMap(scale: scaleX, offset: offsetX)
    let vertical = BilinearCompositor.AxisMap(scale: scaleY, offset: offsetY)
    var expected = below
    Self.reference(
      picture, onto: &expected, width: width, columns: columns, rows: rows, horizontal: horizontal, vertical: vertical, opacity: opacity)
    var actual = below
    let ink = picture.ink
    picture.pixels.withUnsafeBufferPointer { source in
      actual.withUnsafeMutableBufferPointer { destination in
        BilinearCompositor.compositeOver(
          .init(bytes: UnsafeRawPointer(source.baseAddress!), bytesPerRow: 4 * picture.width, ink: ink), onto: destination.baseAddress!,
          pixelsPerRow: width, columns: columns, rows: rows, horizontal: horizontal, vertical: vertical, opacity: opacity)
      }
    }
    var largest = 0.0
    var total = 0.0
    var changed = 0
    for y in 0..<height {
      for x in 0..<width {
        let index = y * width + x
        if actual[index] != below[index] { changed += 1 }
        guard columns.contains(x), rows.contains(y) else {
          #expect(actual[index] == below[index], "(\(x), \(y)) is outside the box")
          continue
        }
        for shift: UInt32 in [0, 8, 16, 24] {
          let difference = abs(Self.channel(actual[index], shift) - Self.channel(expected[index], shift))
          largest = max(largest, difference)
          total += difference
        }
      }
    }
    let mean = total / Double(4 * columns.count * rows.count)
    #expect(largest <= 2 && mean < 0.1, "largest difference \(largest), mean \(mean)")
    #expect(changed > 300, "the picture was composited: \(changed) pixels changed")
  }

  @Test("at its own scale, on whole pixels and fully opaque, a picture over transparency is copied exactly")
  func wholePixelsCopyExactly() {
    let picture = Picture(width: 64, height: 48, seed: 5)
    var destination = Array(repeating: UInt32(0), count: 80 * 60)
    let ink = picture.ink
    picture.pixels.withUnsafeBufferPointer { source in
      destination.withUnsafeMutableBufferPointer { target in
        BilinearCompositor.compositeOver(
          .init(bytes: UnsafeRawPointer(source.baseAddress!), bytesPerRow: 4 * 64, ink: ink), onto: target.baseAddress!, pixelsPerRow: 80,
          columns: 0..<80, rows: 0..<60, horizontal: .init(scale: 1, offset: -7), vertical: .init(scale: 1, offset: -4),
          opacity: 255)
      }
    }
    for y in 0..<60 {
      for x in 0..<80 {
        let inside = (7..<71).contains(x) && (4..<52).contains(y)
        let expected = inside ? picture.pixels[(y - 4) * 64 + x - 7] : 0
        #expect(destination[y * 80 + x] == expected, "(\(x), \(y))")
      }
    }
  }
}
