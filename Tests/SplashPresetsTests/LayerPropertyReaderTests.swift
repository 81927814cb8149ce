import SplashModel
import Testing

@testable import SplashPresets

/// The preset compiler takes its layer keys from the property registry: each property a kind
/// has is read, and nothing else but the structural keys is.
@Suite("Preset layer keys come from the property registry")
struct LayerPropertyReaderTests {
  @Test("each kind reads every registry property it has, once, and no other key but frame")
  func readersCoverTheRegistry() {
    for kind in LayerKind.allCases {
      let keys = LayerCompiler.propertyReaders(for: kind).map(\.key)
      #expect(Set(keys).count == keys.count, "no key of \"\(kind.rawValue)\" is read twice")
      #expect(Set(keys) == LayerPropertyRegistry.names(of: kind).union(["frame"]), "keys of \"\(kind.rawValue)\"")
      // In the registry's order, which is also inspect's.
      #expect(keys.filter { $0 != "frame" } == LayerPropertyRegistry.entries(of: kind).map(\.name))
    }
  }

  @Test("the keys a layer takes are the structural ones and its kind's registry properties")
  func allowedKeys() {
    for kind in LayerKind.allCases {
      let allowed = LayerCompiler.commonKeys.union(LayerCompiler.keysByKind[kind] ?? [])
      #expect(allowed == LayerCompiler.structuralKeys.union(LayerPropertyRegistry.names(of: kind)))
    }
    #expect(LayerCompiler.keysByKind[.layer] == [])
    #expect(
      LayerCompiler.keysByKind[.text] == [
        "string", "fontFamily", "fontWeight", "fontSize", "foregroundColor", "alignmentMode", "wrapped", "verticalPlacement", "italic",
        "tracking", "lineHeight", "outlineColor", "outlineWidth", "outlineOverFill",
      ])
  }
}
