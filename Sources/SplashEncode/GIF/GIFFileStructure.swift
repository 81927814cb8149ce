#if canImport(Glibc)
import Glibc
#endif

/// The blocks of a GIF file as a player reads them: screen size, global colour table, loop
/// count, and each image's delay, transparency and disposal.
///
/// FFmpeg's demuxer and decoder give pixels but not these facts (the loop count and the
/// transparent entry are consumed inside them), and they are what decides whether a GIF
/// plays as meant: tests and `probe`-style checks read them here, straight from the bytes
/// (GIF89a: header, logical screen descriptor, then extensions and images until the trailer).
public struct GIFFileStructure: Sendable, Equatable {
  /// One image (frame) and the graphic control extension before it.
  public struct Image: Sendable, Equatable {
    /// Hundredths of a second the image shows before the next one.
    public var delay: Int
    /// The colour index drawn as clear, if the image has one.
    public var transparentIndex: Int?
    /// What happens to the image's area before the next image: 1 leave it, 2 clear it.
    public var disposal: Int
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int
    /// Entries in the image's own colour table (0: it uses the global one).
    public var localColorCount: Int
  }

  public var width: Int
  public var height: Int
  public var globalPalette: [PaletteColor]
  /// The NETSCAPE2.0 extension's loop count (0: forever); `nil` when the file has none and
  /// plays once.
  public var loopCount: Int?
  public var images: [Image]

  /// The sum of the images' delays, in hundredths of a second.
  public var totalDelay: Int { images.reduce(0) { $0 + $1.delay } }

  /// Reads the structure of the GIF at `path`.
  ///
  /// - Throws: `MediaReadError` when the file cannot be read or is not a complete GIF.
  public static func read(_ path: String) throws -> GIFFileStructure {
    guard let file = fopen(path, "rb") else {
      throw MediaReadError(stage: VideoReader.stage, path: path, message: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return try parse(bytes, name: path)
  }

  /// Parses the bytes of a whole GIF file.
  static func parse(_ bytes: [UInt8], name: String) throws -> GIFFileStructure {
    var reader = ByteReader(bytes: bytes, name: name)
    let signature = String(decoding: try reader.take(6), as: UTF8.self)
    guard signature == "GIF89a" || signature == "GIF87a" else {
      throw reader.failure("starts with \(signature.debugDescription), not a GIF signature")
    }
    let width = try reader.littleEndian16()
    let height = try reader.littleEndian16()
    let screenFlags = try reader.byte()
    _ = try reader.take(2)  // background colour index, pixel aspect ratio
    let globalPalette = screenFlags & 0x80 != 0 ? try reader.colorTable(size: screenFlags & 0x07) : []

    var structure = GIFFileStructure(width: width, height: height, globalPalette: globalPalette, loopCount: nil, images: [])
    var control: (delay: Int, transparentIndex: Int?, disposal: Int)?
    while true {
      switch try reader.byte() {
      case 0x21:
        let label = try reader.byte()
        if label == 0xF9 {
          let block = try reader.subBlocks()
          guard block.count >= 4 else { throw reader.failure("a graphic control extension of \(block.count) bytes") }
          control = (
            delay: Int(block[1]) | Int(block[2]) << 8, transparentIndex: block[0] & 0x01 != 0 ? Int(block[3]) : nil,
            disposal: Int(block[0] >> 2) & 0x07
          )
        } else if label == 0xFF {
          let identifier = try reader.take(Int(try reader.byte()))
          let data = try reader.subBlocks()
          if String(decoding: identifier, as: UTF8.self) == "NETSCAPE2.0", data.count >= 3, data[0] == 1 {
            structure.loopCount = Int(data[1]) | Int(data[2]) << 8
          }
        } else {
          _ = try reader.subBlocks()
        }
      case 0x2C:
        let left = try reader.littleEndian16()
        let top = try reader.littleEndian16()
        let imageWidth = try reader.littleEndian16()
        let imageHeight = try reader.littleEndian16()
        let flags = try reader.byte()
        let localColors = flags & 0x80 != 0 ? try reader.colorTable(size: flags & 0x07).count : 0
        _ = try reader.byte()  // LZW minimum code size
        _ = try reader.subBlocks()
        structure.images.append(
          Image(
            delay: control?.delay ?? 0, transparentIndex: control?.transparentIndex, disposal: control?.disposal ?? 0,
            left: left, top: top, width: imageWidth, height: imageHeight, localColorCount: localColors))
        control = nil
      case 0x3B:
        return structure
      case let other:
        throw reader.failure("unexpected block 0x\(String(other, radix: 16)) at byte \(reader.offset - 1)")
      }
    }
  }

  /// Reads a GIF's bytes in order, failing at the end of the data.
  private struct ByteReader {
    let bytes: [UInt8]
    let name: String
    var offset = 0

    init(bytes: [UInt8], name: String) {
      self.bytes = bytes
      self.name = name
    }

    func failure(_ message: String) -> MediaReadError {
      MediaReadError(stage: VideoReader.stage, path: name, step: "reading the GIF blocks", message: message)
    }

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
      guard offset + count <= bytes.count else { throw failure("ends at byte \(bytes.count), inside a block") }
      defer { offset += count }
      return bytes[offset..<(offset + count)]
    }

    mutating func byte() throws -> UInt8 { try take(1).first! }

    mutating func littleEndian16() throws -> Int {
      let pair = try take(2)
      return Int(pair[pair.startIndex]) | Int(pair[pair.startIndex + 1]) << 8
    }

    /// A colour table of 2^(size + 1) entries.
    mutating func colorTable(size: UInt8) throws -> [PaletteColor] {
      let table = Array(try take(3 << (Int(size) + 1)))
      return stride(from: 0, to: table.count, by: 3).map {
        PaletteColor(red: table[$0], green: table[$0 + 1], blue: table[$0 + 2])
      }
    }

    /// Data sub-blocks up to the empty one that ends them, joined.
    mutating func subBlocks() throws -> [UInt8] {
      var data: [UInt8] = []
      while true {
        let length = Int(try byte())
        if length == 0 { return data }
        data += try take(length)
      }
    }
  }
}
