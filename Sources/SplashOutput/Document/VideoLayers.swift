import Foundation
import SplashCore
import SplashEncode
import SplashModel

/// The video files a preset's layers show (`video: { file, … }`), probed and given a way to
/// decode: each layer's `VideoContents` gets its `VideoSource`, whose decoders are SplashEncode's
/// (one per worker, opened by the backend that draws).
///
/// A file is probed once per process while it is unchanged (its size and modification time),
/// however many scenes show it: a batch of a hundred rows over one product video reads its
/// packets once. Its first frame is decoded at load, so a file FFmpeg cannot decode is an
/// error before the first frame, naming the file.
enum VideoLayers {
  /// `scene` with every video layer's source in place.
  ///
  /// - Throws: `MediaReadError` (`video: FILE: …`) for a file that is not a video splashvid reads.
  static func resolve(_ scene: Scene) throws -> Scene {
    guard scene.containsLayer(where: { $0.video != nil }) else { return scene }
    return try scene.mappingLayers { layer in
      guard var video = layer.video, video.source == nil else { return layer }
      let source = try source(at: video.path)
      guard video.start < source.duration else {
        throw MediaReadError(
          stage: "video", path: video.path,
          message: "the layer's start (\(video.start) s) is at or past the video's end (\(source.duration) s)")
      }
      video.source = source
      var layer = layer
      layer.video = video
      return layer
    }
  }

  /// Every video file of `scene`, for the inputs a clip's fingerprint and overwrite checks cover.
  static func files(in scene: Scene) -> Set<String> {
    var files: Set<String> = []
    scene.forEachLayer { if let video = $0.video { files.insert(video.path) } }
    return files
  }

  /// What tells a file apart from an earlier one at the same path.
  private struct FileIdentity: Hashable {
    var path: String
    var size: UInt64
    var modified: Date
  }

  private static let probed = Locked<[FileIdentity: VideoSource]>([:])

  /// The source of the video at `path`, probed once while the file is unchanged.
  static func source(at path: String) throws -> VideoSource {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let identity = FileIdentity(
      path: path, size: (attributes?[.size] as? NSNumber)?.uint64Value ?? 0,
      modified: attributes?[.modificationDate] as? Date ?? .distantPast)
    if let known = probed.withLock({ $0[identity] }) { return known }
    let index = try VideoStreamIndex.read(path)
    // The first frame, decoded now: a codec FFmpeg lacks or a broken stream stops the load,
    // not a worker at some frame.
    guard let first = PixelBuffer(width: index.width, height: index.height) else {
      throw MediaReadError(stage: "video", path: path, message: "cannot hold a \(index.width)x\(index.height) frame")
    }
    try VideoDecoder(path: path, index: index).decodeFrame(0, into: first.bytes, bytesPerRow: first.bytesPerRow)
    let source = VideoSource(
      path: path, width: index.width, height: index.height, frameTimes: index.frameTimes, duration: index.duration,
      hasAlpha: index.hasAlpha, makeDecoder: { try LayerVideoDecoder(VideoDecoder(path: path, index: index)) })
    probed.withLock { $0[identity] = source }
    return source
  }
}

/// SplashEncode's decoder as the model's `VideoFrameDecoder`.
private final class LayerVideoDecoder: VideoFrameDecoder {
  private let decoder: VideoDecoder

  init(_ decoder: VideoDecoder) { self.decoder = decoder }

  func decodeFrame(_ index: Int, into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) throws {
    try decoder.decodeFrame(index, into: pixels, bytesPerRow: bytesPerRow)
  }
}
