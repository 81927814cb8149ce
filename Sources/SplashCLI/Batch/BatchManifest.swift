import Foundation
import SplashCore
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
    /// The closing words: on the row's own line when there is one bad row, so a refusal is one
    /// line; after the rows, counted, when there are several.
    var summary: String { lines.count == 1 ? "nothing was rendered" : "\(lines.count) bad rows; nothing was rendered" }
    var description: String {
      lines.count == 1 ? "\(lines[0]); \(summary)" : (lines + [summary]).joined(separator: "\n")
    }
  }

  /// The clips for `presets.folder`, from `manifest` when given, with outputs in `outputFolder`.
  static func clips(presets: BatchPresets, manifest: String?, outputFolder: String) throws -> [BatchClip] {
    let folder = presets.folder
    guard let manifest else {
      let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter(isPresetFileName).sorted()
      guard !files.isEmpty else { throw UsageError("\(folder) holds no presets") }
      // NAME.json5 wins over NAME.json, as when presets are found by name; one clip per name.
      var clips: [String: BatchClip] = [:]
      for file in files {
        let name = file.hasSuffix(".json5") ? String(file.dropLast(6)) : String(file.dropLast(5))
        if let earlier = clips[name], earlier.presetFile.hasSuffix(".json5") { continue }
        try presets.confine("\(folder)/\(file)", name: name)
        clips[name] = BatchClip(
          origin: "\(folder)/\(file)", preset: name, presetFile: "\(folder)/\(file)", output: "\(name).mp4", parameters: [:],
          size: nil, framesPerSecond: 60, loops: 1)
      }
      return clips.keys.sorted().compactMap { clips[$0] }
    }
    let rows = try self.rows(of: manifest)
    var clips: [BatchClip] = []
    var problems: [String] = []
    var outputs: [String: String] = [:]
    for (origin, row) in rows {
      do {
        let clip = try clip(from: row, origin: origin, presets: presets, outputFolder: outputFolder)
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

  /// The manifest's rows, by origin (`FILE:LINE`).
  ///
  /// The file is read as a regular file of at most 16 MiB (a FIFO or a folder is refused, not
  /// waited on); a UTF-8 byte order mark and Windows line ends are accepted.
  private static func rows(of manifest: String) throws -> [(String, [String: String])] {
    var bytes: [UInt8]
    do {
      bytes = try InputFile.read(manifest, limit: maximumBytes, what: "a manifest (CSV or JSON Lines)")
    } catch let error as InputFileError {
      throw UsageError("--manifest \(error)")
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw UsageError("--manifest \(manifest): expected UTF-8 text, found other bytes; save it as UTF-8")
    }
    // Lines end at \n, with an optional \r before it. Splitting a String on "\n" would not do:
    // "\r\n" is one Character, so a Windows file would be one long line.
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    let rows = manifest.hasSuffix(".csv") ? try csvRows(lines, file: manifest) : jsonLinesRows(lines, file: manifest)
    guard !rows.isEmpty else {
      throw UsageError(
        lines.isEmpty || !manifest.hasSuffix(".csv")
          ? "\(manifest) is empty; list one clip per line"
          : "\(manifest) has a header but no rows; list one clip per line below the header")
    }
    return rows
  }

  private static func clip(
    from row: [String: String], origin: String, presets: BatchPresets, outputFolder: String
  ) throws -> BatchClip {
    if let error = row["__error"] { throw UsageError(error) }
    if let unknown = row.keys.sorted().first(where: { !columns.contains($0) }) {
      throw UsageError("unknown column \(unknown) (columns: \(columns.joined(separator: ", ")))")
    }
    guard let preset = row["preset"], !preset.isEmpty else { throw UsageError("missing preset") }
    let file = try presets.file(named: preset)
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
    let named = row["output"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(preset).\(defaultExtension)"
    guard let output = ConfinedPath.normalizedOutput(named) else {
      throw UsageError("output \(named): expected a file name inside the output folder")
    }
    guard !output.hasSuffix(InputFingerprint.recordSuffix) else {
      throw UsageError("output \(output): names ending in \(InputFingerprint.recordSuffix) are the batch's own records")
    }
    // A symbolic link inside the output folder must not carry a clip out of it. A name without
    // a folder can only be led out by a link of that name (checked cheaply: rows are many).
    let outputPath = "\(outputFolder)/\(output)"
    let mayLeadOut = output.contains("/") || ConfinedPath.isSymbolicLink(outputPath)
    if mayLeadOut, FileManager.default.fileExists(atPath: outputFolder), !ConfinedPath.isInside(outputPath, folder: outputFolder) {
      throw UsageError(
        "output \(output): \(outputPath) leads outside \(outputFolder) (a symbolic link); write clips inside the output folder")
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
    if isGIF, let problem = RenderCommand.gifRateProblem(fps) {
      throw UsageError("fps \(fps): \(problem); use \(GIFSettings.frameRates.upperBound) or less, or write .mp4 or .webm")
    }
    let loops = try row["loops"].flatMap { $0.isEmpty ? nil : $0 }.map {
      try OptionParsing.integer($0, option: "loops", range: 1...RenderCommand.maximumLoops)
    } ?? 1
    // The preset must compile with these parameters: a typo in a colour fails here, not later.
    let prepared = try presets.prepared(file)
    try prepared.check(parameters)
    // The check confined the images to the assets root; the render reads exactly those files.
    var imageFiles: [String: String] = [:]
    for parameter in prepared.parameters where parameter.kind == .image {
      guard let path = parameters[parameter.name] else { continue }
      imageFiles[parameter.name] = ConfinedPath.resolved(path.hasPrefix("/") ? path : "\(presets.folder)/\(path)")
    }
    return BatchClip(
      origin: origin, preset: preset, presetFile: file, output: output, format: format, parameters: parameters,
      imageFiles: imageFiles, size: size, framesPerSecond: fps, loops: loops)
  }

  /// Rows of a CSV with a header; fields may be quoted ("a,b" and "" for a quote).
  private static func csvRows(_ lines: [String], file: String) throws -> [(String, [String: String])] {
    guard let header = lines.first else { throw UsageError("\(file) is empty") }
    let names = fields(header).map { $0.trimmedOfBlanks }
    return try lines.enumerated().dropFirst().compactMap { index, line in
      guard !line.trimmedOfBlanks.isEmpty else { return nil }
      let values = fields(line)
      guard values.count <= names.count else {
        throw UsageError("\(file):\(index + 1): \(values.count) fields, the header has \(names.count)")
      }
      var row: [String: String] = [:]
      for (name, value) in zip(names, values) { row[name] = value.trimmedOfBlanks }
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
  private static func jsonLinesRows(_ lines: [String], file: String) -> [(String, [String: String])] {
    lines.enumerated().compactMap { index, line in
      guard !line.trimmedOfBlanks.isEmpty else { return nil }
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

extension StringProtocol {
  /// The text without spaces and tabs at either end (Foundation's trimming is slow enough to
  /// show in a manifest of many rows).
  var trimmedOfBlanks: String {
    func isBlank(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
    return String(self[first...last])
  }
}
