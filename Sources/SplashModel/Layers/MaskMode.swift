/// Which part of a layer's `mask` decides how much of the layer shows.
///
/// Core Animation masks by the mask's alpha alone. After Effects' luma track mattes mask by
/// the matte's brightness: Rec. 709 luminance of its premultiplied colour (0.2126 R + 0.7152 G
/// + 0.0722 B), so a white matte shows the layer, a black or clear one hides it. Lottie files
/// ask for them (`tt` 3 and 4), and lottie-web, Skottie and ThorVG draw them, so the model has
/// them.
public enum MaskMode: String, Sendable, Hashable, CaseIterable {
  /// The mask's alpha, as Core Animation masks.
  case alpha
  /// The mask's luminance times its alpha.
  case luminance
}
