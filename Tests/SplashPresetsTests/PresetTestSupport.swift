import Foundation

/// The repository's `presets/` folder, found from this file's location.
let repositoryPresetsFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("presets")
