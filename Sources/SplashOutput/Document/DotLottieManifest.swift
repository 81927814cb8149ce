import SplashDocument

/// The fields of a dotLottie archive's `manifest.json` that decide what is drawn: the
/// animations it lists, the one a player shows first, and the themes it offers.
///
/// Both versions are read, by their fields rather than by `version`, since exporters disagree
/// on how to write it (`"2"`, `"1.0"`, `1`):
///
/// - version 2 (dotlottie.io/spec/2.0; dotlottie-rs `fms/manifest.rs`): `animations[].id`,
///   `animations[].initialTheme`, `themes[].id`, `stateMachines[].id`, and
///   `initial.animation`, the animation a player starts with;
/// - version 1 (dotlottie.io/structure; dotlottie-js 0.x `Manifest`): `animations[].id` with
///   playback settings (`speed`, `loop`, `direction`, `playMode`), `animations[].defaultTheme`,
///   `themes[]` as `{id, animations}`, and `activeAnimationId`.
///
/// Players without an initial animation start with the first listed (dotlottie-rs
/// `DotLottieManager::new`; the v1 players read `activeAnimationId` first).
struct DotLottieManifest {
  /// An animation the manifest lists.
  struct Animation {
    var id: String
    /// Its JSON path, for messages: `animations[2].id`.
    var path: String
    /// The theme a player applies when it loads the animation (`initialTheme`, v1 `defaultTheme`).
    var initialTheme: String?
    /// The themes the animation offers (`animations[].themes`); empty when it names none.
    var themes: [String] = []
  }

  var animations: [Animation] = []
  /// The animation a player shows first, as the manifest names it (`initial.animation`, else
  /// `activeAnimationId`), with the JSON path it is at.
  var initialAnimation: (id: String, path: String)?
  /// The ids of the themes the archive offers (`themes[].id`, or plain strings).
  var themes: [String] = []

  /// Reads the fields from the parsed manifest; anything missing or of another type is left
  /// out, as players leave it (a manifest is metadata: the animations are the content).
  init(_ document: JSONValue) {
    guard case .object(let members) = document else { return }
    if case .array(let listed)? = members["animations"] {
      for (index, entry) in listed.enumerated() {
        guard case .object(let fields) = entry, case .string(let id)? = fields["id"] else { continue }
        var theme: String?
        if case .string(let initial)? = fields["initialTheme"] ?? fields["defaultTheme"], !initial.isEmpty { theme = initial }
        var offered: [String] = []
        if case .array(let listed)? = fields["themes"] {
          offered = listed.compactMap { if case .string(let id) = $0, !id.isEmpty { id } else { nil } }
        }
        animations.append(Animation(id: id, path: "animations[\(index)].id", initialTheme: theme, themes: offered))
      }
    }
    if case .object(let initial)? = members["initial"], case .string(let id)? = initial["animation"], !id.isEmpty {
      initialAnimation = (id, "initial.animation")
    } else if case .string(let id)? = members["activeAnimationId"], !id.isEmpty {
      initialAnimation = (id, "activeAnimationId")
    }
    if case .array(let listed)? = members["themes"] {
      themes = listed.compactMap { theme in
        if case .string(let id) = theme { return id }
        if case .object(let fields) = theme, case .string(let id)? = fields["id"] { return id }
        return nil
      }
    }
  }

  /// An empty manifest: an archive without one.
  init() {}
}
