import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Every structure of a Lottie file that nests or multiplies — parents, precompositions,
/// groups, repeaters — at ten times its limit is refused in one line naming where, and at its
/// limit it still compiles and presents.
@Suite("A Lottie file nested or multiplied past its limits is refused in one line")
struct LottieRecursionLimitTests {
  private typealias Support = LottieTestSupport
  private static let limits = LottieLimits()

  /// A square shape layer, `ind` `index`, optionally parented.
  private static func square(index: Int, parent: Int? = nil) -> String {
    let parentMember = parent.map { #","parent":\#($0)"# } ?? ""
    return #"""
      {"ty":4,"ind":\#(index)\#(parentMember),"ip":0,"op":60,"st":0,"ks":{},
       "shapes":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
                 {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
      """#
  }

  /// A null, `ind` `index`, moved 1 point right of its parent.
  private static func null(index: Int, parent: Int?) -> String {
    let parentMember = parent.map { #","parent":\#($0)"# } ?? ""
    return #"{"ty":3,"ind":\#(index)\#(parentMember),"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[1,0]}}}"#
  }

  /// A shape layer under a chain of `depth` nulls (`ind` 1 … depth), with `children` shape
  /// layers in all hanging from the deepest null.
  private static func parentChain(depth: Int, children: Int = 1) -> String {
    let squares = (0..<children).map { square(index: 100_000 + $0, parent: 1) }
    let nulls = (1...depth).map { null(index: $0, parent: $0 < depth ? $0 + 1 : nil) }
    return Support.document(layers: (squares + nulls).joined(separator: ","))
  }

  /// Precompositions `p0` … `p(depth − 1)`, each holding the next; the last holds a square.
  private static func nestedPrecompositions(depth: Int) -> String {
    let assets = (0..<depth).map { level -> String in
      let inner =
        level == depth - 1
        ? square(index: 1)
        : #"{"ty":0,"ind":1,"refId":"p\#(level + 1)","w":200,"h":200,"ip":0,"op":60,"st":0,"ks":{}}"#
      return #"{"id":"p\#(level)","layers":[\#(inner)]}"#
    }
    let root = #"{"ty":0,"ind":1,"refId":"p0","w":200,"h":200,"ip":0,"op":60,"st":0,"ks":{}}"#
    return Support.document(layers: root, assets: assets.joined(separator: ","))
  }

  /// A shape layer whose rectangle and fill sit `depth` groups deep.
  private static func nestedGroups(depth: Int) -> String {
    var items =
      #"{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    for _ in 0..<depth { items = #"{"ty":"gr","it":[\#(items),{"ty":"tr"}]}"# }
    return Support.document(layers: #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(items)]}"#)
  }

  /// A shape layer with `count` groups inside each other, each repeating what is before it
  /// `copies` times.
  /// `count` repeaters, each repeating the group before it `copies` times; an animated count
  /// runs from 0 to `copies` (eased past it half way) and back.
  private static func stackedRepeaters(count: Int, copies: Int, animated: Bool = false) -> String {
    let keys =
      #"[{"t":0,"s":[0],"o":{"x":[0.2],"y":[1.4]},"i":{"x":[0.8],"y":[1]}},{"t":30,"s":[\#(copies)]},{"t":60,"s":[0]}]"#
    let copiesValue = animated ? #"{"a":1,"k":\#(keys)}"# : #"{"a":0,"k":\#(copies)}"#
    let repeater = #"{"ty":"rp","c":\#(copiesValue),"o":{"a":0,"k":0},"tr":{"p":{"a":0,"k":[1,0]}}}"#
    var items =
      #"{"ty":"el","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},\#(repeater)"#
    for _ in 1..<count { items = #"{"ty":"gr","it":[\#(items),{"ty":"tr"}]},\#(repeater)"# }
    return Support.document(layers: #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(items)]}"#)
  }

  private func expectOneLineRefusal(_ text: String, containing expected: String, at path: String? = nil) {
    let message = Support.failure(text)
    #expect(message.contains(expected), "\(message.prefix(300))")
    #expect(!message.contains("\n"), "one line: \(message.prefix(300))")
    if let path { #expect(message.hasPrefix("test.json: \(path)"), "\(message.prefix(300))") }
  }

  @Test("a parent chain ten times the limit is refused where it passes the limit; one at the limit is drawn")
  func parents() throws {
    let depth = Self.limits.parentDepth
    expectOneLineRefusal(
      Self.parentChain(depth: depth * 10), containing: "expected a parent chain at most \(depth) layers long",
      at: "layers[\(depth)].parent")
    let scene = try Support.compile(Self.parentChain(depth: depth))
    // The square sits in a copy of each of its 64 parents, each moving it 1 point right.
    let chain = try #require(Support.chain(in: scene.presentation(at: 0)) { !$0.contains("(parent") })
    #expect(chain.count == depth + 1)
    #expect(abs(Support.canvasPoint(Point(x: 0, y: 0), through: chain).x - Double(depth)) < 1e-9)
  }

  @Test("each layer's copies of its parents count as layers built: thousands of children of a long chain are refused")
  func parentCopies() {
    // 200 children of a 60-deep chain would make 12 000 copies.
    expectOneLineRefusal(
      Self.parentChain(depth: 60, children: 200), containing: "expected at most \(Self.limits.layers) layers in the file")
  }

  @Test("precompositions nested ten times the limit are refused")
  func precompositions() throws {
    let depth = Self.limits.precompositionDepth
    expectOneLineRefusal(
      Self.nestedPrecompositions(depth: depth * 10), containing: "expected precompositions nested at most \(depth) deep")
    #expect(throws: Never.self) { _ = try Support.compile(Self.nestedPrecompositions(depth: depth)).presentation(at: 0) }
  }

  @Test("groups nested past the limit are refused (ten times it passes JSON's own nesting limit, also refused)")
  func groups() throws {
    let depth = Self.limits.groupDepth
    expectOneLineRefusal(Self.nestedGroups(depth: depth + 1), containing: "expected shape groups nested at most \(depth) deep")
    expectOneLineRefusal(Self.nestedGroups(depth: depth * 10), containing: "arrays and objects inside each other")
    #expect(throws: Never.self) { _ = try Support.compile(Self.nestedGroups(depth: depth)).presentation(at: 0) }
  }

  @Test("repeaters inside repeated groups multiply: three of 1000 copies are refused before anything is built")
  func stackedRepeaters() throws {
    expectOneLineRefusal(
      Self.stackedRepeaters(count: 3, copies: 1000),
      containing:
        "expected at most \(Self.limits.shapeItems) shape items in the file (precompositions count each time they are used, repeaters once per copy)"
    )
    // An animated count is counted at its most: one that starts from none is no way round.
    expectOneLineRefusal(Self.stackedRepeaters(count: 3, copies: 1000, animated: true), containing: "shape items in the file")
    // Ten stacked repeaters of 1000 would overflow a count kept in integers.
    expectOneLineRefusal(Self.stackedRepeaters(count: 10, copies: 1000), containing: "shape items in the file")
    // A grid of 10 × 10 dots is what real files do.
    let grid = try Support.compile(Self.stackedRepeaters(count: 2, copies: 10))
    #expect(grid.layers.first?.presentedIDs.count ?? 0 > 100)
  }

  @Test("in and out points past any timeline, and compositions hours long, are the file's fault, named")
  func timelineNumbers() {
    for (inPoint, outPoint, path) in [(0.0, 1e300, "op"), (-1e308, 60, "ip"), (0, 1e9, "op"), (1e15, 1e15 + 60, "ip")] {
      expectOneLineRefusal(
        Support.document(layers: Self.square(index: 1), inPoint: inPoint, outPoint: outPoint),
        containing: "expected a frame number from -10000000 to 10000000", at: path)
    }
    // Nine million frames at 30 a second: 83 hours.
    expectOneLineRefusal(
      Support.document(layers: Self.square(index: 1), outPoint: 9_000_000),
      containing: "expected a composition at most 3600 s long", at: "op")
  }
}
