import CFFmpeg

/// A frame mapped to palette indices, ready for the GIF encoder: one slot of the pipeline's
/// pool (FFmpeg's PAL8: one index byte per pixel in plane 0, the palette in plane 1).
///
/// Written by one worker (through `GIFWriter.map`), then handed to the writer; the pipeline
/// never gives a slot to two owners at once, hence `@unchecked Sendable`.
public final class GIFPicture: @unchecked Sendable {
  let frame: VideoFrame

  init(width: Int, height: Int) throws {
    frame = try VideoFrame(width: width, height: height, pixelFormat: AV_PIX_FMT_PAL8)
  }
}
