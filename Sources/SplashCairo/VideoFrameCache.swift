import CCairo
import SplashModel
import SplashRender

/// The frames video layers show, for one worker: a decoder per video, and the one frame it
/// last decoded as a Cairo surface, which later frames showing the same video frame reuse.
///
/// A frame of the scene draws each video once, so one surface per video is all that is held:
/// its pixels, plus what its decoder keeps to decode the next (its reference pictures).
final class VideoFrameCache {
  /// A video's decoder and the surface of the frame it last gave, changed in place.
  private final class Entry {
    let decoder: any VideoFrameDecoder
    let image: CairoImage
    /// The frame the surface holds; `nil` while it holds none whole.
    var shownIndex: Int?

    init(decoder: any VideoFrameDecoder, image: CairoImage) {
      self.decoder = decoder
      self.image = image
    }
  }

  private var entries: [String: Entry] = [:]

  /// The picture of `frame`, decoded unless it is the one shown last.
  ///
  /// - Throws: `RenderError` naming the video and the frame when decoding fails.
  func image(of frame: VideoFrame) throws -> CairoImage {
    let entry = try entries[frame.source.path] ?? opened(frame.source)
    guard entry.shownIndex != frame.index else { return entry.image }
    let surface = entry.image.surface
    cairo_surface_flush(surface)
    guard let pixels = cairo_image_surface_get_data(surface) else {
      throw RenderError(stage: "decoding video \(frame.source.path)", message: "the frame's surface has no pixels")
    }
    // Unknown until decoded: a failure part way leaves no frame taken for a whole one, and
    // nothing made from the last frame.
    entry.shownIndex = nil
    entry.image.pixelsChanged()
    do {
      try entry.decoder.decodeFrame(
        frame.index, into: UnsafeMutableRawPointer(pixels), bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
    } catch {
      throw RenderError(stage: "decoding a video layer's frame", message: "\(error)")
    }
    cairo_surface_mark_dirty(surface)
    entry.shownIndex = frame.index
    return entry.image
  }

  /// A decoder and a blank surface for `source`, kept for every later frame.
  private func opened(_ source: VideoSource) throws -> Entry {
    let entry: Entry
    do {
      entry = Entry(
        decoder: try source.makeDecoder(), image: try CairoImage(blankWidth: source.width, height: source.height, name: source.path))
    } catch let error as RenderError {
      throw error
    } catch {
      throw RenderError(stage: "opening a video layer's decoder", message: "\(error)")
    }
    entries[source.path] = entry
    return entry
  }
}
