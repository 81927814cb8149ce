import Foundation
import SplashModel
import Testing

@testable import SplashPresets

/// docs/presets.md's layer tables name every property the registry gives each kind, and none
/// it does not: a property added to the registry must be documented, and a documented key
/// removed from it must leave the docs.
@Suite("docs/presets.md's layer tables match the property registry")
struct DocsPropertyTableTests {
  static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/presets.md")

  /// The backticked names in the first column of the table whose header's first cell is
  /// `header`.
  static func tableNames(_ header: String, in text: String) throws -> Set<String> {
    let lines = text.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("| \(header) |") }, "a table headed \"\(header)\"")
    var names: Set<String> = []
    // The header, its separator, then rows until the first line that is not one.
    for line in lines[(start + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cell = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
      names.formUnion(backticked(String(cell)))
    }
    return names
  }

  static func backticked(_ text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }

  @Test("the all-types table names CALayer's properties and the structural keys")
  func commonTable() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let names = try Self.tableNames("key (all types)", in: text)
    #expect(names.subtracting(LayerCompiler.structuralKeys) == LayerPropertyRegistry.names(of: .layer))
  }

  @Test("each kind's table names exactly the properties the kind adds to CALayer's")
  func kindTables() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    for kind in LayerKind.allCases where kind != .layer {
      let names = try Self.tableNames("\(kind.rawValue) layers", in: text)
      let own = LayerPropertyRegistry.names(of: kind).subtracting(LayerPropertyRegistry.names(of: .layer))
      #expect(names == own, "the \(kind.rawValue) layers table")
    }
  }

  @Test("the key path list names every whole animatable property")
  func keyPathList() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let start = try #require(text.range(of: "Key paths are Core Animation's:"))
    let end = try #require(text.range(of: "A key path the layer does not have", range: start.upperBound..<text.endIndex))
    let listed = Set(Self.backticked(String(text[start.upperBound..<end.lowerBound])))
    for property in LayerPropertyRegistry.properties {
      #expect(listed.contains(property.name), "\(property.name) is listed")
    }
  }
}
