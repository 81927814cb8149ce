import Foundation
import SplashTestSupport
import Testing

@testable import SplashFiles

#if canImport(Glibc)
import Glibc
#endif

@Suite("CommittedFiles: which file this process put under a watched name")
struct CommittedFilesTests {
  private func identity(of path: String) -> CommittedFiles.Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return CommittedFiles.Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  @Test("a watched name gives the file committed there; a name no one watches keeps nothing")
  func watchedAndUnwatched() throws {
    let folder = try ScratchFolder.make("committed")
    let watched = folder.appendingPathComponent("a.mp4").path
    let other = folder.appendingPathComponent("b.mp4").path
    CommittedFiles.watch(watched)
    for path in [watched, other] {
      let file = try OutputFile(destination: path)
      try file.write([1, 2, 3])
      try file.commit()
    }
    let taken = CommittedFiles.take(watched)
    #expect(taken != nil && taken == identity(of: watched))
    #expect(CommittedFiles.take(watched) == nil, "taken once")
    #expect(CommittedFiles.take(other) == nil, "never watched")
  }

  @Test("a watched name with nothing committed, or a discarded file, gives nothing; a later commit replaces the identity")
  func nothingCommitted() throws {
    let folder = try ScratchFolder.make("committed")
    let path = folder.appendingPathComponent("c.gif").path
    CommittedFiles.watch(path)
    let discarded = try OutputFile(destination: path)
    try discarded.write([9])
    discarded.discard()
    #expect(CommittedFiles.take(path) == nil)

    CommittedFiles.watch(path)
    for bytes in [[1], [2, 2]] as [[UInt8]] {
      let file = try OutputFile(destination: path)
      try file.write(bytes)
      try file.commit()
    }
    // The second file replaced the first: its inode is the one kept.
    #expect(CommittedFiles.take(path) == identity(of: path))
  }
}
