import Foundation
import SplashDocument

/// Expands a layer's `grid`: one layer per cell from a template, the way a replicator or a
/// tile-grid view builds its cells (fuber's ripple of 7 × 11 tiles).
///
///     grid: {
///       columns: 7, rows: 11, cellSize: [90, 90], origin: [0, 0],  // cell (0, 0)'s top-left
///       centerCell: [3, 5],          // distances and offsets are measured from its centre
///       idPrefix: "tile",            // ids "tile-C-R": column C, row R, from 0
///       front: [3, 5],               // drawn last, on top of the others
///       delayPerPoint: 0.0006666,    // each cell's animations begin later by distance × this
///       cell: { … a layer … },       // the template; position and id are set per cell
///     }
///
/// Inside the template:
/// - `{ cell: "offset", times: 0.025 }` becomes the cell centre's offset from the centre cell,
///   times the factor, as a point `[dx, dy]`; `{ cell: "distance", times: k }` the distance
///   as a number; `{ cell: "column" }` and `{ cell: "row" }` the indices.
/// - An animation or sublayer with `cells: "interior" | "border" | "all" | "C,R"` is kept
///   only in the matching cells (interior: not in the first or last row or column).
/// - Layer ids inside a cell get the cell's `-C-R` suffix so they stay unique, except in an
///   element kept for a single cell (`cells: "3,5"`), which exists once and keeps its ids.
///
/// The cells come before the host layer's own sublayers, in row-major order.
enum GridExpander {
  static let keys: Set<String> = ["columns", "rows", "cellSize", "origin", "centerCell", "idPrefix", "front", "delayPerPoint", "cell"]

  static func cells(_ grid: JSONCursor) throws -> [JSONCursor] {
    let members = try grid.object(allowedKeys: keys)
    func required(_ key: String) throws -> JSONCursor {
      guard let member = members[key] else { throw grid.error("missing \"\(key)\"") }
      return member
    }
    let columns = try required("columns").integer(in: 1...200)
    let rows = try required("rows").integer(in: 1...200)
    guard columns * rows <= 2_000 else { throw grid.error(expected: "at most 2000 cells") }
    let size = try required("cellSize").size()
    let origin = try members["origin"]?.point() ?? .zero
    let center =
      try members["centerCell"]?.numbers(count: 2, expected: "a cell [column, row]")
      ?? [Double(columns - 1) / 2, Double(rows - 1) / 2]
    let prefix = try members["idPrefix"]?.string() ?? "cell"
    let front = try members["front"].map { cursor in
      let cell = try cursor.numbers(count: 2, expected: "a cell [column, row]")
      guard cell.allSatisfy({ $0 == $0.rounded() }), (0..<Double(columns)).contains(cell[0]), (0..<Double(rows)).contains(cell[1]) else {
        throw cursor.error(expected: "a cell [column, row] inside the \(columns)x\(rows) grid")
      }
      return cell.map { Int($0) }
    }
    let delayPerPoint = try members["delayPerPoint"]?.number(in: 0...10, expected: "seconds per point from 0 to 10") ?? 0
    let template = try required("cell")
    guard case .object(let templateMembers) = template.value else { throw template.error(expected: "a layer object") }
    for key in ["position", "frame"] {
      guard let placement = templateMembers[key] else { continue }
      throw JSONCursor(value: placement, jsonPath: "\(template.jsonPath).\(key)", file: grid.file)
        .error(expected: "no \(key) in a grid cell (the grid places each cell; give its size with bounds)")
    }

    var cells: [JSONCursor] = []
    var frontCell: JSONCursor?
    for row in 0..<rows {
      for column in 0..<columns {
        let centerX = origin.x + (Double(column) + 0.5) * size.width
        let centerY = origin.y + (Double(row) + 0.5) * size.height
        let dx = (Double(column) - center[0]) * size.width
        let dy = (Double(row) - center[1]) * size.height
        let context = CellContext(
          column: column, row: row, offset: (dx, dy), distance: (dx * dx + dy * dy).squareRoot(),
          isInterior: column > 0 && row > 0 && column < columns - 1 && row < rows - 1)
        let path = "\(template.jsonPath)[cell \(column),\(row)]"
        var value = try instantiate(template.value, context: context, path: path, file: grid.file)
        guard case .object(var layer) = value else { continue }
        layer["id"] = .string("\(prefix)-\(column)-\(row)")
        layer["position"] = .array([.number(centerX), .number(centerY)])
        if layer["bounds"] == nil {
          layer["bounds"] = .array([.number(0), .number(0), .number(size.width), .number(size.height)])
        }
        if delayPerPoint > 0, case .array(let animations)? = layer["animations"] {
          layer["animations"] = .array(
            try animations.enumerated().map { index, animation in
              try delayed(
                animation, by: context.distance * delayPerPoint, path: "\(path).animations[\(index)]", file: grid.file)
            })
        }
        value = .object(layer)
        let cursor = JSONCursor(value: value, jsonPath: path, file: grid.file)
        if let front, front == [column, row] { frontCell = cursor } else { cells.append(cursor) }
      }
    }
    if let frontCell { cells.append(frontCell) }
    return cells
  }

