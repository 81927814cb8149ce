import Foundation
import SplashEncode
import SplashPresets

/// Reads the clips of a batch: from a manifest, or one clip per preset of the folder.
///
/// A manifest is CSV with a header or JSON Lines, one clip per row:
///
///     preset,output,params,size,fps,loops,format
///     fuber,fuber-red.mp4,backgroundColor=#8B0000;labelLeft=R,1080x1920,60,3,mp4
///
///     {"preset": "fuber", "output": "fuber-red.mp4", "params": {"backgroundColor": "#8B0000"},
///      "size": "1080x1920", "fps": 60, "loops": 3, "format": "mp4"}
///
/// Only `preset` is required; `output` defaults to the preset's name with the format's
/// extension, `fps` to 60, `loops` to 1, `size` to the canvas at 2x, `format` to the one the
/// output's extension implies (h264 for .mp4, prores for .mov, vp9 for .webm, gif for .gif;
/// hevc must be named; `mp4` is read as h264; a GIF's fps defaults to 50). Every row is
/// checked (the preset exists and compiles with the row's parameters, the values are in range,
/// outputs are unique) before anything renders, and every bad row is reported at once.
enum BatchManifest {
  static let columns = ["preset", "output", "params", "size", "fps", "loops", "format"]
  /// A manifest's largest size: 16 MiB, some 200 000 rows.
  static let maximumBytes = 16 * 1024 * 1024

  struct Problems: Error, CustomStringConvertible {
    var lines: [String]
    var description: String { lines.joined(separator: "\n") + "\n\(lines.count) bad row\(lines.count == 1 ? "" : "s"); nothing was rendered" }
  }

  /// The clips for `folder`, from `manifest` when given.
  static func clips(folder: String, manifest: String?) throws -> [BatchClip] {
    guard let manifest else {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter(isPresetFileName).sorted()
      guard !names.isEmpty else { throw UsageError("\(folder) holds no presets") }
      return names.map { file in
        let name = file.hasSuffix(".json5") ? String(file.dropLast(6)) : String(file.dropLast(5))
        return BatchClip(origin: "\(folder)/\(file)", preset: name, output: "\(name).mp4", parameters: [:], size: nil, framesPerSecond: 60, loops: 1)
      }
    }
    let text: String
    do {
      let size = (try FileManager.default.attributesOfItem(atPath: manifest)[.size] as? Int) ?? 0
      guard size <= maximumBytes else {
        throw UsageError("the manifest \(manifest) has \(size) bytes; at most \(maximumBytes / 1_048_576) MiB")
      }
      text = try String(contentsOfFile: manifest, encoding: .utf8)
    } catch let error as UsageError {
      throw error
    } catch {
      throw UsageError("cannot read the manifest \(manifest) (as UTF-8 text)")
    }
    let rows = manifest.hasSuffix(".csv") ? try csvRows(text, file: manifest) : jsonLinesRows(text, file: manifest)
    var clips: [BatchClip] = []
    var problems: [String] = []
    var outputs: [String: String] = [:]
    for (origin, row) in rows {
      do {
        let clip = try clip(from: row, origin: origin, folder: folder)
        if let earlier = outputs[clip.output] {
          throw UsageError("output \(clip.output) is also written by \(earlier)")
        }
        outputs[clip.output] = origin
        clips.append(clip)
      } catch {
        problems.append("\(origin): \(error)")
      }
    }
    guard problems.isEmpty else { throw Problems(lines: problems) }
    return clips
  }

