import Foundation
import SplashCairo
import SplashCore
import Testing

/// Compares rendered frames with golden PNGs under `Goldens/`.
///
/// - Tolerance: each channel (premultiplied bytes) may differ by `tolerance` (2 of 255).
/// - On a mismatch the actual frame and a diff image (differing pixels in red over a faded
///   copy) are written to `$SPLASH_ARTIFACTS` (default: the temporary folder) and their paths
///   are in the failure message.
/// - `SPLASH_RECORD=all` rewrites every golden, `SPLASH_RECORD=missing` writes only absent
///   ones; a test that records always fails, so recording can never pass CI by accident.
enum GoldenImage {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func expectMatches(_ actual: PixelBuffer, golden name: String, tolerance: Int = 2) throws {
    let path = folder.appendingPathComponent("\(name).png").path
    let record = ProcessInfo.processInfo.environment["SPLASH_RECORD"] ?? ""
    let exists = FileManager.default.fileExists(atPath: path)
    if record == "all" || (record == "missing" && !exists) {
      try PNGWriter.write(actual, to: path)
      Issue.record("recorded golden \(path); check it by eye, then run again without SPLASH_RECORD")
      return
    }
    guard exists else {
      let artifact = try writeArtifact(actual, name: "\(name).actual")
      Issue.record("no golden \(path); the frame is at \(artifact). Record with SPLASH_RECORD=missing")
      return
    }
    let expected = try PNGReader.read(path)
    guard expected.width == actual.width, expected.height == actual.height else {
      let artifact = try writeArtifact(actual, name: "\(name).actual")
      Issue.record("\(name): size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height); actual at \(artifact)")
      return
    }
    var differing = 0
    var worst = 0
    guard let diff = PixelBuffer(width: actual.width, height: actual.height) else { return }
    for y in 0..<actual.height {
      let a = actual.bytes.advanced(by: y * actual.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      let e = expected.bytes.advanced(by: y * expected.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      let d = diff.bytes.advanced(by: y * diff.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      for x in 0..<actual.width {
        var pixelWorst = 0
        for channel in 0..<4 { pixelWorst = max(pixelWorst, abs(Int(a[x * 4 + channel]) - Int(e[x * 4 + channel]))) }
        worst = max(worst, pixelWorst)
        if pixelWorst > tolerance {
          differing += 1
          (d[x * 4], d[x * 4 + 1], d[x * 4 + 2], d[x * 4 + 3]) = (0, 0, 255, 255)
        } else {
          let gray = UInt8((Int(e[x * 4]) + Int(e[x * 4 + 1]) + Int(e[x * 4 + 2])) / 6 + 128)
          (d[x * 4], d[x * 4 + 1], d[x * 4 + 2], d[x * 4 + 3]) = (gray, gray, gray, 255)
        }
      }
    }
    guard differing > 0 else { return }
    let actualPath = try writeArtifact(actual, name: "\(name).actual")
    let diffPath = try writeArtifact(diff, name: "\(name).diff")
    Issue.record(
      "\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); actual \(actualPath), diff \(diffPath), golden \(path)"
    )
  }

  private static func writeArtifact(_ buffer: PixelBuffer, name: String) throws -> String {
    let base = ProcessInfo.processInfo.environment["SPLASH_ARTIFACTS"] ?? NSTemporaryDirectory() + "splashvid-golden-failures"
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    let path = base + "/\(name).png"
    try PNGWriter.write(buffer, to: path)
    return path
  }
}
