import CPangoCairo

/// Turns the font a preset names (as iOS code names it) into an installed family and weight.
///
/// iOS code names fonts by PostScript name (`HelveticaNeue-Thin`) or family (`Helvetica Neue`);
/// neither Helvetica Neue nor San Francisco can be installed on Linux. The rules, in order:
/// 1. A style suffix that names a weight (`-UltraLight` 100, `-Thin` 200, `-Light` 300,
///    `-Regular` 400, `-Medium` 500, `-Semibold` 600, `-Bold` 700, `-Heavy` 800, `-Black` 900)
///    sets the weight and is removed from the family.
/// 2. The family is used if installed (compared without case and spaces: `HelveticaNeue`
///    matches `Helvetica Neue`).
/// 3. Otherwise Apple's system families (Helvetica, Helvetica Neue, SF Pro, San Francisco,
///    `.SFUI…`, system) fall back to Lato, whose hairline-to-black weights stand in for them,
///    and any other family to DejaVu Sans; the backend warns once per missing family.
/// Glyphs the chosen font lacks (CJK, emoji) are found by fontconfig's own fallback.
final class FontResolver {
  struct Resolution: Equatable {
    var family: String
    var weight: Double
    /// Set when the requested family is not installed: what to tell the user.
    var warning: String?
  }

  static let appleSystemFamilies = [
    "helvetica", "helveticaneue", "sfpro", "sfprodisplay", "sfprotext", "sanfrancisco", "system", "applesystemuifont",
  ]
  static let weightSuffixes: [String: Double] = [
    "ultralight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
    "heavy": 800, "black": 900,
  ]

  private let installed: [String: String]
  private var cache: [String: Resolution] = [:]

  /// Reads the installed families from Pango's default font map once.
  init() {
    var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
    var count: Int32 = 0
    let fontMap = pango_cairo_font_map_get_default()
    pango_font_map_list_families(fontMap, &families, &count)
    var names: [String: String] = [:]
    if let families {
      for index in 0..<Int(count) {
        if let family = families[index], let name = pango_font_family_get_name(family) {
          let text = String(cString: name)
          names[Self.key(text)] = text
        }
      }
      splash_free_families(families)
    }
    installed = names
  }

  /// Whether a family of this name is installed.
  func isInstalled(_ family: String) -> Bool { installed[Self.key(family)] != nil }

  func resolve(family requested: String, weight: Double) -> Resolution {
    let cacheKey = "\(requested)|\(weight)"
    if let cached = cache[cacheKey] { return cached }
    var family = requested
    var resolvedWeight = weight
    if let dash = requested.lastIndex(of: "-") {
      let suffix = requested[requested.index(after: dash)...].lowercased()
      if let named = Self.weightSuffixes[suffix] {
        family = String(requested[..<dash])
        resolvedWeight = named
      }
    }
    let resolution: Resolution
    if let exact = installed[Self.key(family)] {
      resolution = Resolution(family: exact, weight: resolvedWeight, warning: nil)
    } else {
      let normalized = Self.key(family)
      let isAppleSystem = normalized.hasPrefix(".sf") || Self.appleSystemFamilies.contains(normalized)
      let fallback = isAppleSystem && isInstalled("Lato") ? "Lato" : "DejaVu Sans"
      resolution = Resolution(
        family: fallback, weight: resolvedWeight,
        warning: "font \"\(requested)\" is not installed; using \(fallback) at weight \(Int(resolvedWeight)) instead")
    }
    cache[cacheKey] = resolution
    return resolution
  }

  private static func key(_ name: String) -> String {
    name.lowercased().filter { $0 != " " }
  }
}
