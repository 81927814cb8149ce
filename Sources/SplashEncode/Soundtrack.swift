/// Where a clip's sound comes from.
public enum Soundtrack: Sendable, Hashable {
  /// A silent stereo track: some platforms (App Store previews) require an audio track.
  case silence
  /// An audio file in any format FFmpeg reads; re-encoded to AAC, trimmed or padded with
  /// silence to the video's length. The path is a plain file name (a colon in it names no
  /// FFmpeg protocol) and must be a regular file: a FIFO or a device is refused unopened.
  case file(String)
}
