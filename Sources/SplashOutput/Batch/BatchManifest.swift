import Foundation
import SplashCore
import SplashDocument
import SplashEncode
import SplashFiles
import SplashPresets

/// Reads the clips of a batch: from a manifest, or one clip per preset of the folder.
///
/// A manifest is CSV with a header or JSON Lines, one clip per row:
///
///     preset,output,params,size,fps,loops,format
///     fuber,fuber-red.mp4,backgroundColor=#8B0000;labelLeft=R\;S,1080x1920,60,3,mp4
///
///     {"preset": "fuber", "output": "fuber-red.mp4", "params": {"backgroundColor": "#8B0000"},
///      "size": "1080x1920", "fps": 60, "loops": 3, "format": "mp4"}
///
/// A CSV's params are `name=value;name=value`, with `\;`, `\=` and `\\` for a `;`, a `=` and a
/// backslash of a name or value; JSON Lines gives them as an object. Either way a row is read
/// into a `BatchRow` that keeps them as names and values up to the clip.
///
/// Only `preset` is required. An empty column takes the batch's option of that name
/// (`BatchDefaults`: `--size`, `--fps`, `--loops`, `--format`; `params` are added to `--param`,
/// a row's value winning for the same name), and without one: `output` the preset's name with
/// the format's extension, `fps` 60, `loops` 1, `size` the canvas at 2x (or `--scale`), `format`
/// the one the output's extension implies (h264 for .mp4, prores for .mov, vp9 for .webm, gif
/// for .gif; hevc must be named; `mp4` is read as h264; a GIF's fps defaults to 50). Every row is
/// checked (the preset exists and compiles with the row's parameters, the values are in range,
/// outputs are unique) before anything renders, and every bad row is reported at once; a
/// message names an option's value as `--fps 60` and a row's as `fps 60`.
public enum BatchManifest {
  static let columns = [
    "preset", "output", "params", "size", "fps", "loops", "format", "start", "end", "segment", "hold-start", "hold-end",
    "background",
  ]
  /// A manifest's largest size: 16 MiB, some 200 000 rows.
  static let maximumBytes = 16 * 1024 * 1024

  public struct Problems: Error, CustomStringConvertible {
    public var lines: [String]
    /// What the lines are about: a manifest's rows, or a folder's clips.
    var items = "rows"
    /// The closing words: on the row's own line when there is one bad row, so a refusal is one
    /// line; after the rows, counted, when there are several.
    public var summary: String { lines.count == 1 ? "nothing was rendered" : "\(lines.count) bad \(items); nothing was rendered" }
    public var description: String {
      lines.count == 1 ? "\(lines[0]); \(summary)" : (lines + [summary]).joined(separator: "\n")
    }
  }

  /// The clips for `presets.folder`, from `manifest` when given, with outputs in `outputFolder`
  /// and `defaults` for what a row leaves out.
  static func clips(
    presets: BatchPresets, manifest: String?, outputFolder: String, defaults: BatchDefaults = BatchDefaults()
  ) throws -> [BatchClip] {
    let folder = presets.folder
    guard let manifest else {
      let library = AnimationFolder.library(folder: folder)
      let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter(library.isFound).sorted()
      guard !files.isEmpty else { throw UsageError("\(folder) holds no presets") }
      // NAME.json5 wins over NAME.json (then .lottie, .tgs), as when presets are found by name;
      // one clip per name.
      var names: [String: String] = [:]
      let extensions = AnimationFolder.fileExtensions
      func rank(_ file: String) -> Int { extensions.firstIndex { file.hasSuffix(".\($0)") } ?? extensions.count }
      for file in files {
        let name = library.name(ofFile: file)
        if let earlier = names[name], rank(earlier) <= rank(file) { continue }
        try presets.confine("\(folder)/\(file)", name: name)
        names[name] = file
      }
      let sortedNames = names.keys.sorted()
      // Every clip has the batch's options and nothing else, so what is wrong with them is
      // wrong for all: one usage error, found on the first clip before its output is looked at.
      _ = try clip(
        from: BatchRow(origin: "", columns: ["preset": sortedNames[0]]), presets: presets, outputFolder: outputFolder, defaults: defaults,
        compiles: false, checksOutput: false)
      var clips: [BatchClip] = []
      var problems: [String] = []
      for name in sortedNames {
        let origin = "\(folder)/\(names[name]!)"
        let clip: BatchClip
        do {
          clip = try self.clip(
            from: BatchRow(origin: origin, columns: ["preset": name]), presets: presets, outputFolder: outputFolder, defaults: defaults,
            compiles: false)
        } catch {
          problems.append("\(origin): \(error)")
          continue
        }
        do {
          // A preset that does not compile fails its own clip when it renders, as it does
          // without options; one whose parameters do not take --param is a bad clip now.
          clips.append(try checkParameters(clip, presets: presets, skippingBrokenPresets: true))
        } catch {
          // The preset's own error names its file.
          problems.append("\(error)")
        }
      }
      guard problems.isEmpty else { throw Problems(lines: problems, items: "clips") }
      return clips
    }
    let rows = try self.rows(of: manifest)
    var clips: [BatchClip] = []
    var problems: [String] = []
    var outputs: [String: String] = [:]
    for row in rows {
      do {
        let clip = try clip(from: row, presets: presets, outputFolder: outputFolder, defaults: defaults)
        if let earlier = outputs[clip.output] {
          throw UsageError("output \(clip.output) is also written by \(earlier)")
        }
        outputs[clip.output] = row.origin
        clips.append(clip)
      } catch {
        problems.append("\(row.origin): \(error)")
      }
    }
    guard problems.isEmpty else { throw Problems(lines: problems) }
    return clips
  }

