import CFFmpeg
import SplashCore
import SplashFiles

#if canImport(Glibc)
import Glibc
#endif

/// A file FFmpeg opens for reading (a soundtrack, a video read back), checked and named so
/// that FFmpeg reads exactly that file. Failures are `MediaReadError`s naming the reader.
enum FFmpegInput {
  /// `path` through FFmpeg's `file:` protocol.
  ///
  /// FFmpeg takes a name with a colon before any slash as a protocol and an address
  /// (`take:1.wav` would be the unknown protocol `take`); with the prefix every path is a
  /// plain file name.
  static func url(_ path: String) -> String { "file:" + path }

  /// Checks that `path` is a readable regular file before FFmpeg opens it: FFmpeg would block
  /// opening a FIFO (beyond SIGTERM, inside the library) and read a device without end.
  ///
  /// - Parameters:
  ///   - what: what the file should be, for the message ("a sound file").
  ///   - stage: who reads it, for the `MediaReadError` ("soundtrack").
  /// - Throws: `MediaReadError` for `stage`: `expected WHAT, found a FIFO (named pipe)`.
  static func check(_ path: String, what: String, stage: String) throws {
    do {
      try InputFile.check(path, what: what)
    } catch let error as InputFileError {
      throw MediaReadError(stage: stage, path: path, message: "expected \(error.expected), found \(error.found)")
    }
    // FFmpeg would guess a format from the name alone and then fail to read it.
    var status = stat()
    if stat(path, &status) == 0, status.st_size == 0 {
      throw MediaReadError(stage: stage, path: path, message: "expected \(what), found an empty file")
    }
  }

  /// Opens `path` (a regular file, see `check`) with a demuxer of `kind`, reading that file
  /// and no other.
  ///
  /// Some FFmpeg demuxers read other files a file names: HLS playlists and concat lists open
  /// their entries, and image2 reads `f-%d.png` as the numbered files `f-1.png`, `f-2.png`, …
  /// (a FIFO among them blocks inside FFmpeg). So the format is found here, from the file's
  /// own bytes and a name with `%` taken out, and only a demuxer of `kind` opens it, through
  /// the `file` protocol alone.
  ///
  /// - Throws: `MediaReadError` for `stage`: `not WHAT FFmpeg can read (FFmpeg's message)` when
  ///   no format fits, `expected WHAT, found LONG NAME (name)` for a format outside `kind`,
  ///   FFmpeg's message when the file cannot be opened.
  static func open(_ path: String, as kind: FFmpegInputKind, stage: String) throws -> UnsafeMutablePointer<AVFormatContext> {
    let format = try detectFormat(path, as: kind, stage: stage)
    let name = String(cString: format.pointee.name)
    let longName = format.pointee.long_name.map { String(cString: $0) } ?? name
    guard kind.accepts(name) else {
      throw MediaReadError(stage: stage, path: path, message: "expected \(kind.expected), found \(longName) (\(name))")
    }
    var options = restrictingOptions(kind)
    defer { av_dict_free(&options) }
    var context: UnsafeMutablePointer<AVFormatContext>?
    // With the format given, FFmpeg does not probe again (and cannot pick another demuxer).
    let status = avformat_open_input(&context, url(path), format, &options)
    guard status >= 0, let context else {
      // The bytes looked like the format, but the file is not whole (an MP4 cut short).
      throw MediaReadError(
        stage: stage, path: path, code: status,
        message: "not \(kind.noun) FFmpeg can read as \(longName) (\(EncodeError.text(for: status)))")
    }
    return context
  }

  /// The demuxer FFmpeg would choose for `path`'s bytes, probed through a `file`-only reader.
  private static func detectFormat(
    _ path: String, as kind: FFmpegInputKind, stage: String
  ) throws -> UnsafePointer<AVInputFormat> {
    var options = restrictingOptions(nil)
    defer { av_dict_free(&options) }
    var reader: UnsafeMutablePointer<AVIOContext>?
    let opened = avio_open2(&reader, url(path), AVIO_FLAG_READ, nil, &options)
    if opened < 0 { throw MediaReadError(stage: stage, path: path, code: opened, message: EncodeError.text(for: opened)) }
    defer { avio_closep(&reader) }
    var format: UnsafePointer<AVInputFormat>?
    // The name only lends its extension to the guess (raw AAC, MP3 without a tag); with `%`
    // replaced, image2 cannot claim it as a numbered pattern.
    let probeName = url(path).replacingPercentSigns()
    let probed = av_probe_input_buffer2(reader, &format, probeName, nil, 0, 0)
    guard probed >= 0, let format else {
      // Nothing FFmpeg knows matches the bytes: a text file, a preset, a truncated header.
      throw MediaReadError(
        stage: stage, path: path, code: probed, message: "not \(kind.noun) FFmpeg can read (\(EncodeError.text(for: probed)))")
    }
    return format
  }

  /// Options that keep FFmpeg to local files (`protocol_whitelist`, inherited by every file a
  /// demuxer opens) and, with a kind, to its demuxers (`format_whitelist`).
  private static func restrictingOptions(_ kind: FFmpegInputKind?) -> OpaquePointer? {
    var options: OpaquePointer?
    av_dict_set(&options, "protocol_whitelist", "file", 0)
    if let kind { av_dict_set(&options, "format_whitelist", kind.demuxers.joined(separator: ","), 0) }
    return options
  }
}

extension String {
  /// The string with every `%` replaced by `_`.
  fileprivate func replacingPercentSigns() -> String {
    String(map { $0 == "%" ? "_" : $0 })
  }
}
