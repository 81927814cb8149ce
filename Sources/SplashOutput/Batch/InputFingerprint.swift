import Foundation
import SplashCore
import SplashFiles
import SplashModel
import SplashPresets

/// A fingerprint of everything that decides a clip's bytes, stored beside the output so a
/// re-run can skip clips whose inputs did not change.
///
/// It covers the preset file, every image the preset shows, the job's canonical description
/// (parameters and render options) and the versions of what draws and encodes the clip
/// (splashvid, Cairo, Pango, the fonts its text resolves to, libavcodec, the encoder), so
/// upgrading any of them renders again the clips it could change. The hash is 64-bit FNV-1a
/// over those bytes in a fixed order: not cryptographic (nothing here is adversarial), stable
/// across runs and machines.
enum InputFingerprint {
  static func of(_ job: RenderJob, presetBytes: [UInt8], scene: Scene, versions: any RenderingVersions) throws -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
      hash ^= 0xff
      hash = hash &* 0x0000_0100_0000_01b3
    }
    // The preset's bytes as the scene was compiled from them; images read as the render reads
    // them: regular files within their limits (an image swapped for a FIFO between the check
    // and the fingerprint must not hang the batch).
    add(presetBytes)
    for image in scene.imageFiles.sorted() {
      add(Array(image.utf8))
      add(try InputFile.read(image, limit: PresetLimits.imageFileBytes, what: "an image file"))
    }
    // A Lottie file a layer shows is part of the preset, as its images are.
    for file in EmbeddedAnimations.files(in: scene).sorted() {
      add(Array(file.utf8))
      add(try InputFile.read(file, limit: PresetLimits.embeddedFileBytes, what: "a Lottie file"))
    }
    // A video a layer shows too, read a chunk at a time: it may be gigabytes.
    for file in VideoLayers.files(in: scene).sorted() {
      add(Array(file.utf8))
      try InputFile.forEachChunk(of: file, what: "a video file") { add($0) }
    }
    // A background image is the job's, not the preset's: its bytes count as the preset's do.
    if let image = job.background.imagePath {
      add(Array(image.utf8))
      add(try InputFile.read(image, limit: PresetLimits.imageFileBytes, what: "an image file"))
    }
    for line in job.canonicalDescription(of: scene) + versions.lines(for: job, scene: scene) { add(Array(line.utf8)) }
    return String(hash, radix: 16)
  }
}
