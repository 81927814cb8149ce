import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("Parameters and validation from the command line")
struct ParameterAndValidateTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("--param changes a colour and a text, and the frame shows it")
  func parameters() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let arguments = [
      "--preset", "welcome", "--time", "5", "--presets-dir", presets, "--param", "secondaryColor=#FF0000", "--param", "labelText=Bonjour",
    ]
    let still = try BinaryRunner.run(["still"] + arguments + ["--scale", "1", "-o", "end.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    let data = try Data(contentsOf: folder.appendingPathComponent("end.png"))
    #expect(data.count > 100)
    let inspect = try BinaryRunner.run(["inspect"] + arguments + ["--layer", "label"], in: folder)
    let label = try #require(try JSONSerialization.jsonObject(with: Data(inspect.standardOutput.utf8)) as? [String: Any])
    #expect(label["string"] as? String == "Bonjour")
    let screen = try BinaryRunner.run(["inspect"] + arguments + ["--layer", "screen"], in: folder)
    let background = try #require(try JSONSerialization.jsonObject(with: Data(screen.standardOutput.utf8)) as? [String: Any])
    #expect(background["backgroundColor"] as? String == "#FF0000FF")
  }

  @Test("a mistyped or malformed --param is refused with the preset's parameters")
  func badParameters() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let unknown = try BinaryRunner.run(
      ["still", "--preset", "welcome", "--time", "1", "--presets-dir", presets, "--param", "labelTxt=Hi", "-o", "x.png"], in: folder)
    #expect(unknown.exitCode == 1)
    #expect(
      unknown.standardError.contains(
        "expected a parameter of this preset (labelColor, labelText, primaryColor, secondaryColor), found --param labelTxt"))
    let malformed = try BinaryRunner.run(
      ["still", "--preset", "welcome", "--time", "1", "--presets-dir", presets, "--param", "primaryColor=pink-ish", "-o", "x.png"],
      in: folder)
    #expect(malformed.exitCode == 1 && malformed.standardError.contains("--param primaryColor: expected a colour"))
    let shape = try BinaryRunner.run(["still", "--preset", "welcome", "--time", "1", "--param", "oops", "-o", "x.png"], in: folder)
    #expect(shape.exitCode == 64 && shape.standardError.contains("--param oops: expected NAME=VALUE"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("validate passes the shipped presets and lists every problem of the broken ones")
  func validate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let good = try BinaryRunner.run(["validate", presets], in: folder)
    #expect(good.exitCode == 0, "\(good.standardOutput)")
    #expect(good.standardOutput.contains("ok \(presets)/fuber.json5"))
    let broken = BinaryRunner.repository.appendingPathComponent("Tests/SplashPresetsTests/Broken").path
    let bad = try BinaryRunner.run(["validate", broken], in: folder)
    #expect(bad.exitCode == 1)
    let lines = bad.standardOutput.split(separator: "\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: broken).filter { $0.hasSuffix(".json5") }.count
    #expect(lines.last?.hasSuffix("problems in \(files) of \(files) files") == true, "\(lines.last ?? "")")
    #expect(lines.filter { $0.contains("25-several-problems.json5: ") }.count == 3)
  }

  @Test("presets lists each preset with its loop and parameters")
  func listing() throws {
    let outcome = try BinaryRunner.run(["presets", "--presets-dir", presets], in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput.contains("fuber  375x667 pt  loop 3 s from t = 0.9 s"))
    #expect(outcome.standardOutput.contains("logo-reveal  375x667 pt  loop 7 s (5.5 s + 1.5 s hold)"))
    #expect(outcome.standardOutput.contains("    --param labelText=Welcome  (text)"))
  }
}
