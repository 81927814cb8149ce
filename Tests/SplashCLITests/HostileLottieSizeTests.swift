import Foundation
import Testing

@testable import SplashOutput

/// Lottie files that nest, multiply or declare their way past splashvid's limits, through the
/// binary: each command refuses them in one line naming the file, exits 1, and leaves nothing;
/// `validate` says why too.
@Suite("Hostile Lottie sizes: refused by every command in one line, with nothing left behind")
struct HostileLottieSizeTests {
  /// A 64 × 64 composition at 30 fps of `layers` (JSON text of the array's elements).
  private static func document(layers: String, assets: String = "", inPoint: String = "0", outPoint: String = "30") -> String {
    #"{"v":"5.7.0","fr":30,"ip":\#(inPoint),"op":\#(outPoint),"w":64,"h":64,"assets":[\#(assets)],"layers":[\#(layers)]}"#
  }

  private static let square = #"""
    {"ty":4,"ind":1,"parent":2,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
    """#

  /// The header of a PNG declaring `width` × `height` pixels, base64 in a data URI: its size
  /// is all the budget reads, and nothing is decoded once the budget refuses it.
  private static func pngURI(width: UInt32, height: UInt32) -> String {
    func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    let bytes = header + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return "data:image/png;base64," + Data(bytes).base64EncodedString()
  }

  private func expectRefused(_ text: String, containing expected: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(text.utf8).write(to: folder.appendingPathComponent("hostile.json"))
    for arguments in [
      ["still", "--file", "hostile.json", "--time", "0", "-o", "still.png"],
      ["render", "--file", "hostile.json", "--size", "64x64", "-o", "clip.mp4"],
      ["sheet", "--file", "hostile.json", "-o", "sheet.png"],
    ] {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      let lines = outcome.standardError.split(separator: "\n")
      #expect(outcome.exitCode == 1, "\(arguments[0]): \(outcome.exitCode) \(outcome.standardError)")
      #expect(lines.count == 1 && lines[0].hasPrefix("splashvid: ") && lines[0].contains("hostile.json"), "\(outcome.standardError)")
      #expect(outcome.standardError.contains(expected), "\(arguments[0]): \(outcome.standardError)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["hostile.json"], "nothing left by \(arguments[0])")
    }
    // validate refuses what the others refuse, with the same reason.
    let validation = try BinaryRunner.run(["validate", "hostile.json"], in: folder)
    let said = validation.standardOutput + validation.standardError
    #expect(validation.exitCode == 1 && said.contains("hostile.json") && said.contains(expected), "validate: \(said)")
  }

  @Test("a parent chain 1100 deep (a crash in presenting it before) is refused by render, still and sheet")
  func deepParents() throws {
    let nulls = (2...1101).map { #"{"ty":3,"ind":\#($0),"parent":\#($0 + 1),"ip":0,"op":30,"st":0,"ks":{}}"# }
    try expectRefused(
      Self.document(layers: ([Self.square] + nulls).joined(separator: ",")), containing: "expected a parent chain at most 64 layers long")
  }

  @Test("out points of 1e300 and 1e9, and an in point of -1e308, are the file's fault: exit 1 naming it")
  func timelineNumbers() throws {
    for (inPoint, outPoint) in [("0", "1e300"), ("-1e308", "30"), ("0", "1e9")] {
      try expectRefused(
        Self.document(layers: Self.square.replacingOccurrences(of: #""parent":2,"#, with: ""), inPoint: inPoint, outPoint: outPoint),
        containing: "expected a frame number from -10000000 to 10000000")
    }
  }

  @Test("a dozen 7000 × 7000 images are refused before any is decoded; the estimate counts images for every worker")
  func largeImages() throws {
    let uri = Self.pngURI(width: 7000, height: 7000)
    let assets = (0..<12).map { #"{"id":"i\#($0)","w":7000,"h":7000,"e":1,"p":"\#(uri)"}"# }
    let layers = (0..<12).map { #"{"ty":2,"ind":\#($0 + 1),"refId":"i\#($0)","ip":0,"op":30,"st":0,"ks":{}}"# }
    try expectRefused(
      Self.document(layers: layers.joined(separator: ","), assets: assets.joined(separator: ",")),
      containing: "the images hold 588 megapixels in all")
    var work = MemoryBudget.Work(width: 64, height: 64, videoFormats: [.h264], otherOutputs: 0)
    let without = work.bytesPerWorker
    work.imagePixels = 49_000_000
    // The pixels at 4 bytes each, and their halvings, a third as many at most.
    #expect(work.bytesPerWorker == without + 196_000_000 + 65_333_333)
  }
}
