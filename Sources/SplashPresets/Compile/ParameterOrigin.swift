/// Where parameter values came from, which decides how an image path among them is read.
public enum ParameterOrigin: Sendable {
  /// `--param` on the command line: a relative image path is relative to the working directory,
  /// and the image may lie anywhere, since nobody but the user chose it.
  case commandLine
  /// A batch manifest's row: a relative image path is relative to the preset's folder, and the
  /// image must lie inside the assets root like the preset's own images, since a manifest may
  /// come from someone else.
  case manifest
}
