import Foundation
import Testing

/// A Lottie text layer through the binary: `inspect` shows what the model's text layer holds,
/// and `still` says when the file's font is not installed.
@Suite("Lottie text through the binary: inspect shows the text style, still warns of a missing font")
struct LottieTextCommandTests {
  static let document = """
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":80,"nm":"title",
     "fonts":{"list":[{"fName":"NoSuchFont-Bold","fFamily":"No Such Font","fStyle":"Bold"}]},
     "layers":[{"ty":5,"nm":"title","ip":0,"op":30,"ks":{"p":{"a":0,"k":[100,50]}},
       "t":{"d":{"k":[{"t":0,"s":{"t":"Hello","s":30,"f":"NoSuchFont-Bold","j":2,"tr":100,"fc":[0,0,0],"sc":[1,0,0],"sw":2}}]},
            "p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
    """

  private func folder() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.document.write(to: folder.appendingPathComponent("title.json"), atomically: false, encoding: .utf8)
    return folder
  }

  @Test("inspect lists the line's text style: the family, weight, baseline placement, tracking and outline")
  func inspect() throws {
    let folder = try folder()
    let outcome = try BinaryRunner.run(["inspect", "--file", "title.json", "--time", "0", "--layer", "title/line 1"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    #expect(object["type"] as? String == "text")
    #expect(object["string"] as? String == "Hello")
    #expect(object["fontFamily"] as? String == "No Such Font")
    #expect(object["fontWeight"] as? Double == 700)
    #expect(object["alignmentMode"] as? String == "center")
    #expect(object["verticalPlacement"] as? String == "firstBaseline")
    #expect(object["tracking"] as? Double == 3)
    #expect(object["outlineColor"] as? String == "#FF0000FF")
    #expect(object["outlineWidth"] as? Double == 2)
    #expect(object["outlineOverFill"] as? Bool == false)
    #expect(object["italic"] as? Bool == false)
  }

  @Test("still draws the text and says which font stands in for the missing one; validate has nothing to say")
  func missingFont() throws {
    let folder = try folder()
    let still = try BinaryRunner.run(["still", "--file", "title.json", "--time", "0", "-o", "title.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    #expect(
      still.standardError.contains(#"warning: font "No Such Font" is not installed; using DejaVu Sans at weight 700 instead"#),
      "\(still.standardError)")
    let validate = try BinaryRunner.run(["validate", "title.json"], in: folder)
    #expect(validate.standardOutput == "ok title.json\n", "\(validate.standardOutput)")
  }
}
