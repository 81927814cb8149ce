import Foundation
import SplashFiles
import SplashTestSupport
import Testing

@testable import SplashOutput

#if canImport(Glibc)
import Glibc
#endif

@Suite("A batch record's hash is of the bytes, not of how reads returned them")
struct BatchRecordHashTests {
  @Test("bytes that arrive in small, uneven pieces (a pipe) hash as the same bytes read from a file")
  func unevenReads() throws {
    let folder = try ScratchFolder.make("record-hash")
    // 2.5 MiB and a few bytes: two whole chunks, a partial one, and a tail that is not a word.
    var bytes = [UInt8](repeating: 0, count: (5 << 19) + 13)
    var state: UInt32 = 12345
    for index in bytes.indices {
      state = state &* 1_103_515_245 &+ 12345
      bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
    }
    let file = folder.appendingPathComponent("clip.mp4").path
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let fromFile = try BatchRecord.of(file, inputs: "x")
    let written = bytes

    // The same bytes through a FIFO, written in pieces of 1 000 to 70 000 bytes: each read
    // returns what one write put there.
    let fifo = folder.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let descriptor = open(fifo, O_WRONLY)
      var offset = 0
      var piece = 1000
      written.withUnsafeBytes { buffer in
        while offset < buffer.count {
          let count = min(piece, buffer.count - offset)
          offset += write(descriptor, buffer.baseAddress! + offset, count)
          piece = piece * 7 % 70_001 + 1000
          usleep(50)
        }
      }
      close(descriptor)
    }
    writer.start()
    let fromPipe = try BatchRecord.of(fifo, inputs: "x")
    #expect(fromPipe.size == bytes.count)
    #expect(fromPipe.contentHash == fromFile.contentHash)
  }
}

@Suite("A batch record describes only the file the batch put in place")
struct BatchRecordWrittenFileTests {
  @Test("the file still under the name is recorded, with the hash any reader gives; one replaced by another writer is not")
  func replacedIsNotRecorded() throws {
    let folder = try ScratchFolder.make("record-written")
    let clip = folder.appendingPathComponent("a.mp4").path
    CommittedFiles.watch(clip)
    let mine = try OutputFile(destination: clip)
    try mine.write(Array(repeating: 7, count: 5000))
    try mine.commit()
    let written = try #require(CommittedFiles.take(clip))

    let record = try #require(try BatchRecord.of(clip, inputs: "mine", written: written))
    #expect(record == (try BatchRecord.of(clip, inputs: "mine")))
    #expect(record.describes(clip))

    // Another writer's clip, of the same size, renamed over this one after it was written.
    let theirs = folder.appendingPathComponent("theirs").path
    try Data(repeating: 8, count: 5000).write(to: URL(fileURLWithPath: theirs))
    try #require(rename(theirs, clip) == 0)
    #expect(try BatchRecord.of(clip, inputs: "mine", written: written) == nil)
    #expect(!record.describes(clip))
  }
}
