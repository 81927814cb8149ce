// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The methods take Cairo's own names, which is what routes the backend's calls through them.

import CCairo

/// The Cairo calls that may change the clip a context draws under, counted as they are made.
///
/// Each is named as Cairo's own function: inside the backend's methods a method of the type is
/// found before the function of Cairo's module, so every such call the backend makes comes
/// through here without each call site remembering to count (a static method calling one does
/// not compile, and calls Cairo's by its module's name). `deviceClipRectangle(of:)` answers
/// from the rectangle it found last while the count holds: asked before every shape the
/// rasterizer draws, Cairo's answer (a list made and freed, the matrix set to the identity
/// and back) cost some 1,500 instructions a shape.
///
/// Counted: setting a clip, restoring a saved state (which restores its clip), pushing and
/// popping a group (the group's target), and making a context. A save, a matrix, a source or
/// an operator leave the clip as it is.
extension CairoBackend {
  func cairo_clip(_ cairo: OpaquePointer) { counted { CCairo.cairo_clip(cairo) } }
  func cairo_reset_clip(_ cairo: OpaquePointer) { counted { CCairo.cairo_reset_clip(cairo) } }
  func cairo_restore(_ cairo: OpaquePointer) { counted { CCairo.cairo_restore(cairo) } }
  func cairo_push_group(_ cairo: OpaquePointer) { counted { CCairo.cairo_push_group(cairo) } }
  func cairo_push_group_with_content(_ cairo: OpaquePointer, _ content: cairo_content_t) {
    counted { CCairo.cairo_push_group_with_content(cairo, content) }
  }
  func cairo_pop_group(_ cairo: OpaquePointer) -> OpaquePointer? { counted { CCairo.cairo_pop_group(cairo) } }
  func cairo_pop_group_to_source(_ cairo: OpaquePointer) { counted { CCairo.cairo_pop_group_to_source(cairo) } }
  func cairo_create(_ surface: OpaquePointer) -> OpaquePointer? { counted { CCairo.cairo_create(surface) } }

  /// `call`'s result, the call counted as one that may change a clip.
  private func counted<Result>(_ call: () -> Result) -> Result {
    clipChanges &+= 1
    return call()
  }
}
