import SplashModel

extension AnimationCompiler {
  /// The key path an animation names, checked against the layer it is added to.
  ///
  /// An unknown key path is answered with the closest ones that layer's kind has (see
  /// `KeyPathSuggestion`) rather than with every key path of every kind, and the same mistake
  /// is reported once per preset however many layers repeat it: it was copied, and is fixed in
  /// one go.
  static func keyPath(_ cursor: JSONCursor, layerKind: LayerKind, issues: IssueCollector) throws -> LayerKeyPath {
    guard case .string(let typed) = cursor.value else {
      throw cursor.error(expected: "a key path such as \"position\", \"transform.scale\" or \"opacity\"")
    }
    if layerKind == .replicator && typed == "instanceCount" {
      // Core Animation's header calls it animatable; here the instances are counted against
      // the preset's limits when it compiles, so their number is fixed.
      throw cursor.error(
        expected: "a key path other than instanceCount: the number of instances is fixed when the preset compiles")
    }
    guard let keyPath = LayerKeyPath(rawValue: typed) else {
      throw issues.reportedOnce(cursor.error(expected: unknownKeyPathExpectation(typed, layerKind: layerKind)))
    }
    guard keyPath.layerKinds.contains(layerKind) else {
      let kinds = keyPath.layerKinds.map { "\"\($0.rawValue)\"" }.sorted().joined(separator: " or ")
      throw cursor.error(
        expected: "a key path that layers of type \"\(layerKind.rawValue)\" have (\"\(keyPath.rawValue)\" needs type \(kinds))")
    }
    return keyPath
  }

  /// What an unknown key path should have been: the closest of the layer's own key paths, or,
  /// failing those, another kind's close key path and the kind it needs.
  private static func unknownKeyPathExpectation(_ typed: String, layerKind: LayerKind) -> String {
    let expected = "a key path of a \"\(layerKind.rawValue)\" layer"
    let own = LayerKeyPath.allCases.filter { $0.layerKinds.contains(layerKind) }
    let suggestions = KeyPathSuggestion.closest(to: typed, among: own.map(\.rawValue))
    if !suggestions.isEmpty {
      return "\(expected); did you mean \(KeyPathSuggestion.alternatives(suggestions))?"
    }
    let others = LayerKeyPath.allCases.filter { !$0.layerKinds.contains(layerKind) }
    if let other = KeyPathSuggestion.closest(to: typed, among: others.map(\.rawValue), limit: 1).first,
      let kind = LayerKeyPath(rawValue: other)?.layerKinds.map(\.rawValue).sorted().first
    {
      return "\(expected) (\"\(other)\" needs type \"\(kind)\")"
    }
    let specific = own.filter { $0.layerKinds.count < LayerKind.allCases.count }.map(\.rawValue)
    let theirOwn = specific.isEmpty ? "" : ", or one of its own: \(KeyPathSuggestion.alternatives(specific))"
    return
      "\(expected): one of CALayer's, such as \"position\", \"transform.scale\" or \"opacity\"\(theirOwn) (docs/presets.md lists them all)"
  }
}
