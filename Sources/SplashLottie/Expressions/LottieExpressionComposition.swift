import SplashDocument
import SplashScript

/// One composition as its expressions see it: its layers (name, index, in and out points,
/// parent, transform and effect values) and every value a script may read, numbered, with the
/// expressions to run.
struct LottieExpressionComposition {
  /// A numeric property a script may read or that carries an expression.
  struct Property {
    var path: LottieJSONPath
    var value: LottieProperty<[Double]>
    /// The layer's place in the composition's list.
    var layer: Int
    var expression: String?
    /// The property as the file writes it.
    var original: JSONValue
    /// For a shape path, whether it is closed (its value is then `LottieExpressionPath`'s
    /// numbers); `nil` for numbers.
    var closedPath: Bool?

    /// The property as the file writes it, without its expression.
    var originalWithoutExpression: JSONValue { LottieExpressionBaker.withoutExpression(original) }
  }

  /// An expression on a value that is neither numbers nor a shape path (a text document),
  /// which splashvid does not run.
  struct Unsupported {
    var path: LottieJSONPath
  }

  /// Where the composition's layer list is, and its frames.
  let layersPath: LottieJSONPath
  let frameRate: Double
  private(set) var properties: [Property] = []
  private(set) var unsupported: [Unsupported] = []
  /// The layers' in and out points, by place, in the composition's frames.
  private(set) var layerFrames: [(inPoint: Double, outPoint: Double)] = []
  private var layerDescriptions: [ScriptValue] = []
  private var propertyIndex: [LottieJSONPath: Int] = [:]
  private let name: String
  private let size: (width: Double, height: Double)
  private let frames: (inPoint: Double, outPoint: Double)
  private let file: String
  private let limits: LottieLimits

  /// Reads the layers at `layersPath` of `root`.
  init(
    root: JSONValue, layersPath: LottieJSONPath, name: String, frameRate: Double, size: (width: Double, height: Double),
    frames: (inPoint: Double, outPoint: Double), file: String, limits: LottieLimits
  ) {
    self.layersPath = layersPath
    self.name = name
    self.frameRate = frameRate
    self.size = size
    self.frames = frames
    self.file = file
    self.limits = limits
    guard case .array(let layers)? = root[layersPath] else { return }
    for (place, layer) in layers.enumerated() {
      read(layer: layer, place: place, path: layersPath.appending(place))
    }
  }

  /// Whether any layer carries an expression.
  var hasExpressions: Bool {
    properties.contains { $0.expression != nil } || !unsupported.isEmpty
  }

  /// The composition and its properties as `__beginComposition` takes them.
  var scriptArguments: [ScriptValue] {
    let description = ScriptValue.object([
      "name": .string(name), "frameRate": .number(frameRate), "width": .number(size.width), "height": .number(size.height),
      "inPoint": .number(frames.inPoint), "outPoint": .number(frames.outPoint), "layers": .array(layerDescriptions),
    ])
    let properties = properties.map { property -> ScriptValue in
      var keys: [ScriptValue] = []
      var dimensions = property.value.initialValue.count
      if case .animated(let keyframes) = property.value {
        keys = keyframes.map { .object(["t": .number($0.frame), "s": .array($0.value.map(ScriptValue.number))]) }
        dimensions = keyframes.map(\.value.count).max() ?? dimensions
      }
      var members: [String: ScriptValue] = [
        "keys": .array(keys), "scalar": .bool(dimensions == 1), "layer": .number(Double(property.layer)),
      ]
      if let expression = property.expression { members["expression"] = .string(expression) }
      if let closed = property.closedPath { members["closed"] = .bool(closed) }
      return .object(members)
    }
    return [description, .array(properties)]
  }

  // MARK: Reading

