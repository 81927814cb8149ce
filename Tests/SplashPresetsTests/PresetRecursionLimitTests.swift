import Foundation
import SplashDocument
import Testing

@testable import SplashPresets

/// Every structure of a preset that nests or multiplies — sublayers, masks, animation groups,
/// definitions using definitions, named numbers reading named numbers, replicators — at ten
/// times its limit is refused in one line, never a crash.
@Suite("A preset nested or multiplied ten times past its limits is refused in one line")
struct PresetRecursionLimitTests {
  private static let depth = PresetLimits.depth * 10

  private func document(define: String = "", layers: String) -> String {
    """
    { schemaVersion: 1, define: { \(define) }, canvas: { size: [100, 100] }, clip: { cycle: 1 },
      layers: [ \(layers) ] }
    """
  }

  /// The message compiling `text` fails with, compiled on a Dispatch worker (whose stack is
  /// what the preview and batch compile on).
  private func refusal(_ text: String) -> String {
    var message = "no error"
    DispatchQueue.global().sync {
      do {
        _ = try PresetCompiler.compile(Data(text.utf8), file: "deep.json5", parameters: [:])
      } catch {
        message = "\(error)"
      }
    }
    return message
  }

  private func expectOneLine(_ text: String, containing expected: String) {
    let message = refusal(text)
    #expect(message.hasPrefix("deep.json5:") && message.contains(expected), "\(message.prefix(300))")
    #expect(!message.contains("\n"), "one line: \(message.prefix(300))")
  }

  /// `inner` wrapped `count` times by `wrap`.
  private func nested(_ count: Int, _ inner: String, _ wrap: (String) -> String) -> String {
    (0..<count).reduce(inner) { text, _ in wrap(text) }
  }

  @Test("sublayers and masks ten times the depth limit")
  func layers() {
    expectOneLine(
      document(layers: nested(Self.depth, #"{ id: "leaf" }"#) { #"{ sublayers: [ \#($0) ] }"# }),
      containing: "arrays and objects inside each other")
    expectOneLine(
      document(layers: nested(Self.depth, #"{ id: "leaf" }"#) { #"{ mask: \#($0) }"# }),
      containing: "inside each other")
    // Within JSON's nesting but past the layers' own limit.
    expectOneLine(
      document(layers: nested(PresetLimits.depth + 1, #"{ id: "leaf" }"#) { #"{ mask: \#($0) }"# }), containing: "deep")
  }

  @Test("animation groups ten times the depth limit")
  func groups() {
    let basic = #"{ keyPath: "opacity", fromValue: 0, toValue: 1, duration: 1 }"#
    let groups = nested(Self.depth, basic) { #"{ type: "group", duration: 1, animations: [ \#($0) ] }"# }
    expectOneLine(document(layers: #"{ id: "a", animations: [ \#(groups) ] }"#), containing: "inside each other")
  }

  @Test("definitions using definitions, ten times the depth limit")
  func definitions() {
    let chain = (0..<Self.depth).map { #"d\#($0): { use: "d\#($0 + 1)" }"# }.joined(separator: ", ")
    expectOneLine(
      document(define: #"layers: { \#(chain), d\#(Self.depth): { id: "leaf" } }"#, layers: #"{ use: "d0" }"#),
      containing: "expected definitions that use definitions at most \(PresetLimits.depth) deep")
  }

  @Test("named numbers reading named numbers, ten times the depth limit")
  func namedNumbers() {
    let chain = (0..<Self.depth).map { #"n\#($0): "$n\#($0 + 1) + 1""# }.joined(separator: ", ")
    expectOneLine(
      document(define: #"numbers: { \#(chain), n\#(Self.depth): 1 }"#, layers: #"{ id: "a", opacity: "$n0 / 1000" }"#),
      containing: "expected named numbers that depend on others at most \(PresetLimits.depth) deep")
    // A chain at the limit is read: n0 = 64 + 1 … read back as the layer's width.
    let atLimit = (0..<PresetLimits.depth - 1).map { #"n\#($0): "$n\#($0 + 1) + 1""# }.joined(separator: ", ")
    let text = document(
      define: #"numbers: { \#(atLimit), n\#(PresetLimits.depth - 1): 1 }"#, layers: #"{ id: "a", frame: [0, 0, "$n0", 1] }"#)
    #expect(refusal(text) == "no error")
  }

  @Test("replicators in replicators, ten times the instance limit in all")
  func replicators() {
    let instances = PresetLimits.replicatorInstances
    let cube = nested(3, #"{ id: "dot" }"#) {
      #"{ id: "r\#($0.count)", type: "replicator", instanceCount: \#(instances), sublayers: [ \#($0) ] }"#
    }
    expectOneLine(document(layers: cube), containing: "layers in the preset (grid cells, masks and replicator instances count)")
  }
}
