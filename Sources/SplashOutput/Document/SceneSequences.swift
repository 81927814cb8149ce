import Foundation
import SplashCore
import SplashDocument
import SplashModel

/// A preset's `sequence` put in place: each scene's file compiled (a preset or a Lottie file,
/// as `--file` compiles it) and shown in a layer that fills the canvas, alive from its start
/// to its end, its file's time starting when it starts. The scenes are laid end to end, each
/// overlapping the one before by its transition:
///
///     scene 1   S1 ━━━━━━━━━━━━━━━━━━━━━━━ E1
///     scene 2               S2 ░░fade░░ ━━━━━━━━━━━━━━━━━ E2        S2 = E1 − its cross-fade
///     scene 3                                         S3 ━━━━━━━━ E3   (cut: S3 = E2)
///     clip      0 ────────────────────────────────────────────────── E3 (+ clip.hold)
///
/// A scene's layer is filled with its file's canvas colour (a Lottie file's, which has none,
/// with the sequence's), so a cross-fade of opaque scenes is a true cross-dissolve: the new
/// scene at opacity p over the old one at full opacity is p · new + (1 − p) · old. Named scenes
/// are the clip's segments (`--segment intro`).
enum SceneSequences {
  /// `scene` with its sequence's scenes as its first layers, its clip their length.
  ///
  /// - Throws: `DocumentError` naming a file that cannot be read or compiled, that shows
  ///   itself, or a segment it does not have.
  static func resolve(
    _ scene: Scene, reader: any DocumentReader, warn: ((DocumentError) -> Void)?, chain: [String]
  ) throws -> Scene {
    guard !scene.sequence.isEmpty else { return scene }
    var layers: [Layer] = []
    var segments: [ClipSegment] = []
    var end = 0.0
    for (index, entry) in scene.sequence.enumerated() {
      let (document, file) = try EmbeddedAnimations.compiled(at: entry.path, reader: reader, warn: warn, chain: chain)
      let id = entry.name ?? "scene \(index + 1)"
      // The first scene fades in from the canvas; later ones over the scene before.
      let start = index == 0 ? 0 : max(end - entry.transition.overlap, 0)
      let range = try EmbeddedAnimations.range(of: file, segment: entry.segment, path: entry.path, naming: .segmentsOrMarkers)
      let length = entry.duration ?? Double(entry.loops) * (range.end - range.start) / entry.speed
      guard length > entry.transition.overlap || index == 0 else {
        throw DocumentError(
          file: entry.path, path: "",
          expected: "a scene longer than its cross-fade (\(DecimalText.shortest(entry.transition.overlap)) s) in the sequence",
          found: "\(DecimalText.shortest(length)) s")
      }
      var properties = LayerProperties()
      properties.bounds = Rect(x: 0, y: 0, width: scene.canvasSize.width, height: scene.canvasSize.height)
      properties.position = Point(x: scene.canvasSize.width / 2, y: scene.canvasSize.height / 2)
      // A Lottie file's canvas colour is no choice of its author's (white, unless asked clear).
      properties.backgroundColor = document.isLottie ? scene.backgroundColor : file.backgroundColor
      // The last scene stays: the clip's hold, and a still at its end, show its final state.
      let isLast = index == scene.sequence.count - 1
      var layer = Layer(
        id: id, properties: properties, lifetime: LayerLifetime(addedAt: start, removedAt: isLast ? .infinity : start + length))
      let embedded = EmbeddedAnimation(
        path: entry.path, beginTime: start, speed: entry.speed, repeats: true, segment: entry.segment, gravity: entry.gravity)
      var container = EmbeddedAnimations.container(for: layer, embedded: embedded, file: file, range: range, name: "scene")
      container.timeRemap?.activeDuration = length
      layer.sublayers = [container]
      if case .crossFade(let duration) = entry.transition {
        layer.animations = [
          .property(
            PropertyAnimation(
              keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(beginTime: start, duration: duration),
              values: .basic(from: .scalar(0), to: .scalar(1), by: nil)))
        ]
      }
      layers.append(layer)
      if let name = entry.name { segments.append(ClipSegment(name: name, start: start, end: start + length)) }
      end = start + length
    }
    var resolved = scene
    resolved.layers = layers + scene.layers
    resolved.clip = ClipWindow(start: 0, cycle: end, hold: scene.clip.hold)
    resolved.segments = segments + scene.segments
    resolved.sequence = []
    return resolved
  }
}
