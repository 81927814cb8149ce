import Foundation

/// The sizes a preset may reach, each checked before anything of that size is built.
///
/// A preset comes from someone else as often as not (a shared folder, a render service); these
/// keep a mistaken or hostile one from exhausting memory or time. Each limit is far above what
/// a splash animation needs: the three seed presets use at most 84 layers, 80 animations, 11
/// keyframes and 30 path elements.
public enum PresetLimits {
  public static let layers = 10_000
  public static let animations = 50_000
  public static let keyframes = 10_000
  public static let pathElements = 100_000
  /// Sublayers inside sublayers, groups inside groups, definitions using definitions and named
  /// numbers reading named numbers.
  public static let depth = 64
  /// A replicator's `instanceCount` (its instances also count as layers and animations):
  /// spinners have 8 to 30, a grid from two nested replicators a few hundred.
  public static let replicatorInstances = 1000
  /// Characters (Unicode scalars) in a text layer's string, after parameters are substituted.
  /// Pango holds a line's width in 32-bit Pango units (1/1024 pixel), at most 2 097 152
  /// pixels; the renderer lays text out at 256 points at most, so 1000 characters stay well
  /// inside it (`TextLimits` in SplashCairo). A splash label is a word or a sentence.
  public static let textCharacters = 1000
  /// An image file's size in bytes (its pixel count is checked when it is decoded).
  public static let imageFileBytes = 64 * 1024 * 1024
  /// A Lottie file a layer shows (`lottie.file`): as large as any file `--file` reads.
  public static let embeddedFileBytes = PresetLoader.maximumFileSize
  /// A video file a layer shows (`video.file`): 8 GiB, an hour of 4K at a phone's bit rate.
  /// Only its packets are read (none is held), so size costs reading time, not memory.
  public static let videoFileBytes = 8 * 1024 * 1024 * 1024
}

/// Counts a preset's layers and animations against `PresetLimits` while it compiles.
final class PresetBudget {
  private(set) var layers = 0
  private(set) var animations = 0

  func addLayer(at cursor: JSONCursor) throws {
    layers += 1
    guard layers <= PresetLimits.layers else {
      throw cursor.error("more than \(PresetLimits.layers) layers in the preset (\(Self.whatCounts))")
    }
  }

  /// What, besides the layers written out, makes a preset's layers: the reason a preset of a
  /// few lines can reach the limit.
  private static let whatCounts = "grid cells, masks and replicator instances count"

  /// Counts a replicator's instances: the layers and animations its copies add.
  func addInstances(layers added: Int, animations addedAnimations: Int, at cursor: JSONCursor) throws {
    layers += added
    animations += addedAnimations
    guard layers <= PresetLimits.layers else {
      throw cursor.error("more than \(PresetLimits.layers) layers in the preset (\(Self.whatCounts))")
    }
    guard animations <= PresetLimits.animations else {
      throw cursor.error("more than \(PresetLimits.animations) animations in the preset (replicator instances count)")
    }
  }

  func addAnimation(at cursor: JSONCursor) throws {
    animations += 1
    guard animations <= PresetLimits.animations else {
      throw cursor.error("more than \(PresetLimits.animations) animations in the preset")
    }
  }
}
