extension Unicode.Scalar {
  /// Whether the character is shown escaped wherever splashvid prints text it did not write
  /// (a path, a preset's text, a manifest's value): a control character (C0, DEL, C1), a line
  /// or paragraph separator, or a format character (Unicode's category Cf: the bidirectional
  /// overrides, embeddings and isolates such as U+202E, zero-width spaces and joiners, the byte
  /// order mark).
  ///
  /// Printed raw, these split a message, drive the terminal, or reorder and hide what follows
  /// them: `clip\u{202E}4pm.exe` shows as `clipexe.mp4`, so a message would not name the
  /// file it is about.
  public var needsVisibleEscape: Bool {
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    switch properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }
}
