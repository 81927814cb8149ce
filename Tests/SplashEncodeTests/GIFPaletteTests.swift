import SplashCore
import Testing

@testable import SplashEncode

@Suite("GIF palette: median cut over a weighted histogram, a 6-bit lookup, deterministic")
struct GIFPaletteTests {
  /// A frame whose pixels run through `colours`, each repeated `counts[i]` times (row by row).
  private func frame(_ colours: [PaletteColor], counts: [Int]? = nil, alpha: UInt8 = 255) throws -> PixelBuffer {
    let runs = zip(colours, counts ?? Array(repeating: 1, count: colours.count)).flatMap { Array(repeating: $0, count: $1) }
    let width = 64
    let buffer = try #require(PixelBuffer(width: width, height: (runs.count + width - 1) / width))
    let bytes = buffer.bytes.assumingMemoryBound(to: UInt8.self)
    for (index, colour) in runs.enumerated() {
      let pixel = bytes + (index / width) * buffer.bytesPerRow + (index % width) * 4
      // Premultiplied BGRA.
      pixel[0] = UInt8((Int(colour.blue) * Int(alpha) + 127) / 255)
      pixel[1] = UInt8((Int(colour.green) * Int(alpha) + 127) / 255)
      pixel[2] = UInt8((Int(colour.red) * Int(alpha) + 127) / 255)
      pixel[3] = alpha
    }
    // The rest of the last row repeats the first colour.
    for index in runs.count..<(buffer.width * buffer.height) {
      let pixel = bytes + (index / width) * buffer.bytesPerRow + (index % width) * 4
      for channel in 0..<4 { pixel[channel] = bytes[channel] }
    }
    return buffer
  }

  /// 200 colours at least 8 levels apart in some channel, so each has its own lookup cell.
  private var distinctColours: [PaletteColor] {
    (0..<200).map { (index: Int) -> PaletteColor in
      let red = 8 * (index % 8) + 3
      let green = 8 * ((index / 8) % 5) + 100
      let blue = 8 * (index / 40) + 200
      return PaletteColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
    }
  }

  @Test("with room for every colour, each is in the palette exactly and the lookup finds it")
  func roomForAll() throws {
    let colours = distinctColours
    let palette = GIFPalette(samples: [try frame(colours)], transparent: false)
    #expect(palette.colors.count == 200, "one entry per colour, no more")
    #expect(Set(palette.colors) == Set(colours))
    let lookup = PaletteLookup(palette: palette)
    for colour in colours {
      let index = Int(lookup.index(red: colour.red, green: colour.green, blue: colour.blue))
      #expect(palette.colors[index] == colour)
    }
  }

  @Test("the split follows squared error, not pixel counts: a small distinct area keeps its colour")
  func smallDistinctArea() throws {
    // 40 greys on 60 000 pixels and one red on 300 (half a percent): with 8 entries, red gets
    // its own. Splitting the most populous box at its median would spend them all on greys.
    let greys = (0..<40).map { (step: Int) -> PaletteColor in
      let level = UInt8(60 + 4 * step)
      return PaletteColor(red: level, green: level, blue: level)
    }
    let red = PaletteColor(red: 230, green: 20, blue: 30)
    let palette = GIFPalette(
      samples: [try frame(greys + [red], counts: Array(repeating: 1500, count: 40) + [300])], transparent: false, maximumEntries: 8)
    #expect(palette.colors.count == 8)
    #expect(palette.colors.contains(red), "\(palette.colors)")
    // The greys share the other seven entries, each within half a step of seven.
    let lookup = PaletteLookup(palette: palette)
    for grey in greys {
      let found = palette.colors[Int(lookup.index(red: grey.red, green: grey.green, blue: grey.blue))]
      let error = abs(Int(found.red) - Int(grey.red))
      #expect(error <= 16 && found.red == found.green, "\(grey) → \(found)")
    }
  }

  @Test("at most the entries asked for, and the same samples give the same palette")
  func limitsAndDeterminism() throws {
    let samples = [try frame(distinctColours), try frame(distinctColours.reversed(), alpha: 255)]
    let small = GIFPalette(samples: samples, transparent: false, maximumEntries: 16)
    #expect(small.colors.count == 16)
    #expect(small == GIFPalette(samples: samples, transparent: false, maximumEntries: 16))
    let clear = GIFPalette(samples: samples, transparent: true, maximumEntries: 16)
    #expect(clear.colors.count == 15 && clear.transparentIndex == 15 && clear.count == 16)
  }

  @Test("with transparency: one clear entry, written with alpha 0; every other entry opaque")
  func clearEntry() throws {
    let colours = Array(distinctColours.prefix(10))
    // Half the pixels clear, the colours at alpha 200 (premultiplied, divided back on counting).
    let visible = try frame(colours, alpha: 200)
    let hidden = try frame(colours, alpha: 100)
    let palette = GIFPalette(samples: [visible, hidden], transparent: true)
    #expect(palette.colors.count == 10 && palette.transparentIndex == 10)
    for colour in colours {
      #expect(palette.colors.contains { abs(Int($0.red) - Int(colour.red)) <= 1 && abs(Int($0.blue) - Int(colour.blue)) <= 1 })
    }
    let entries = palette.argbEntries
    #expect(entries.count == 256)
    #expect(entries[10] >> 24 == 0)
    #expect(entries.enumerated().allSatisfy { $0.offset == 10 || $0.element >> 24 == 0xFF })

    let lookup = PaletteLookup(palette: palette)
    var indices = [UInt8](repeating: 0, count: hidden.width * hidden.height)
    indices.withUnsafeMutableBufferPointer { lookup.map(hidden, into: $0.baseAddress!, stride: hidden.width) }
    #expect(indices.allSatisfy { $0 == 10 }, "alpha 100 < 128: every pixel maps to the clear entry")
    visible.fill(with: Color(red8: colours[3].red, green8: colours[3].green, blue8: colours[3].blue))
    indices.withUnsafeMutableBufferPointer { lookup.map(visible, into: $0.baseAddress!, stride: visible.width) }
    // The palette learnt the colour through alpha 200 and back, which may round it by a level.
    let found = palette.colors[Int(indices[0])]
    #expect(abs(Int(found.red) - Int(colours[3].red)) <= 1 && abs(Int(found.green) - Int(colours[3].green)) <= 1)
    #expect(abs(Int(found.blue) - Int(colours[3].blue)) <= 1 && Set(indices).count == 1)
  }
}
