/// A place in a preset whose uses of definitions are expanded, named three ways.
///
/// A member a definition supplies sits in the expanded document where the use is, but the user
/// wrote it in `define`; messages name both places:
///
///     expanded  layers[3].animations[0].keyPath
///     shown     layers[3].animations[0] (use "pulse", define.animations.pulse).keyPath
///     source    define.animations.pulse.keyPath
struct DocumentLocation: Hashable {
  /// The JSON path in the expanded document, which the compiler's cursors report.
  var expanded: String
  /// The path shown in messages: the use site's path, then each definition it went through.
  var shown: String
  /// The path in the file's own text: inside a definition, the definition's path.
  var source: String

  /// The location of the document's root (or of one of its top-level members, by `member`).
  static let root = DocumentLocation(expanded: "", shown: "", source: "")

  /// Whether the location lies inside a definition (its shown path names one).
  var isInDefinition: Bool { shown != expanded }

  func member(_ key: String) -> DocumentLocation {
    func joined(_ path: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    return DocumentLocation(expanded: joined(expanded), shown: joined(shown), source: joined(source))
  }

  func element(_ index: Int) -> DocumentLocation {
    DocumentLocation(expanded: "\(expanded)[\(index)]", shown: "\(shown)[\(index)]", source: "\(source)[\(index)]")
  }

  /// The location of a definition's body as used here: still this place in the expanded
  /// document, now written at `define.KIND.NAME`.
  func using(_ name: String, of kind: DefinitionKind) -> DocumentLocation {
    let definition = "define.\(kind.rawValue).\(name)"
    return DocumentLocation(expanded: expanded, shown: "\(shown) (use \"\(name)\", \(definition))", source: definition)
  }
}
