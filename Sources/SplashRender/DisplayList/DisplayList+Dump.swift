/// The display list as text: what each node draws and how, one line a node, indented under its
/// superlayer (`inspect --display-list` prints it; tests read it).
///
///     logo shape: coverage
///       window layer: coverage (clipped to 20,20 – 60.5,60)
///         disk shape: coverage (clipped to 20,20 – 60.5,60)
extension DisplayList {
  public func dump() -> [String] {
    var lines: [String] = []
    for node in layers { Self.dump(node, depth: 0, role: nil, into: &lines) }
    return lines
  }

  private static func dump(_ node: DisplayNode, depth: Int, role: String?, into lines: inout [String]) {
    let layer = node.layer
    var facts: [String] = []
    if layer.properties.isHidden { facts.append("hidden") }
    if node.isCulled { facts.append("culled") }
    if node.foldsOpacity { facts.append("opacity folded") } else if node.isIsolated { facts.append("group") }
    if node.backingStore != nil { facts.append("backing store") }
    let plan = node.plan.map { ": \($0)" } ?? (node.isCulled ? "" : ": not placed (drawn offscreen)")
    let name = (role.map { "\($0) " } ?? "") + "\(layer.id) \(layer.kind.rawValue)"
    lines.append(String(repeating: "  ", count: depth) + name + (facts.isEmpty ? "" : " [\(facts.joined(separator: ", "))]") + plan)
    if let mask = node.mask { dump(mask, depth: depth + 1, role: "mask", into: &lines) }
    for sublayer in node.sublayers { dump(sublayer, depth: depth + 1, role: nil, into: &lines) }
  }
}
