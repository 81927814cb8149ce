import SplashCore
import SplashModel

/// Compiles animation objects, named and shaped as in Core Animation.
///
///     { type: "basic", keyPath: "strokeEnd", fromValue: 0, toValue: 1, byValue: …,
///       additive: false, … timing }
///     { type: "keyframe", keyPath: "lineWidth", values: [0, 5, 0], keyTimes: [0, 0.8333, 1],
///       timingFunctions: [ … ], calculationMode: "linear", … timing }
///     { type: "group", animations: [ … ], … timing }
///
///     timing: beginTime, duration, speed, timeOffset, repeatCount (a number or "infinity"),
///             repeatDuration, autoreverses, fillMode ("removed" | "forwards" | "backwards" |
///             "both"), removedOnCompletion, timingFunction
enum AnimationCompiler {
  private enum AnimationType: String, CaseIterable {
    case basic, keyframe, group
  }

  private static let timingKeys: Set<String> = [
    "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
    "autoreverses", "fillMode", "removedOnCompletion", "timingFunction",
  ]
  private static let keysByType: [AnimationType: Set<String>] = [
    .basic: ["keyPath", "fromValue", "toValue", "byValue", "additive"],
    .keyframe: ["keyPath", "values", "keyTimes", "timingFunctions", "calculationMode", "additive"],
    .group: ["animations"],
  ]

  static func animation(_ cursor: JSONCursor, layerKind: LayerKind) throws -> Animation {
    guard case .object(let raw) = cursor.value else { throw cursor.error(expected: "an animation object") }
    guard let typeValue = raw["type"] else { throw cursor.error("missing \"type\" (basic, keyframe or group)") }
    let type = try JSONCursor(value: typeValue, jsonPath: "\(cursor.jsonPath).type", file: cursor.file).choice(AnimationType.self)
    let members = try cursor.object(allowedKeys: timingKeys.union(keysByType[type] ?? []))

    let timing = try mediaTiming(members)
    let removedOnCompletion = try members["removedOnCompletion"]?.bool() ?? true
    let timingFunction = try members["timingFunction"]?.timingFunction()

    if type == .group {
      guard let children = members["animations"] else { throw cursor.error("missing \"animations\"") }
      return .group(
        AnimationGroup(
          timing: timing, isRemovedOnCompletion: removedOnCompletion, timingFunction: timingFunction,
          animations: try children.array().map { try animation($0, layerKind: layerKind) }))
    }

    guard let keyPathCursor = members["keyPath"] else { throw cursor.error("missing \"keyPath\"") }
    let keyPath = try keyPathCursor.choice(LayerKeyPath.self)
    if layerKind != .shape && keyPath.isShapeOnly {
      throw keyPathCursor.error(expected: "a key path of a plain layer (\"\(keyPath.rawValue)\" needs type \"shape\")")
    }
    let values: AnimationValues
    if type == .basic {
      values = .basic(
        from: try members["fromValue"].map { try $0.animatableValue(for: keyPath) },
        to: try members["toValue"].map { try $0.animatableValue(for: keyPath) },
        by: try members["byValue"].map { try $0.animatableValue(for: keyPath) })
    } else {
      values = .keyframes(try keyframeTrack(members, keyPath: keyPath, in: cursor))
    }
    return .property(
      PropertyAnimation(
        keyPath: keyPath, timing: timing, values: values, timingFunction: timingFunction,
        isAdditive: try members["additive"]?.bool() ?? false,
        isRemovedOnCompletion: removedOnCompletion))
  }

  private static func mediaTiming(_ members: [String: JSONCursor]) throws -> MediaTiming {
    var timing = MediaTiming()
    if let value = members["beginTime"] { timing.beginTime = try value.number() }
    if let value = members["duration"] {
      timing.duration = try value.number(in: 0...86_400, expected: "a duration in seconds ≥ 0 (0 means 0.25)")
    }
    if let value = members["speed"] {
      timing.speed = try value.number(in: 0...1_000, expected: "a speed ≥ 0")
    }
    if let value = members["timeOffset"] { timing.timeOffset = try value.number() }
    if let value = members["repeatCount"] {
      if case .string("infinity") = value.value {
        timing.repeatCount = .infinity
      } else {
        timing.repeatCount = try value.number(
          in: 0...1e9, expected: "a repeat count ≥ 0 or \"infinity\"")
      }
    }
    if let value = members["repeatDuration"] {
      timing.repeatDuration = try value.number(in: 0...1e9, expected: "a repeat duration in seconds ≥ 0")
    }
    if let value = members["autoreverses"] { timing.autoreverses = try value.bool() }
    if let value = members["fillMode"] { timing.fillMode = try value.choice(FillMode.self) }
    return timing
  }

  private static func keyframeTrack(
    _ members: [String: JSONCursor], keyPath: LayerKeyPath, in cursor: JSONCursor
  ) throws -> KeyframeTrack {
    guard let valuesCursor = members["values"] else { throw cursor.error("missing \"values\"") }
    let values = try valuesCursor.array().map { try $0.animatableValue(for: keyPath) }
    guard !values.isEmpty else { throw valuesCursor.error(expected: "at least one value") }

    var keyTimes: [Double] = []
    if let keyTimesCursor = members["keyTimes"] {
      keyTimes = try keyTimesCursor.array().map {
        try $0.number(in: 0...1, expected: "a key time from 0 to 1")
      }
      guard keyTimes.count == values.count else {
        throw keyTimesCursor.error(expected: "\(values.count) key times (one per value)")
      }
      guard zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) else {
        throw keyTimesCursor.error(expected: "key times that never decrease")
      }
    }

    var timingFunctions: [TimingFunction] = []
    if let functionsCursor = members["timingFunctions"] {
      timingFunctions = try functionsCursor.array().map { try $0.timingFunction() }
      guard timingFunctions.count == values.count - 1 else {
        throw functionsCursor.error(expected: "\(values.count - 1) timing functions (one per segment)")
      }
    }
    let mode = try members["calculationMode"]?.choice(KeyframeTrack.CalculationMode.self) ?? .linear
    return KeyframeTrack(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode)
  }
}

extension LayerKeyPath {
  /// Whether only a `CAShapeLayer` has this property.
  var isShapeOnly: Bool {
    switch self {
    case .path, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd, .miterLimit: true
    default: false
    }
  }
}

extension JSONCursor {
  /// A value of the kind `keyPath` animates; rotations are angles with units.
  func animatableValue(for keyPath: LayerKeyPath) throws -> AnimatableValue {
    switch keyPath {
    case .rotation, .rotationZ: return .scalar(try angle())
    default: break
    }
    switch keyPath.valueKind {
    case .scalar: return .scalar(try number())
    case .point: return .point(try point())
    case .size: return .size(try size())
    case .rect: return .rect(try rect())
    case .color: return .color(try color())
    case .transform: return .transform(try transform())
    case .path: return .path(try shapePath())
    }
  }
}
