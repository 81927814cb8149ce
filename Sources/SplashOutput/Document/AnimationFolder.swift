import Foundation
import SplashPresets

/// The animation files a preset folder holds, the one preferred for a name first: presets and
/// Lottie JSON, gzip-compressed Lottie (`.tgs`) and dotLottie archives (`.lottie`). What a file
/// holds is told by its content (`AnimationDocument`); its extension only finds it by name.
public enum AnimationFolder {
  /// The extensions of animation files, in the order a name is looked up.
  public static let fileExtensions = PresetLibrary.presetFileExtensions + ["lottie", "tgs"]

  /// The folders searched for an animation by name, finding every kind of animation file.
  public static func library(presetsDirectory: String?, environment: [String: String]) -> PresetLibrary {
    PresetLibrary.standard(
      presetsDirectory: presetsDirectory, environment: environment, executableURL: PresetSource.executableURL,
      fileExtensions: fileExtensions)
  }

  /// One folder, finding every kind of animation file: a batch's.
  public static func library(folder: String) -> PresetLibrary {
    PresetLibrary(searchFolders: [URL(fileURLWithPath: folder)], fileExtensions: fileExtensions)
  }
}
