import CCairo
import CPangoCairo

/// The versions of the drawing libraries linked in, for `splashvid --version` and bug reports.
public enum RenderLibraryVersions {
  public static var cairo: String { String(cString: cairo_version_string()) }
  public static var pango: String { String(cString: pango_version_string()) }
}