  private static func clip(from row: [String: String], origin: String, folder: String) throws -> BatchClip {
    if let error = row["__error"] { throw UsageError(error) }
    if let unknown = row.keys.sorted().first(where: { !columns.contains($0) }) {
      throw UsageError("unknown column \(unknown) (columns: \(columns.joined(separator: ", ")))")
    }
    guard let preset = row["preset"], !preset.isEmpty else { throw UsageError("missing preset") }
    let file = "\(folder)/\(preset).json5"
    guard FileManager.default.fileExists(atPath: file) else { throw UsageError("no preset \(preset) in \(folder)") }
    let formatName = row["format"].flatMap { $0.isEmpty ? nil : $0 }
    // A GIF is told by its extension (or format gif), as on the command line.
    let namedGIF = formatName == "gif"
    let namedFormat = try formatName.flatMap { name -> VideoFormat? in
      if name == "gif" { return nil }
      guard let format = name == "mp4" ? .h264 : VideoFormat(rawValue: name) else {
        throw UsageError("format \(name): expected \((VideoFormat.allCases.map(\.rawValue) + ["gif"]).joined(separator: ", "))")
      }
      return format
    }
    let defaultExtension = namedGIF ? "gif" : (namedFormat ?? .h264).fileExtensions[0]
    let output = row["output"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(preset).\(defaultExtension)"
    guard !output.hasPrefix("/"), !output.split(separator: "/").contains("..") else {
      throw UsageError("output \(output): expected a file name inside the output folder")
    }
    let isGIF = (output as NSString).pathExtension.lowercased() == "gif"
    if namedGIF && !isGIF { throw UsageError("output \(output): a GIF is written as .gif") }
    let format = isGIF ? VideoFormat.h264 : try RenderCommand.format(named: namedFormat?.rawValue, output: output)
    guard !(output as NSString).pathExtension.isEmpty else {
      throw UsageError("output \(output): expected a name ending in .\(format.fileExtensions[0])")
    }
    var parameters: [String: String] = [:]
    if let text = row["params"], !text.isEmpty {
      for assignment in text.split(separator: ";") {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
          throw UsageError("params \(assignment): expected NAME=VALUE")
        }
        parameters[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
      }
    }
    let size = try row["size"].flatMap { $0.isEmpty ? nil : $0 }.map {
      try OptionParsing.size($0, option: "size", maximum: VideoSettings.maximumSide)
    }
    if let size, size.width % 2 != 0 || size.height % 2 != 0 {
      throw UsageError("size \(size.width)x\(size.height): video needs an even width and height")
    }
    let fps = try row["fps"].flatMap { $0.isEmpty ? nil : $0 }.map {
      try OptionParsing.integer($0, option: "fps", range: VideoSettings.frameRateRange)
    } ?? (isGIF ? RenderCommand.defaultGIFFramesPerSecond : 60)
    if isGIF && !GIFSettings.frameRates.contains(fps) {
      throw UsageError("fps \(fps): a GIF's frame delays are whole hundredths of a second; use 50, 25, 20, 10, 5, 4, 2 or 1")
    }
    let loops = try row["loops"].flatMap { $0.isEmpty ? nil : $0 }.map {
      try OptionParsing.integer($0, option: "loops", range: 1...RenderCommand.maximumLoops)
    } ?? 1
    // The preset must compile with these parameters: a typo in a colour fails here, not later.
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    _ = try PresetCompiler.compile(data, file: file, baseDirectory: URL(fileURLWithPath: folder), parameters: parameters)
    return BatchClip(
      origin: origin, preset: preset, output: output, format: format, parameters: parameters, size: size,
      framesPerSecond: fps, loops: loops)
  }

  /// Rows of a CSV with a header; fields may be quoted ("a,b" and "" for a quote).
  private static func csvRows(_ text: String, file: String) throws -> [(String, [String: String])] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first else { throw UsageError("\(file) is empty") }
    let names = fields(header).map { $0.trimmingCharacters(in: .whitespaces) }
    return try lines.enumerated().dropFirst().compactMap { index, line in
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
      let values = fields(line)
      guard values.count <= names.count else {
        throw UsageError("\(file):\(index + 1): \(values.count) fields, the header has \(names.count)")
      }
      var row: [String: String] = [:]
      for (name, value) in zip(names, values) { row[name] = value.trimmingCharacters(in: .whitespaces) }
      return ("\(file):\(index + 1)", row)
    }
  }

  private static func fields(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    var characters = Array(line)[...]
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            current.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          current.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }

  /// Rows of JSON Lines; `params` is an object, numbers may be numbers.
  private static func jsonLinesRows(_ text: String, file: String) -> [(String, [String: String])] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
      let origin = "\(file):\(index + 1)"
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        return (origin, ["__error": "not a JSON object"])
      }
      var row: [String: String] = [:]
      for (key, value) in object {
        if key == "params", let params = value as? [String: Any] {
          row[key] = params.keys.sorted().map { "\($0)=\(params[$0].map { "\($0)" } ?? "")" }.joined(separator: ";")
        } else if let number = value as? NSNumber {
          row[key] = number.stringValue
        } else {
          row[key] = "\(value)"
        }
      }
      return (origin, row)
    }
  }
}