  private mutating func read(layer: JSONValue, place: Int, path: LottieJSONPath) {
    let members: [String: JSONValue]
    if case .object(let object) = layer { members = object } else { members = [:] }
    func number(_ key: String) -> Double? {
      if case .number(let value)? = members[key], value.isFinite { return value }
      return nil
    }
    func text(_ key: String) -> String? {
      if case .string(let value)? = members[key] { return value }
      return nil
    }
    let inPoint = number("ip") ?? frames.inPoint
    let outPoint = number("op") ?? frames.outPoint
    layerFrames.append((inPoint, outPoint))

    // The transform's values, under the names After Effects gives them; a position split
    // into x and y (`p.s`) is read as its two halves.
    var transform: [String: ScriptValue] = [:]
    func transformEntry(_ name: String, _ candidates: [[String]]) {
      transform[name] = .null
      for members in candidates {
        let relative = LottieJSONPath(parts: (["ks"] + members).map { .member($0) })
        guard let value = layer[relative] else { continue }
        let full = LottieJSONPath(parts: path.parts + relative.parts)
        if let id = register(full, value: value, layerPlace: place) {
          transform[name] = .number(Double(id))
          return
        }
      }
    }
    transformEntry("anchorPoint", [["a"]])
    transformEntry("scale", [["s"]])
    transformEntry("rotation", [["r"], ["rz"]])
    transformEntry("opacity", [["o"]])
    transformEntry("position", [["p"]])
    transformEntry("xPosition", [["p", "x"]])
    transformEntry("yPosition", [["p", "y"]])

    var effects: [ScriptValue] = []
    if case .array(let list)? = members["ef"] {
      for (effectPlace, effect) in list.enumerated() {
        guard case .object(let effectMembers) = effect else { continue }
        var parameters: [ScriptValue] = []
        if case .array(let values)? = effectMembers["ef"] {
          for (valuePlace, value) in values.enumerated() {
            guard case .object(let valueMembers) = value else { continue }
            let valuePath = path.appending("ef").appending(effectPlace).appending("ef").appending(valuePlace).appending("v")
            let id = valueMembers["v"].flatMap { register(valuePath, value: $0, layerPlace: place) }
            parameters.append(
              .object([
                "name": Self.string(valueMembers["nm"]), "matchName": Self.string(valueMembers["mn"]),
                "type": valueMembers["ty"].flatMap { if case .number(let type) = $0 { .number(type) } else { nil } } ?? .null,
                "property": id.map { .number(Double($0)) } ?? .null,
              ]))
          }
        }
        effects.append(
          .object([
            "name": Self.string(effectMembers["nm"]), "matchName": Self.string(effectMembers["mn"]), "parameters": .array(parameters),
          ]))
      }
    }

    layerDescriptions.append(
      .object([
        "index": number("ind").map(ScriptValue.number) ?? .number(Double(place + 1)), "name": .string(text("nm") ?? ""),
        "inPoint": .number(inPoint), "outPoint": .number(outPoint), "startTime": .number(number("st") ?? 0),
        "parent": number("parent").map(ScriptValue.number) ?? .null,
        "width": .number(number("w") ?? number("sw") ?? size.width), "height": .number(number("h") ?? number("sh") ?? size.height),
        "transform": .object(transform), "effects": .array(effects),
        "contents": .array(contents(members["shapes"], path: path.appending("shapes"), layerPlace: place)),
      ]))
    findExpressions(in: layer, path: path, layerPlace: place)
  }

  /// The values of each shape item, by the names After Effects' expressions give them
  /// (`content("Ellipse 1").content("Ellipse Path 1").size`), a group's items inside it.
  private static let contentNames: [String: [(key: String, name: String)]] = [
    "sh": [("ks", "path")], "el": [("s", "size"), ("p", "position")],
    "rc": [("s", "size"), ("p", "position"), ("r", "roundness")],
    "sr": [
      ("p", "position"), ("pt", "points"), ("r", "rotation"), ("ir", "innerRadius"), ("or", "outerRadius"), ("is", "innerRoundness"),
      ("os", "outerRoundness"),
    ],
    "fl": [("c", "color"), ("o", "opacity")], "st": [("c", "color"), ("o", "opacity"), ("w", "strokeWidth")],
    "gf": [("o", "opacity"), ("s", "startPoint"), ("e", "endPoint")], "gs": [("o", "opacity"), ("s", "startPoint"), ("e", "endPoint")],
    "tm": [("s", "start"), ("e", "end"), ("o", "offset")], "rp": [("c", "copies"), ("o", "offset")], "rd": [("r", "radius")],
    "tr": [
      ("a", "anchorPoint"), ("p", "position"), ("s", "scale"), ("r", "rotation"), ("o", "opacity"), ("sk", "skew"), ("sa", "skewAxis"),
    ],
  ]

