import SplashDocument

/// A marker of a Lottie file's timeline (`markers`): a name, a frame and a duration in frames,
/// as After Effects' composition markers are exported.
///
/// Players take a marker's name from `cm`, or, when `cm` is a JSON object (Bodymovin writes a
/// marker's comment that way when it holds settings), from its `name` member, as lottie-web's
/// marker parser does. A marker that gives no name or frame is passed over with a warning, as
/// players pass over it; it is only a place to start from, never something drawn.
struct LottieMarker {
  var name: String
  /// `tm`: the frame it starts at.
  var frame: Double
  /// `dr`: its length in frames (0 for a marker at one frame).
  var duration: Double

  /// The markers of `root`, in the file's order; the first of several with one name wins, as
  /// lottie-web's `getMarkerByName` finds it.
  static func list(_ root: LottieCursor, context: LottieContext) -> [LottieMarker] {
    guard let cursors = try? root["markers"]?.array() else {
      if root["markers"] != nil { context.warnings.note("markers that are not an array are not read", at: "markers") }
      return []
    }
    var markers: [LottieMarker] = []
    for cursor in cursors {
      guard let comment = try? cursor.required("cm").string(), let name = Self.name(comment: comment), !name.isEmpty,
        let frame = try? cursor.required("tm").number(), let duration = try? (cursor["dr"]?.number() ?? 0), duration >= 0
      else {
        context.warnings.note("a marker without a name (cm), a frame (tm) or a length (dr) of 0 or more is not read", at: cursor.jsonPath)
        continue
      }
      guard !markers.contains(where: { $0.name == name }) else {
        context.warnings.note("a second marker of the same name is not read (the first is the one --segment takes)", at: cursor.jsonPath)
        continue
      }
      markers.append(LottieMarker(name: name, frame: frame, duration: duration))
    }
    return markers
  }

  /// The name a marker's comment gives: the comment, or the `name` of the JSON object it holds.
  private static func name(comment: String) -> String? {
    guard comment.first == "{", let object = try? JSON5Parser.parse(Array(comment.utf8), duplicateKeys: .lastWins),
      case .object(let members) = object
    else { return comment }
    guard case .string(let name)? = members["name"] else { return nil }
    return name
  }
}
