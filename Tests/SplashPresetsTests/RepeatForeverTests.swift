import Foundation
import SplashModel
import Testing

@testable import SplashPresets

/// `repeatCount` and `repeatDuration` say "for ever" the ways iOS code does.
@Suite("Repeat for ever: Infinity, \"infinity\" and the Swift and Objective-C spellings")
struct RepeatForeverTests {
  private func timing(_ members: String) throws -> MediaTiming {
    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
        layers: [ { id: "a", animations: [ { type: "basic", keyPath: "opacity", toValue: 0, \(members) } ] } ] }
      """
    let scene = try PresetCompiler.compile(Data(text.utf8), file: "repeat.json5")
    return try #require(scene.layers.first?.animations.first).timing
  }

  static let spellings = [
    "Infinity", #""infinity""#, #""Infinity""#, #""HUGE""#, #""HUGE_VALF""#, #"".infinity""#, #""Float.infinity""#,
    #""Double.infinity""#, #""greatestFiniteMagnitude""#, #"".greatestFiniteMagnitude""#, #""Float.greatestFiniteMagnitude""#,
    #""Double.greatestFiniteMagnitude""#,
  ]

  @Test("each spelling repeats for ever, as repeatCount and as repeatDuration", arguments: spellings)
  func forever(spelling: String) throws {
    let count = try timing("repeatCount: \(spelling)")
    #expect(count.repeatCount == .infinity)
    #expect(count.activeDuration == .infinity)
    let duration = try timing("repeatDuration: \(spelling)")
    #expect(duration.repeatDuration == .infinity)
    #expect(duration.hasEnded(atParentTime: 1e6) == false)
  }

  @Test("counts stay numbers or expressions; minus infinity and other words are refused")
  func others() throws {
    #expect(try timing(#"repeatCount: "3 / 2""#).repeatCount == 1.5)
    #expect(try timing("repeatDuration: 2.5").repeatDuration == 2.5)
    for (members, expected) in [
      (
        "repeatCount: -Infinity",
        "repeat.json5: layers[0].animations[0].repeatCount: expected a repeat count ≥ 0 or \"infinity\", found -inf"
      ),
      (
        #"repeatCount: "forever""#,
        #"repeat.json5: layers[0].animations[0].repeatCount: expected a repeat count ≥ 0 or "infinity", found "forever": column 1: unknown name "forever""#
      ),
      (
        "repeatDuration: -1",
        "repeat.json5: layers[0].animations[0].repeatDuration: expected a repeat duration in seconds ≥ 0 or \"infinity\", found -1"
      ),
    ] {
      #expect(throws: PresetError.self) { try timing(members) }
      do {
        _ = try timing(members)
      } catch {
        #expect("\(error)".hasPrefix(expected), "\(error)")
      }
    }
  }
}
