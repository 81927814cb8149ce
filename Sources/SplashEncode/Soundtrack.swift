/// Where a clip's sound comes from.
public enum Soundtrack: Sendable, Hashable {
  /// A silent stereo track: some platforms (App Store previews) require an audio track.
  case silence
  /// An audio file in any format FFmpeg reads; re-encoded to AAC, trimmed or padded with
  /// silence to the video's length.
  case file(String)
}
