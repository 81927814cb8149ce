import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Key paths, for files without slots: a layer's, a group's and an item's names, then the
/// property, with `*` for one name and `**` for any number.
@Suite("Lottie key paths: colours, opacities and texts set by the layers' names")
struct LottieKeyPathsTests {
  /// `Card`: a group with a black fill and a black stroke; `Title`: a text layer; `Badge`: a
  /// precomposition layer showing `comp`, whose layer `Dot` has a black fill.
  static let document = """
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"nm":"keys",
     "assets":[{"id":"comp","layers":[
       {"ty":4,"nm":"Dot","ip":0,"op":60,"ks":\(LottieTestSupport.transform()),
        "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}]}],
     "layers":[
       {"ty":4,"nm":"Card","ip":0,"op":60,"ks":\(LottieTestSupport.transform()),
        "shapes":[{"ty":"gr","nm":"Group 1","it":[
          {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}},
          {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}},
          {"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]},
       {"ty":5,"nm":"Title","ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"old","s":20,"f":"Sans","fc":[0,0,0]}}]}}},
       {"ty":0,"nm":"Badge","refId":"comp","ip":0,"op":60,"w":200,"h":200,"ks":\(LottieTestSupport.transform())}]}
    """

  private var root: JSONValue { get throws { try LottieCompiler.parse(Data(Self.document.utf8), file: "keys.json") } }

  private let blue = JSONValue.array([0, 0.4, 1, 1].map(JSONValue.number))
  private let black = JSONValue.array([0, 0, 0, 1].map(JSONValue.number))
  private let group = ["layers", 0, "shapes", 0, "it"] as [Any]

  @Test("the file's settable properties, each by its full key path")
  func listed() throws {
    let paths = LottieKeyPaths.targets(in: try root).map { $0.keyPath.joined(separator: ".") }
    #expect(
      paths == [
        "Card.Transform.Opacity", "Card.Group 1.Fill 1.Color", "Card.Group 1.Fill 1.Opacity", "Card.Group 1.Stroke 1.Color",
        "Card.Group 1.Stroke 1.Opacity", "Card.Group 1.Stroke 1.Stroke Width", "Card.Group 1.Transform.Opacity", "Title.Transform.Opacity",
        "Title.Text",
        "Badge.Transform.Opacity", "Badge.Dot.Transform.Opacity", "Badge.Dot.Fill 1.Color", "Badge.Dot.Fill 1.Opacity",
      ])
  }

  @Test("one name each: the fill alone changes")
  func exact() throws {
    let set = try LottieSlots.resolved(try root, overrides: ["Card.Group 1.Fill 1.Color": "#0066FF"])
    #expect(LottieTestSupport.member(set, group + [1, "c", "k"]) == blue && LottieTestSupport.member(set, group + [2, "c", "k"]) == black)
  }

  @Test("** and *: every colour of the card; every top-level layer's opacity; through a precomposition")
  func wildcards() throws {
    let colours = try LottieSlots.resolved(try root, overrides: ["Card.**.Color": "#0066FF"])
    #expect(
      LottieTestSupport.member(colours, group + [1, "c", "k"]) == blue && LottieTestSupport.member(colours, group + [2, "c", "k"]) == blue)
    #expect(LottieTestSupport.member(colours, ["assets", 0, "layers", 0, "shapes", 1, "c", "k"]) == black, "not the badge's")
    let faded = try LottieSlots.resolved(try root, overrides: ["*.Transform.Opacity": "50"])
    #expect((0..<3).allSatisfy { LottieTestSupport.member(faded, ["layers", $0, "ks", "o", "k"]) == .number(50) })
    #expect(LottieTestSupport.member(faded, ["assets", 0, "layers", 0, "ks", "o", "k"]) == .number(100), "one name: top-level layers only")
    let dot = try LottieSlots.resolved(try root, overrides: ["Badge.Dot.Fill 1.Color": "#0066FF"])
    #expect(LottieTestSupport.member(dot, ["assets", 0, "layers", 0, "shapes", 1, "c", "k"]) == blue)
  }

  @Test("a text layer's text changes, keeping its font and size; the compiled layer shows it")
  func text() throws {
    let set = try LottieSlots.resolved(try root, overrides: ["Title.Text": "Bonjour"])
    #expect(LottieTestSupport.member(set, ["layers", 1, "t", "d", "k", 0, "s", "t"]) == .string("Bonjour"))
    #expect(LottieTestSupport.member(set, ["layers", 1, "t", "d", "k", 0, "s", "s"]) == .number(20))
  }

  @Test("a key path that names nothing is refused with the nearest; a value out of range too")
  func refusals() throws {
    let typo = #expect(throws: LottieSlotError.self) { try LottieSlots.resolved(try root, overrides: ["Card.Group 1.Fil 1.Color": "red"]) }
    #expect(
      typo?.description
        == "Card.Group 1.Fil 1.Color: no slot, and no colour, opacity or text at that key path; the nearest: Card.Group 1.Fill 1.Color")
    let opacity = #expect(throws: LottieSlotError.self) { try LottieSlots.resolved(try root, overrides: ["Card.Transform.Opacity": "150"]) }
    #expect(opacity?.description == "Card.Transform.Opacity: expected an opacity from 0 to 100 (percent), found \"150\"")
    let bare = #expect(throws: LottieSlotError.self) { try LottieSlots.resolved(try root, overrides: ["Card": "red"]) }
    #expect(bare?.description.hasPrefix("Card: the file has no slots; name a colour, an opacity or a text by key path") == true)
  }
}
