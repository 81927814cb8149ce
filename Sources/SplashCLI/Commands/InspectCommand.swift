import Foundation
import SplashModel
import SplashOutput

/// `splashvid inspect`: the presentation values of a preset at a scene time, as JSON.
///
/// Without `--layer` it prints the whole tree (every layer with its id, mask and sublayers),
/// and for a dotLottie archive its animations; with `--layer ID` one flat object of that
/// layer's properties.
struct InspectCommand {
  var source: PresetSource
  /// `--time`, `--position` or `--frame`: a scene time once the preset is loaded.
  var selection: TimeSelection
  var layerID: String?

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(TimeSelection.optionNames).union(["layer"]), flags: [], shortNames: [:],
      repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned)
    selection = try OptionParsing.timeSelection(scanned.values)
    layerID = scanned.values["layer"]
  }

  func run(environment: [String: String], output: (String) -> Void) throws {
    let document = try source.document(environment: environment)
    let scene = try source.scene(of: document)
    let time = try selection.sceneTime(in: scene)
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