  private mutating func contents(_ list: JSONValue?, path: LottieJSONPath, layerPlace: Int) -> [ScriptValue] {
    guard case .array(let items)? = list else { return [] }
    var described: [ScriptValue] = []
    for (place, item) in items.enumerated() {
      guard case .object(let members) = item, case .string(let type)? = members["ty"] else { continue }
      let itemPath = path.appending(place)
      var values: [String: ScriptValue] = [:]
      var closed: [String: ScriptValue] = [:]
      for (key, name) in Self.contentNames[type] ?? [] {
        guard let value = members[key], let id = register(itemPath.appending(key), value: value, layerPlace: layerPlace) else { continue }
        values[name] = .number(Double(id))
        if let isClosed = properties[id].closedPath { closed[name] = .bool(isClosed) }
      }
      var entry: [String: ScriptValue] = [
        "name": Self.string(members["nm"]), "matchName": Self.string(members["mn"]), "type": .string(type), "values": .object(values),
        "closed": .object(closed),
      ]
      if type == "gr" { entry["items"] = .array(contents(members["it"], path: itemPath.appending("it"), layerPlace: layerPlace)) }
      described.append(.object(entry))
    }
    return described
  }

  /// Every property of the layer that carries an expression (`x` beside `k`), wherever it is:
  /// the transform, shapes, masks, effects, text, time remapping.
  private mutating func findExpressions(in value: JSONValue, path: LottieJSONPath, layerPlace: Int) {
    switch value {
    case .object(let members):
      if case .string(let expression)? = members["x"], members["k"] != nil {
        if let id = register(path, value: value, layerPlace: layerPlace) {
          properties[id].expression = expression
        } else {
          unsupported.append(Unsupported(path: path))
        }
        return
      }
      for key in members.keys.sorted() {
        if let member = members[key] { findExpressions(in: member, path: path.appending(key), layerPlace: layerPlace) }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        findExpressions(in: element, path: path.appending(index), layerPlace: layerPlace)
      }
    default:
      break
    }
  }

  /// Numbers the numeric property `value` at `path`, once; `nil` where it is none.
  private mutating func register(_ path: LottieJSONPath, value: JSONValue, layerPlace: Int) -> Int? {
    if let id = propertyIndex[path] { return id }
    let cursor = LottieCursor(value: value, jsonPath: path.text, file: file)
    guard let content = cursor["k"] else { return nil }
    var closedPath: Bool?
    var read = try? LottieProperty<[Double]>.read(cursor, limits: limits) { try $0.numbers() }
    if read == nil,
      let shape = try? LottieProperty<[Double]>.read(cursor, limits: limits, { try LottieExpressionPath.numbers($0, limits: limits) })
    {
      // A path morphs only between shapes of as many vertices.
      let counts: Set<Int>
      if case .animated(let keyframes) = shape { counts = Set(keyframes.map(\.value.count)) } else { counts = [shape.initialValue.count] }
      if counts.count == 1 {
        read = shape
        var shapeCursor = content
        if case .array = content.value, let firstKey = try? content.array().first, let start = firstKey["s"] { shapeCursor = start }
        closedPath = (try? LottieBezier.vertices(shapeCursor, limits: limits))?.isClosed ?? false
      }
    }
    guard let property = read, !property.initialValue.isEmpty else { return nil }
    let id = properties.count
    properties.append(
      Property(path: path, value: property, layer: layerPlace, expression: nil, original: value, closedPath: closedPath))
    propertyIndex[path] = id
    return id
  }

  private static func string(_ value: JSONValue?) -> ScriptValue {
    if case .string(let text)? = value { return .string(text) }
    return .null
  }
}
