import Foundation
import SplashCore
import SplashFiles

/// Checks on the files a command will write, made before any work: each names a file, no two
/// name the same file, and none is a file the same command reads.
///
/// Two spellings of one file (`a.mp4`, `./a.mp4`, `clips/../a.mp4`, a linked folder) are told
/// apart by `entry(_:)`: the real path of the folder plus the name. An output replaces the
/// directory entry it names (a link there is replaced, not followed), while an input is read
/// through its links, so an output collides with an input when its entry is the input's entry
/// or the file the input's links lead to.
public enum OutputPaths {
  /// Refuses an output name that is not a file splashvid can write, or that a later run would
  /// take for one of its temporaries.
  public static func checkName(_ path: String) throws {
    guard !path.isEmpty else { throw UsageError("name the output file with -o FILE") }
    if path == "-" {
      throw UsageError("-o -: splashvid writes files, not standard output (an MP4 seeks back to write its index); name a file")
    }
    let name = OutputFile.split(path).name
    if name.isEmpty || name == "." || name == ".." {
      throw UsageError("-o \(path): names a folder; name a file in it")
    }
    if let part = TemporaryName.lookalike(in: path) {
      throw UsageError("-o \(path): \(TemporaryName.lookalikeReason(part))")
    }
  }

  /// The directory entry `path` names: the folder's real path and the name, or the path made
  /// absolute and tidied when the folder does not exist (yet).
  public static func entry(_ path: String) -> String {
    let (folder, name) = OutputFile.split(path)
    let absoluteFolder = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
    let resolved = RealPath.of(absoluteFolder) ?? (absoluteFolder as NSString).standardizingPath
    return (resolved == "/" ? "" : resolved) + "/" + name
  }

  /// The file `path` leads to through its links (or its entry when nothing is there).
  public static func resolved(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return RealPath.of(absolute) ?? entry(path)
  }

  /// The first of `paths` that names the same file as an earlier one, with that earlier one.
  public static func firstDuplicate(_ paths: [String]) -> (first: String, again: String)? {
    var seen: [String: String] = [:]
    for path in paths {
      let key = entry(path)
      if let earlier = seen[key] { return (earlier, path) }
      seen[key] = path
    }
    return nil
  }

  /// A file a command reads, for the overwrite check: "the preset", "the soundtrack", "the image".
  public struct Input {
    public var role: String
    public var path: String
  }

  /// Refuses outputs (single files and image sequences) that would replace an input.
  public static func checkNoInputOverwritten(files: [String], sequences: [FrameNamePattern] = [], inputs: [Input]) throws {
    let inputKeys = inputs.map { input in (input, [entry(input.path), resolved(input.path)]) }
    for file in files {
      let key = entry(file)
      // A hard link to an input is the input under another name: replacing it loses nothing,
      // but it is the input the user named, so it is refused too.
      let identity = fileIdentity(file, followingLinks: false)
      if let (input, _) = inputKeys.first(where: {
        $0.1.contains(key) || (identity != nil && identity == fileIdentity($0.0.path, followingLinks: true))
      }) {
        throw UsageError("-o \(file) would overwrite \(input.role) (\(input.path)), which this command reads; name another file")
      }
    }
    for sequence in sequences {
      // Entries of the sequence's folder that are frames of it, by their files, for hard links.
      let folder = realFolder(sequence)
      let frameIdentities = Set(
        (try? FileManager.default.contentsOfDirectory(atPath: sequence.folder))?.compactMap { name in
          sequence.frameNumber(ofName: name) == nil ? nil : fileIdentity(folder + "/" + name, followingLinks: false)
        } ?? [])
      if let (input, _) = inputKeys.first(where: { input, keys in
        keys.contains { isFrame($0, of: sequence) } || fileIdentity(input.path, followingLinks: true).map(frameIdentities.contains) == true
      }) {
        throw UsageError(
          "-o \(sequence.text) would overwrite \(input.role) (\(input.path)), which this command reads; name the frames otherwise")
      }
    }
  }

  /// Refuses image sequences that would write each other's files, or remove them as a stale
  /// tail (`f-%d.png` and `f-%d0.png` both name `f-10.png`; `f-%d.png` and `f-%01d.png` are
  /// one pattern).
  public static func checkSequencesApart(_ sequences: [FrameNamePattern], frameCount: Int) throws {
    let folders = sequences.map(realFolder)
    for first in sequences.indices {
      for second in sequences.indices where second > first && folders[first] == folders[second] {
        for (writer, other) in [(sequences[first], sequences[second]), (sequences[second], sequences[first])] {
          for number in 1...max(frameCount, 1) {
            let name = OutputFile.split(writer.path(ofFrame: number)).name
            if other.frameNumber(ofName: name) != nil {
              throw UsageError(
                "-o \(sequences[first].text) and -o \(sequences[second].text) both name \(writer.path(ofFrame: number)); "
                  + "give the sequences names apart")
            }
          }
        }
      }
    }
  }

  /// The real path of the folder a sequence's frames go in.
  private static func realFolder(_ sequence: FrameNamePattern) -> String {
    OutputFile.split(entry(sequence.folder + "/frame")).folder
  }

  /// The device and inode of the file at `path`, or `nil` when nothing is there.
  private static func fileIdentity(_ path: String, followingLinks: Bool) -> [UInt64]? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// Whether the entry `key` (see `entry(_:)`) is one of the frames `sequence` writes.
  public static func isFrame(_ key: String, of sequence: FrameNamePattern) -> Bool {
    let (folder, name) = OutputFile.split(key)
    return folder == realFolder(sequence) && sequence.frameNumber(ofName: name) != nil
  }
}
