import CFFmpeg
import SplashCore
import SplashFiles

/// An owning wrapper of an output `AVFormatContext` writing a temporary file that appears
/// under its name only when complete: the container half every writer shares.
///
///     init → (streams added by the writer) → open(header options) → packets …
///          → complete() (trailer, file closed) → commit() (renamed into place)
///     abandon() or release at any point before commit() → nothing left on disk
///
/// No wall-clock times or library versions go into the file (`AVFMT_FLAG_BITEXACT`): the same
/// input gives the same bytes.
final class MuxedFile {
  let context: UnsafeMutablePointer<AVFormatContext>
  let output: OutputFile
  private let containerName: String
  /// Whether the muxer holds packets back that only its trailer frees (FFmpeg's GIF muxer
  /// keeps the last frame until the next one gives its delay); abandoning such a file still
  /// writes the trailer, into the temporary file about to be removed.
  private let trailerFreesHeldPackets: Bool
  private var isIOOpen = false
  private var isHeaderWritten = false
  private(set) var isComplete = false
  private(set) var isCommitted = false

  /// Creates the container for `destination`, written meanwhile under a temporary name.
  ///
  /// - Throws: `OutputFileError` when the destination cannot be written, `EncodeError` when
  ///   FFmpeg has no such container.
  init(
    destination: String, container: String, trailerFreesHeldPackets: Bool = false, placement: OutputFile.Placement = .replacing
  ) throws {
    output = try OutputFile(destination: destination, placement: placement)
    containerName = container
    self.trailerFreesHeldPackets = trailerFreesHeldPackets
    var format: UnsafeMutablePointer<AVFormatContext>?
    try check(
      avformat_alloc_output_context2(&format, nil, container, output.temporaryPath), "creating the \(container) container")
    guard let format else { throw EncodeError(stage: "creating the \(container) container", message: "no context") }
    context = format
    format.pointee.flags |= AVFMT_FLAG_BITEXACT
  }

  deinit {
    if !isCommitted { abandon() }
    avformat_free_context(context)
  }

  /// Whether the container wants codec headers out of band (the encoder must be told).
  var wantsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

  /// Opens the temporary file and writes the container header, once every stream is added.
  func open(headerOptions: [(String, String)] = []) throws {
    // Through the file protocol by name: a folder called `take:2` is a folder, not a protocol.
    try check(avio_open(&context.pointee.pb, "file:" + output.temporaryPath, AVIO_FLAG_WRITE), "writing \(output.destination)")
    isIOOpen = true
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    for (key, value) in headerOptions { av_dict_set(&options, key, value, 0) }
    try check(avformat_write_header(context, &options), "writing the \(containerName) header")
    isHeaderWritten = true
    if let unused = av_dict_get(options, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw EncodeError(
        stage: "writing the \(containerName) header", message: "option \(String(cString: unused.pointee.key)) was not accepted")
    }
  }

  /// Writes the trailer (the index) and closes the file, still under its temporary name.
  func complete() throws {
    guard !isComplete else { return }
    isHeaderWritten = false  // the trailer runs once, even if it fails
    try check(av_write_trailer(context), "writing the \(containerName) index")
    closeIO()
    isComplete = true
  }

  /// Moves the completed file to its destination.
  func commit() throws {
    guard !isCommitted else { return }
    precondition(isComplete, "commit before complete")
    try output.commit()
    isCommitted = true
  }

  /// Checks that `commit()` can put the file in place now.
  func checkCommittable() throws { try output.checkCommittable() }

  /// Removes the temporary file now; the destination stays as it was. Later calls do nothing.
  func abandon() {
    guard !isCommitted else { return }
    if trailerFreesHeldPackets && isHeaderWritten {
      isHeaderWritten = false
      _ = av_write_trailer(context)
    }
    closeIO()
    output.discard()
  }

  private func closeIO() {
    guard isIOOpen else { return }
    avio_closep(&context.pointee.pb)
    isIOOpen = false
  }
}
