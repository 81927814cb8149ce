/// What splashvid reads through FFmpeg, and the demuxers that may read it.
///
/// Names are FFmpeg's demuxer names (`ffmpeg -demuxers`); one demuxer may carry several,
/// comma-separated (`mov,mp4,m4a,3gp,3g2,mj2`), and any of them matches.
struct FFmpegInputKind: Sendable {
  /// What the file should be, for the message: `a sound file (WAV, MP3, …)`.
  var expected: String
  /// The same in short, for `not … FFmpeg can read`: `a sound file`.
  var noun: String
  /// The demuxers that may open it.
  var demuxers: [String]

  /// A soundtrack: the common audio containers, and video containers whose sound is used.
  static let soundtrack = FFmpegInputKind(
    expected: "a sound file (WAV, MP3, AAC, FLAC, Ogg, MP4/M4A, Matroska/WebM, AIFF, CAF, …)", noun: "a sound file",
    demuxers: [
      "wav", "w64", "mp3", "aac", "flac", "ogg", "mov", "matroska", "aiff", "caf", "ac3", "eac3", "au", "wv", "asf",
    ])

  /// A video read back (`probe`, tests): what splashvid writes. A PNG is read by `png_pipe`,
  /// which reads the one file; image2 is left out, as it reads names as numbered patterns.
  static let video = FFmpegInputKind(
    expected: "a video file (MP4, MOV, WebM, GIF or PNG)", noun: "a video or image",
    demuxers: ["mov", "matroska", "gif", "png_pipe"])

  /// Whether the demuxer named `name` (FFmpeg's, possibly comma-separated) is one of these.
  func accepts(_ name: String) -> Bool {
    name.split(separator: ",").contains { demuxers.contains(String($0)) }
  }
}
