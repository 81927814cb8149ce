/// splashvid's own version, for `--version` and the fingerprints of rendered clips.
public enum SplashvidVersion {
  public static let current = "0.1.0"
}
