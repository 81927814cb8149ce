import CCairo
import SplashModel
import SplashRender

/// The frames video layers show, for one worker: a decoder per video, and the one frame it
/// last decoded as a Cairo surface, which later frames showing the same video frame reuse.
///
/// A frame of the scene draws each video once, so one surface per video is all that is held:
/// its pixels, plus what its decoder keeps to decode the next (its reference pictures).
final class VideoFrameCache {
  private struct Entry {
    let decoder: any VideoFrameDecoder
    let image: CairoImage
    var shownIndex: Int?
  }

  private var entries: [String: Entry] = [:]

  /// The picture of `frame`, decoded unless it is the one shown last.
  ///
  /// - Throws: `RenderError` naming the video and the frame when decoding fails.
  func image(of frame: VideoFrame) throws -> CairoImage {
    let source = frame.source
    var entry: Entry
    if let known = entries[source.path] {
      entry = known
    } else {
      do {
        entry = Entry(
          decoder: try source.makeDecoder(), image: try CairoImage(blankWidth: source.width, height: source.height, name: source.path),
          shownIndex: nil)
      } catch let error as RenderError {
        throw error
      } catch {
        throw RenderError(stage: "opening a video layer's decoder", message: "\(error)")
      }
    }
    if entry.shownIndex != frame.index {
      cairo_surface_flush(entry.image.surface)
      guard let pixels = cairo_image_surface_get_data(entry.image.surface) else {
        throw RenderError(stage: "decoding video \(source.path)", message: "the frame's surface has no pixels")
      }
      // Marked unknown first: a failure part way leaves no frame taken for a whole one.
      entry.shownIndex = nil
      entries[source.path] = entry
      do {
        try entry.decoder.decodeFrame(
          frame.index, into: UnsafeMutableRawPointer(pixels), bytesPerRow: Int(cairo_image_surface_get_stride(entry.image.surface)))
      } catch {
        throw RenderError(stage: "decoding a video layer's frame", message: "\(error)")
      }
      cairo_surface_mark_dirty(entry.image.surface)
      entry.shownIndex = frame.index
    }
    entries[source.path] = entry
    return entry.image
  }
}
