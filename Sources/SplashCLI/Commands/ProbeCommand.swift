import Foundation
import SplashCore
import SplashEncode
import SplashFiles
import SplashOutput

/// `splashvid probe FILE`: what a player will see in a video file, and what may break it.
///
/// Prints one `name: value` line per fact, then one `warning: …` line per problem; exit 0
/// either way (1 when the file cannot be read).
struct ProbeCommand {
  var path: String

  init(_ arguments: [String]) throws {
    let scanned = try ArgumentScanner(valueOptions: [], flags: [], shortNames: [:]).scan(arguments)
    guard scanned.positional.count == 1, let path = scanned.positional.first else {
      throw UsageError("probe takes one video FILE")
    }
    self.path = path
  }

  func run(output: (String) -> Void) throws {
    // A link that loops or leads nowhere is there, just not readable: the reader says which.
    guard FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    else {
      throw ProbeError(message: "probe: \(path): no such file")
    }
    let info: VideoFileInfo
    do {
      info = try VideoReader.read(path)
    } catch var error as MediaReadError {
      // probe is the reader the user asked for; the message starts with its name.
      error.stage = "probe"
      throw ProbeError(message: error.description + presetHint)
    }
    let rate = info.averageFrameRate
    let fps = rate.1 != 0 ? Double(rate.0) / Double(rate.1) : 0
    let level = info.levelName ?? "unknown"
    output("file: \(path)")
    output("codec: \(info.codecName), profile \(info.profile ?? "none"), level \(level)")
    output("size: \(info.width)x\(info.height)")
    output("frame rate: \(rate.0)/\(rate.1) (\(String(format: "%.3f", fps)) fps, \(info.isConstantFrameRate ? "constant" : "variable"))")
    output("frames: \(info.decodedFrameCount)")
    output("duration: \(String(format: "%.3f", info.durationSeconds)) s")
    output("pixel format: \(info.pixelFormat)\(info.hasAlpha ? " (with alpha)" : "")")
    if info.codecName == "gif" {
      output("colour: an sRGB palette (GIF carries no colour tags)")
    } else {
      output(
        "colour: matrix \(info.colorSpace), primaries \(info.colorPrimaries), transfer \(info.colorTransfer), range \(info.colorRange)")
    }
    if info.codecName == "gif" {
      output("loop: \(info.gifLoopCount.map { $0 == 0 ? "forever" : "\($0) more times" } ?? "none (plays once)")")
    }
    if let audio = info.audio {
      let layout = audio.channels == 2 ? "stereo" : audio.channels == 1 ? "mono" : "\(audio.channels) channels"
      output("audio: \(audio.codecName), \(audio.sampleRate) Hz, \(layout), \(String(format: "%.3f", audio.durationSeconds)) s")
    } else {
      output("audio: none")
    }
    if info.topLevelBoxes.contains("moov") {
      output("faststart: \(info.isFastStart ? "yes (moov before mdat)" : "no")")
    }
    for warning in info.warnings { output("warning: \(warning)") }
  }
}

extension ProbeCommand {
  /// Where to go instead when the file `probe` could not read is named like a preset (a regular
  /// `.json5` or `.json` file): `validate` and `render --file` read presets.
  var presetHint: String {
    let pathExtension = (path as NSString).pathExtension.lowercased()
    guard ["json5", "json"].contains(pathExtension), InputFile.kind(of: path) == "a regular file" else { return "" }
    return "; for a preset, use 'splashvid validate \(path)' or 'splashvid render --file \(path) -o OUT.mp4'"
  }
}

/// A file `probe` cannot look at.
struct ProbeError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
