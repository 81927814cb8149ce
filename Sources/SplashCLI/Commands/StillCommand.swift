import Foundation
import SplashCairo
import SplashCore
import SplashOutput
import SplashRender

/// `splashvid still`: one frame of a preset at a scene time, as a PNG.
struct StillCommand {
  var source: PresetSource
  /// `--time`, `--position` or `--frame`: a scene time once the preset is loaded.
  var selection: TimeSelection
  var outputSize: OutputSize
  var outputPath: String
  /// `--transparent`: no canvas background, so the PNG is clear where no layer draws.
  var isTransparent = false

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(OutputSize.optionNames).union(TimeSelection.optionNames).union(["output"]),
      flags: ["transparent"], shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    isTransparent = scanned.flags.contains("transparent")
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned)
    selection = try OptionParsing.timeSelection(scanned.values)
    outputSize = try OutputSize(scanned.values, maximumSide: PixelBuffer.maximumSide, requiresEven: false)
    guard let output = scanned.values["output"], !output.isEmpty else {
      throw UsageError("name the output file with -o FILE.png")
    }
    try OutputPaths.checkName(output)
    // PNG data under another extension would be opened by the wrong program, or by none.
    guard output.lowercased().hasSuffix(".png") else {
      throw UsageError("-o \(output): still writes a PNG image; name it FILE.png")
    }
    outputPath = output
  }

  func run(environment: [String: String], log: @escaping (String) -> Void) throws {
    var scene = try source.load(environment: environment, warn: { log("splashvid: \($0)") })
    if isTransparent { scene.backgroundColor = .clear }
    let time = try selection.sceneTime(in: scene)
    try OutputPaths.checkNoInputOverwritten(files: [outputPath], inputs: try source.inputs(scene, environment: environment))
    let size = outputSize.resolve(canvas: scene.canvasSize, requiresEven: false)
    guard let buffer = PixelBuffer(width: size.width, height: size.height) else {
      throw RenderError(stage: "allocating the still", message: "\(size.width)x\(size.height) is too large")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: size.width, pixelHeight: size.height, fit: outputSize.fit)
    try CairoBackend { log("splashvid: warning: \($0)") }.render(scene.presentation(at: time), viewport: viewport, into: buffer)
    // Made only now that the picture is drawn, and unmade if it cannot be written.
    let folders = try OutputFolders(creating: [(OutputFile.split(outputPath).folder, outputPath)])
    do {
      try PNGWriter.write(buffer, to: outputPath)
    } catch {
      folders.removeCreated()
      throw error
    }
    for message in folders.messages { log(message) }
    // Rounded to a microsecond so that --position 0.1 reads 1.2, not 1.2000000000000002; a
    // document with frame numbers also names the frame.
    var shown = OptionParsing.decimalText((time * 1e6).rounded() / 1e6)
    if !shown.contains(".") && !shown.contains("e") { shown += ".0" }
    let frame = scene.frameNumbering.map { ", frame \(OptionParsing.decimalText(($0.framesPerSecond * time * 1e3).rounded() / 1e3))" } ?? ""
    log("wrote \(outputPath): t = \(shown) s\(frame), \(size.width)x\(size.height)")
  }
}
