import Foundation
import SplashCore
import SplashModel
import SplashOutput

/// `splashvid inspect`: the presentation values of a preset at a scene time, as JSON.
///
/// Without `--layer` it prints the whole tree (every layer with its id, mask and sublayers),
/// and for a dotLottie archive its animations; with `--layer ID` one flat object of that
/// layer's properties; with `--display-list` the frame's display list at the size `still`
/// draws it (`--size`, `--scale`, `--fit`): how each layer is drawn, one line a layer.
struct InspectCommand {
  var source: PresetSource
  /// `--time`, `--position` or `--frame`: a scene time once the preset is loaded.
  var selection: TimeSelection
  var layerID: String?
  /// `--display-list`, at this size.
  var displayList: OutputSize?

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(TimeSelection.optionNames).union(OutputSize.optionNames).union(["layer"]),
      flags: ["display-list"], shortNames: [:], repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned)
    selection = try OptionParsing.timeSelection(scanned.values)
    layerID = scanned.values["layer"]
    if scanned.flags.contains("display-list") {
      guard layerID == nil else { throw UsageError("give either --layer or --display-list, not both") }
      displayList = try OutputSize(scanned.values, maximumSide: PixelBuffer.maximumSide)
    } else if let option = ["size", "scale", "fit"].first(where: { scanned.values[$0] != nil }) {
      throw UsageError("--\(option) applies to --display-list, the only inspection drawn at a size")
    }
  }

  func run(environment: [String: String], output: (String) -> Void) throws {
    let document = try source.document(environment: environment)
    let scene = try source.scene(of: document)
    let time = try selection.sceneTime(in: scene)
    if let displayList {
      for line in Inspection.displayList(of: scene, at: time, size: displayList) { output(line) }
      return
    }
    if let layerID {
      guard let layer = Inspection.layer(layerID, of: scene, at: time) else {
        throw InspectError(layerID: layerID, available: Inspection.layerIDs(of: scene, at: time))
      }
      output(layer)
      return
    }
    // An archive's animations are listed with the tree, so that the ids to pick are at hand.
    let listing = try document.archive.map { archive in
      (animations: archive.summaries(), drawn: try source.animation ?? archive.defaultAnimation().id)
    }
    output(Inspection.tree(of: scene, at: time, archive: listing))
  }
}

/// `--layer` named no layer of the preset.
struct InspectError: Error, CustomStringConvertible {
  var layerID: String
  var available: [String]

  var description: String {
    "no layer \"\(layerID)\" in this animation; its layers are \(available.joined(separator: ", "))"
  }
}