  /// The manifest's rows, each with its origin (`FILE:LINE`).
  ///
  /// The file is read as a regular file of at most 16 MiB (a FIFO or a folder is refused, not
  /// waited on); a UTF-8 byte order mark and Windows line ends are accepted.
  private static func rows(of manifest: String) throws -> [BatchRow] {
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

  /// The columns that give a render option, by option.
  static let optionColumns: [RenderOption: String] = [
    .size: "size", .framesPerSecond: "fps", .loops: "loops", .format: "format", .start: "start", .end: "end", .segment: "segment",
    .holdStart: "hold-start", .holdEnd: "hold-end", .background: "background",
  ]

  /// The clip a row asks for, the batch's `defaults` filling what it leaves out.
  ///
  /// - Parameters:
  ///   - compiles: whether the preset is compiled with the parameters here (a manifest's
  ///     rows); without, `checkParameters` does it when the caller wants.
  ///   - checksOutput: whether the output's path in the output folder is checked (a link
  ///     there must not lead out of it); without, only the values are.
  private static func clip(
    from row: BatchRow, presets: BatchPresets, outputFolder: String, defaults: BatchDefaults,
    compiles: Bool = true, checksOutput: Bool = true
  ) throws -> BatchClip {
    if let problem = row.problem { throw UsageError(problem) }
    if let unknown = row.columns.keys.sorted().first(where: { !columns.contains($0) }) {
      throw UsageError("unknown column \(unknown) (columns: \(columns.joined(separator: ", ")))")
    }
    guard let preset = row.columns["preset"], !preset.isEmpty else { throw UsageError("missing preset") }
    let file = try presets.file(named: preset)
    /// A column's value, when the row gives one.
    func column(_ name: String) -> String? { row.columns[name].flatMap { $0.isEmpty ? nil : $0 } }
    /// How a message names an option: `fps 60` from the row's column, `--fps 60` from the
    /// batch's option; an output is always the row's (named from the preset without one).
    func spelled(_ option: RenderOption) -> String {
      if option == .output { return "output" }
      guard let name = Self.optionColumns[option], column(name) != nil else { return option.flag }
      return name
    }
    // The clip's request: the batch's options, each column the row gives over its option.
    var request = defaults.request
    // The parameters go to the clip apart, the row's over the batch's, as its preset's check
    // resolves them.
    request.parameters = []
    // A row's range replaces the batch's however it is given: its segment the batch's start
    // and end, its start or end the batch's segment.
    if column("segment") != nil {
      request[.start] = nil
      request[.end] = nil
    } else if column("start") != nil || column("end") != nil {
      request[.segment] = nil
    }
    for (option, name) in Self.optionColumns {
      guard let text = column(name) else { continue }
      request[option] = text
      // A row's size replaces the batch's --scale, as it would replace its --size.
      if option == .size { request[.scale] = nil }
    }
    let formatName = request[.format] ?? defaults.formatName
    // A GIF is told by its extension (or format gif), as on the command line.
    let namedGIF = formatName == "gif"
    let namedFormat = try formatName.flatMap { name -> VideoFormat? in
      if name == "gif" { return nil }
      if name == "mp4" { return .h264 }
      do {
        return VideoFormat(rawValue: try RenderOptionValue.formatName(name, among: BatchDefaults.formatNames))
      } catch let error as RenderOptionError {
        // The batch's --format was read when the batch began: this one is the row's column.
        throw UsageError(error.worded(naming: spelled))
      }
    }
    if request[.format] != nil { request[.format] = namedFormat?.rawValue }
    let defaultExtension = namedGIF ? "gif" : (namedFormat ?? .h264).fileExtensions[0]
    let named = column("output") ?? "\(preset).\(defaultExtension)"
    guard let output = ConfinedPath.normalizedOutput(named) else {
      throw UsageError("output \(named): expected a file name inside the output folder")
    }
    guard !BatchRecordFolder.isBookkeeping(output) else {
      throw UsageError(
        "output \(output): \(BatchRecordFolder.name) folders (and names ending in \(BatchRecordFolder.legacyRecordSuffix) or "
          + "\(BatchRecordFolder.legacyLockSuffix)) hold the batch's own records and locks")
    }
    if let part = TemporaryName.lookalike(in: output) {
      throw UsageError("output \(output): \(TemporaryName.lookalikeReason(part))")
    }
    // A symbolic link inside the output folder must not carry a clip out of it. A name without
    // a folder can only be led out by a link of that name (checked cheaply: rows are many).
    let outputPath = "\(outputFolder)/\(output)"
    let mayLeadOut = output.contains("/") || ConfinedPath.isSymbolicLink(outputPath)
    if checksOutput, mayLeadOut, FileManager.default.fileExists(atPath: outputFolder),
      !ConfinedPath.isInside(outputPath, folder: outputFolder)
    {
      throw UsageError(
        "output \(output): \(outputPath) leads outside \(outputFolder) (a symbolic link); write clips inside the output folder")
    }
    let isGIF = (output as NSString).pathExtension.lowercased() == "gif"
    if namedGIF && !isGIF { throw UsageError("output \(output): \(spelled(.format)) gif is written as .gif") }
    do {
      // A clip is one file, a video or a GIF (a .png would be a poster or frames); a GIF output
      // is a GIF whatever format is named, as a render's .gif beside --format.
      // A target's format is the target's to check, with the job (`--target web sets --format vp9: …`).
      let format = isGIF ? .h264 : try RenderJob.format(named: request[.format], output: output)
      guard !(output as NSString).pathExtension.isEmpty else {
        throw UsageError("output \(output): expected a name ending in .\(format.fileExtensions[0])")
      }
      if isGIF || !format.usesX26xOptions {
        request[.encoderPreset] = nil
        request[.tune] = nil
      }
      var parameters = defaults.parameters
      for (name, value) in row.parameters { parameters[name] = value }
      var clip = BatchClip(origin: row.origin, preset: preset, presetFile: file, output: output, request: request, parameters: parameters)
      // What the row and the batch's options ask of this clip together, checked by the
      // render's own job: a value from the row is named as its column (`fps 60`), one from the
      // batch's options as the option (`--fps 60`).
      _ = try clip.job(outputPath: outputPath, workers: nil)
      if compiles { clip = try checkParameters(clip, presets: presets) }
      return clip
    } catch let error as RenderOptionError {
      throw UsageError(error.worded(naming: spelled))
    }
  }

  /// `clip` with its image parameters resolved, once its preset is checked to compile with its
  /// parameters (a typo in a colour fails here, not in the render).
  ///
  /// - Parameter skippingBrokenPresets: return `clip` unchecked when the preset itself does
  ///   not compile, for its render to report.
  private static func checkParameters(
    _ clip: BatchClip, presets: BatchPresets, skippingBrokenPresets: Bool = false
  ) throws -> BatchClip {
    guard !(clip.parameters.isEmpty && skippingBrokenPresets) else { return clip }
    let prepared: BatchDocument
    do {
      prepared = try presets.prepared(clip.presetFile)
    } catch  where skippingBrokenPresets {
      return clip
    }
    try prepared.check(clip.parameters)
    // The check confined the images to the assets root; the render reads exactly those files.
    var checked = clip
    for parameter in prepared.parameters where parameter.kind == .image {
      guard let path = clip.parameters[parameter.name] else { continue }
      checked.imageFiles[parameter.name] = ConfinedPath.resolved(path.hasPrefix("/") ? path : "\(presets.folder)/\(path)")
    }
    return checked
  }

  /// Rows of a CSV with a header; fields may be quoted ("a,b" and "" for a quote).
  private static func csvRows(_ lines: [String], file: String) throws -> [BatchRow] {
    guard let header = lines.first else { throw UsageError("\(file) is empty") }
    let names = fields(header).map { $0.trimmedOfBlanks }
    return try lines.enumerated().dropFirst().compactMap { index, line in
      guard !line.trimmedOfBlanks.isEmpty else { return nil }
      let values = fields(line)
      guard values.count <= names.count else {
        throw UsageError("\(file):\(index + 1): \(values.count) fields, the header has \(names.count)")
      }
      return BatchRow(origin: "\(file):\(index + 1)", names: names, fields: values.map(\.trimmedOfBlanks))
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
  private static func jsonLinesRows(_ lines: [String], file: String) -> [BatchRow] {
    lines.enumerated().compactMap { index, line in
      guard !line.trimmedOfBlanks.isEmpty else { return nil }
      let origin = "\(file):\(index + 1)"
      guard let object = try? JSONValue.parseJSON5(Data(line.utf8)) else {
        return BatchRow(origin: origin, json: .null)
      }
      return BatchRow(origin: origin, json: object)
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
