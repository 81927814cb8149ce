import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// A Lottie file's slots: what a file leaves to be set, listed by kind, filled into every
/// property that names them, and set by `--param`.
@Suite("Lottie slots: listed, filled into the properties that name them, set by --param")
struct LottieSlotsTests {
  /// A square whose fill names the slot `brand` (its own colour black, the slot's orange), whose
  /// opacity names `fade`, a text layer whose document names `title`, and a `spot` slot for a
  /// position.
  static let document = LottieTestSupport.document(
    layers: """
      {"ty":4,"nm":"card","ip":0,"op":60,"ks":\(LottieTestSupport.transform(position: "[100,100]")),
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
                 {"ty":"fl","nm":"Fill 1","c":{"sid":"brand","a":0,"k":[0,0,0,1]},"o":{"sid":"fade","a":0,"k":100}}]},
      {"ty":5,"nm":"label","ip":0,"op":60,"ks":{"p":{"sid":"spot","a":0,"k":[0,0]}},
       "t":{"d":{"sid":"title","k":[{"t":0,"s":{"t":"old","s":20,"f":"Sans","fc":[0,0,0]}}]}}}
      """
  ).replacingOccurrences(
    of: "\"layers\":",
    with: """
      "slots":{"brand":{"p":{"a":0,"k":[1,0.4,0,1]}},"fade":{"p":{"a":0,"k":50}},
               "title":{"p":{"k":[{"t":0,"s":{"t":"Hi","s":20,"f":"Sans","fc":[0,0,0]}}]}},"spot":{"p":{"a":0,"k":[10,10]}}},
      "layers":
      """)

  private var root: JSONValue { get throws { try LottieCompiler.parse(Data(Self.document.utf8), file: "slots.json") } }

  @Test("the slots are listed by id, each of the kind the property naming it says, with its value")
  func listed() throws {
    let slots = LottieSlots.slots(in: try root)
    #expect(
      slots == [
        LottieSlot(id: "brand", kind: .color, defaultText: "#FF6600"), LottieSlot(id: "fade", kind: .number, defaultText: "50"),
        LottieSlot(id: "spot", kind: .other, defaultText: nil), LottieSlot(id: "title", kind: .text, defaultText: "Hi"),
      ])
  }

  @Test("a property naming a slot takes the slot's value, with or without --param")
  func filled() throws {
    let resolved = try LottieSlots.resolved(try root, overrides: [:])
    let fill = ["layers", 0, "shapes", 1] as [Any]
    #expect(LottieTestSupport.member(resolved, fill + ["c", "k"]) == .array([1, 0.4, 0, 1].map(JSONValue.number)))
    #expect(LottieTestSupport.member(resolved, fill + ["o", "k"]) == .number(50))
    #expect(LottieTestSupport.member(resolved, ["layers", 1, "t", "d", "k", 0, "s", "t"]) == .string("Hi"))
    // The compiled square is the slot's orange at half opacity.
    let scene = try LottieCompiler.compile(resolved, file: "slots.json")
    #expect(scene.layers.count == 2)
  }

  @Test("--param sets a colour, a number and a text; every property naming the slot follows")
  func overridden() throws {
    let resolved = try LottieSlots.resolved(try root, overrides: ["brand": "#0066FF", "fade": "25", "title": "Bonjour"])
    let fill = ["layers", 0, "shapes", 1] as [Any]
    #expect(LottieTestSupport.member(resolved, fill + ["c", "k"]) == .array([0, 0.4, 1, 1].map(JSONValue.number)))
    #expect(LottieTestSupport.member(resolved, fill + ["o", "k"]) == .number(25))
    // The text changes; its font, size and colour stay the slot's.
    #expect(LottieTestSupport.member(resolved, ["layers", 1, "t", "d", "k", 0, "s", "t"]) == .string("Bonjour"))
    #expect(LottieTestSupport.member(resolved, ["layers", 1, "t", "d", "k", 0, "s", "s"]) == .number(20))
  }

  @Test("what --param cannot set is refused, naming the slot: a typo (with the nearest), a position, a bad value")
  func refusals() throws {
    let cases: [([String: String], String)] = [
      (["brnad": "#000000"], "brnad: the file has no slot of that name; its slots are brand, fade, spot, title (the nearest: brand)"),
      (
        ["spot": "1,2"],
        "spot: a slot of this kind (not a colour, a number or a text) is drawn as the file gives it; it is not set by --param"
      ),
      (["fade": "half"], "fade: expected a number, found \"half\""),
      (["brand": "#12"], "brand: expected \(ColorText.expected), found \"#12\""),
    ]
    for (overrides, message) in cases {
      let error = #expect(throws: LottieSlotError.self) { try LottieSlots.resolved(try root, overrides: overrides) }
      #expect(error?.description == message)
    }
    let plain = try LottieCompiler.parse(Data(LottieTestSupport.document(layers: "").utf8), file: "plain.json")
    #expect(LottieSlots.slots(in: plain).isEmpty)
    let none = #expect(throws: LottieSlotError.self) { try LottieSlots.resolved(plain, overrides: ["brand": "red"]) }
    #expect(
      none?.description
        == "brand: the file has no slots; name a colour, an opacity or a text by key path, such as \"Layer.Group 1.Fill 1.Color\"")
  }
}