  private struct CellContext {
    var column: Int
    var row: Int
    var offset: (Double, Double)
    var distance: Double
    var isInterior: Bool

    func matches(_ selector: String) -> Bool? {
      switch selector {
      case "all": return true
      case "interior": return isInterior
      case "border": return !isInterior
      default:
        let parts = selector.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let c = parts[0], let r = parts[1] else { return nil }
        return c == column && r == row
      }
    }
  }

  /// The template with cell values filled in and non-matching `cells` entries dropped.
  private static func instantiate(
    _ value: JSONValue, context: CellContext, path: String, file: String, suffixIDs: Bool = true
  ) throws -> JSONValue {
    switch value {
    case .object(var members):
      if case .string(let kind)? = members["cell"] {
        if let extra = members.keys.sorted().first(where: { $0 != "cell" && $0 != "times" }) {
          throw PresetError(
            file: file, path: "\(path).\(extra)", expected: "only \"cell\" and \"times\" in a cell value", found: "unknown key \"\(extra)\""
          )
        }
        let factor =
          try members["times"].map {
            try JSONCursor(value: $0, jsonPath: "\(path).times", file: file).number()
          } ?? 1
        switch kind {
        case "offset": return .array([.number(context.offset.0 * factor), .number(context.offset.1 * factor)])
        case "distance": return .number(context.distance * factor)
        case "column": return .number(Double(context.column) * factor)
        case "row": return .number(Double(context.row) * factor)
        default:
          throw PresetError(
            file: file, path: "\(path).cell", expected: "\"offset\", \"distance\", \"column\" or \"row\"", found: "\"\(kind)\"")
        }
      }
      var suffixIDs = suffixIDs
      if case .string(let selector)? = members.removeValue(forKey: "cells"), selector.contains(",") { suffixIDs = false }
      var result: [String: JSONValue] = [:]
      for (key, member) in members {
        if key == "id", suffixIDs, case .string(let id) = member {
          result[key] = .string("\(id)-\(context.column)-\(context.row)")
          continue
        }
        if case .array(let elements) = member {
          var kept: [JSONValue] = []
          for (index, element) in elements.enumerated() {
            let elementPath = "\(path).\(key)[\(index)]"
            if case .object(let object) = element, let selector = object["cells"] {
              guard case .string(let text) = selector, let matches = context.matches(text) else {
                throw PresetError(
                  file: file, path: "\(elementPath).cells", expected: "\"all\", \"interior\", \"border\" or \"C,R\"",
                  found: selector.summary)
              }
              if !matches { continue }
            }
            kept.append(try instantiate(element, context: context, path: elementPath, file: file, suffixIDs: suffixIDs))
          }
          result[key] = .array(kept)
        } else {
          result[key] = try instantiate(member, context: context, path: "\(path).\(key)", file: file, suffixIDs: suffixIDs)
        }
      }
      return .object(result)
    case .array(let elements):
      return .array(
        try elements.enumerated().map {
          try instantiate($1, context: context, path: "\(path)[\($0)]", file: file, suffixIDs: suffixIDs)
        })
    default:
      return value
    }
  }

  /// An animation object whose `beginTime` is later by `delay`; a `beginTime` written as an
  /// expression is evaluated first, so that it is delayed too rather than replaced.
  private static func delayed(_ animation: JSONValue, by delay: Double, path: String, file: String) throws -> JSONValue {
    guard case .object(var members) = animation else { return animation }
    let begin =
      try members["beginTime"].map {
        try JSONCursor(value: $0, jsonPath: "\(path).beginTime", file: file)
          .number(in: -1e6...1e6, expected: "a begin time in seconds from −1000000 to 1000000")
      } ?? 0
    members["beginTime"] = .number(begin + delay)
    return .object(members)
  }
}
