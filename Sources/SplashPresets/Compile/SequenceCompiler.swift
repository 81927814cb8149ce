import SplashCore
import SplashDocument
import SplashModel

/// A preset's `sequence`: scenes played one after another, each another file.
///
///     sequence: [
///       { id: "intro", file: "intro.json5" },
///       { id: "spin", file: "badge.json", segment: "spin", loops: 2, transition: { type: "crossFade", duration: 0.4 } },
///       { id: "card", file: "card.json5", duration: 2, transition: { type: "crossFade", duration: 0.3 } },
///     ],
enum SequenceCompiler {
  /// The most scenes a sequence may hold.
  static let maximumScenes = 100

  static func scenes(_ cursor: JSONCursor, compiler: LayerCompiler) throws -> [SequenceScene] {
    let entries = try cursor.array()
    guard !entries.isEmpty, entries.count <= maximumScenes else {
      throw cursor.error(expected: "from 1 to \(maximumScenes) scenes")
    }
    var names: Set<String> = []
    return try entries.map { entry in
      let members = try entry.object(allowedKeys: ["id", "file", "duration", "loops", "segment", "speed", "gravity", "transition"])
      guard let fileCursor = members["file"] else { throw entry.error("missing \"file\"") }
      var scene = SequenceScene(
        path: try compiler.assetPath(fileCursor, what: "a preset or Lottie file", limit: PresetLimits.embeddedFileBytes))
      if let value = members["id"] {
        let name = try value.string()
        guard !name.isEmpty, !names.contains(name) else { throw value.error(expected: "a scene id not used by another scene") }
        names.insert(name)
        scene.name = name
      }
      if let value = members["duration"] {
        scene.duration = try value.number(in: 0.001...3_600, expected: "a duration in seconds from 0.001 to 3600")
      }
      if let value = members["loops"] {
        let loops = try value.number(in: 1...1_000, expected: "a whole number of loops from 1 to 1000")
        guard loops == loops.rounded() else { throw value.error(expected: "a whole number of loops from 1 to 1000") }
        scene.loops = Int(loops)
      }
      if let value = members["segment"] { scene.segment = try value.string() }
      if let value = members["speed"] { scene.speed = try value.number(in: 0.01...100, expected: "a speed from 0.01 to 100") }
      if let value = members["gravity"] {
        let gravity = try value.choice(LayerContents.Gravity.self)
        guard [.resize, .resizeAspect, .resizeAspectFill].contains(gravity) else {
          throw value.error(expected: "resize, resizeAspect or resizeAspectFill")
        }
        scene.gravity = gravity
      }
      if let value = members["transition"] { scene.transition = try transition(value) }
      return scene
    }
  }

  /// `{ type: "cut" }` or `{ type: "crossFade", duration: 0.4 }`.
  private static func transition(_ cursor: JSONCursor) throws -> SequenceScene.Transition {
    let members = try cursor.object(allowedKeys: ["type", "duration"])
    guard let typeCursor = members["type"] else { throw cursor.error("missing \"type\"") }
    switch try typeCursor.string() {
    case "cut":
      if let duration = members["duration"] { throw duration.error(expected: "no duration for a cut") }
      return .cut
    case "crossFade":
      guard let durationCursor = members["duration"] else { throw cursor.error("missing \"duration\"") }
      return .crossFade(duration: try durationCursor.number(in: 0.001...60, expected: "a duration in seconds from 0.001 to 60"))
    default:
      throw typeCursor.error(expected: "a transition type: cut or crossFade")
    }
  }
}
