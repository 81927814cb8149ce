import SplashCore
import SplashModel

/// Compiles animation objects, named and shaped as in Core Animation.
///
///     { type: "basic", keyPath: "strokeEnd", fromValue: 0, toValue: 1, byValue: …,
///       additive: false, cumulative: false, … timing }
///     { type: "spring", keyPath: "transform.scale", fromValue: 0.25, toValue: 1,
///       mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, … timing }   // CASpringAnimation
///     { type: "spring", …, duration: 0.4, dampingRatio: 0.7, initialSpringVelocity: 0.1 } // UIKit
///     { type: "keyframe", keyPath: "lineWidth", values: [0, 5, 0], keyTimes: [0, 0.8333, 1],
///       timingFunctions: [ … ], calculationMode: "linear", tensionValues: [ … ], … timing }
///     { type: "keyframe", keyPath: "position", path: { … }, rotationMode: "auto", … timing }
///     { type: "group", animations: [ … ], … timing }
///
///     timing: beginTime, duration, speed, timeOffset, repeatCount (a number or "infinity"),
///             repeatDuration, autoreverses, fillMode ("removed" | "forwards" | "backwards" |
///             "both"), removedOnCompletion, timingFunction
///
/// A spring without a `duration` lasts its `settlingDuration`, which is what Core Animation
/// code almost always sets.
enum AnimationCompiler {
  private enum AnimationType: String, CaseIterable {
    case basic, spring, keyframe, group
  }

  private static let timingKeys: Set<String> = [
    "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
    "autoreverses", "fillMode", "removedOnCompletion", "timingFunction",
  ]
  private static let basicKeys: Set<String> = ["keyPath", "fromValue", "toValue", "byValue", "additive", "cumulative"]
  private static let keysByType: [AnimationType: Set<String>] = [
    .basic: basicKeys,
    .spring: basicKeys.union(["mass", "stiffness", "damping", "initialVelocity", "dampingRatio", "initialSpringVelocity"]),
    .keyframe: [
      "keyPath", "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
      "continuityValues", "biasValues", "rotationMode", "additive", "cumulative",
    ],
    .group: ["animations"],
  ]

  static func animation(
    _ cursor: JSONCursor, layerKind: LayerKind, issues: IssueCollector, budget: PresetBudget, depth: Int = 0
  ) throws -> Animation {
    guard depth < PresetLimits.depth else {
      throw cursor.error("animation groups nested more than \(PresetLimits.depth) deep")
    }
    try budget.addAnimation(at: cursor)
    guard case .object(let raw) = cursor.value else { throw cursor.error(expected: "an animation object") }
    guard let typeValue = raw["type"] else {
      throw cursor.error("missing \"type\" (basic, spring, keyframe or group)")
    }
    let type = try JSONCursor(value: typeValue, jsonPath: "\(cursor.jsonPath).type", file: cursor.file)
      .choice(AnimationType.self)
    let members = try cursor.object(allowedKeys: timingKeys.union(keysByType[type] ?? []))

    var timing = try mediaTiming(members)
    let removedOnCompletion = try members["removedOnCompletion"]?.bool() ?? true
    let timingFunction = try members["timingFunction"]?.timingFunction()

    if type == .group {
      guard let children = members["animations"] else { throw cursor.error("missing \"animations\"") }
      var animations: [Animation] = []
      for child in try children.array() {
        if let compiled = try issues.attempt({
          try animation(child, layerKind: layerKind, issues: issues, budget: budget, depth: depth + 1)
        }) {
          animations.append(compiled)
        }
      }
      return .group(
        AnimationGroup(
          timing: timing, isRemovedOnCompletion: removedOnCompletion, timingFunction: timingFunction,
          animations: animations))
    }

    guard let keyPathCursor = members["keyPath"] else { throw cursor.error("missing \"keyPath\"") }
    let keyPath = try Self.keyPath(keyPathCursor, layerKind: layerKind, issues: issues)
    let isCumulative = try members["cumulative"]?.bool() ?? false
    if isCumulative, !keyPath.valueKind.isVectorLike, let cumulative = members["cumulative"] {
      throw cumulative.error(expected: "false: cumulative needs a number, point, size, rect or colour key path")
    }

    let values: AnimationValues
    switch type {
    case .basic:
      let (from, to, by) = try basicValues(members, keyPath: keyPath)
      values = .basic(from: from, to: to, by: by)
    case .spring:
      if let function = members["timingFunction"] {
        throw function.error(expected: "no timing function: a spring's own motion is its timing")
      }
      let (from, to, by) = try basicValues(members, keyPath: keyPath)
      let spring = try self.spring(members, timing: timing, in: cursor)
      if members["duration"] == nil { timing.duration = spring.settlingDuration }
      values = .spring(from: from, to: to, by: by, spring: spring)
    default:
      values = try KeyframeCompiler.values(members, keyPath: keyPath, in: cursor)
    }
    return .property(
      PropertyAnimation(
        keyPath: keyPath, timing: timing, values: values, timingFunction: timingFunction,
        isAdditive: try members["additive"]?.bool() ?? false, isCumulative: isCumulative,
        isRemovedOnCompletion: removedOnCompletion))
  }

  private static func basicValues(_ members: [String: JSONCursor], keyPath: LayerKeyPath) throws
    -> (AnimatableValue?, AnimatableValue?, AnimatableValue?)
  {
    if let by = members["byValue"], !keyPath.valueKind.isVectorLike {
      throw by.error(expected: "no byValue: \"\(keyPath.rawValue)\" values cannot be added")
    }
    return (
      try members["fromValue"].map { try $0.animatableValue(for: keyPath) },
      try members["toValue"].map { try $0.animatableValue(for: keyPath) },
      try members["byValue"].map { try $0.animatableValue(for: keyPath) }
    )
  }

  /// A spring in Core Animation's terms (mass, stiffness, damping, initialVelocity) or UIKit's
  /// (duration, dampingRatio, initialSpringVelocity); not both.
  private static func spring(_ members: [String: JSONCursor], timing: MediaTiming, in cursor: JSONCursor) throws -> Spring {
    let physical = ["mass", "stiffness", "damping", "initialVelocity"].filter { members[$0] != nil }
    if let ratio = members["dampingRatio"] {
      if let first = physical.first, let mixed = members[first] {
        throw mixed.error(expected: "either UIKit's dampingRatio form or mass/stiffness/damping, not both")
      }
      guard let duration = members["duration"] else {
        throw cursor.error("missing \"duration\" (the UIKit spring form needs it)")
      }
      _ = duration
      return Spring(
        uiKitDuration: timing.effectiveDuration,
        dampingRatio: try ratio.number(in: 0.01...100, expected: "a damping ratio from 0.01 to 100 (1 = no bounce)"),
        initialVelocity: try members["initialSpringVelocity"]?.number() ?? 0)
    }
    if let velocity = members["initialSpringVelocity"] {
      throw velocity.error(expected: "initialVelocity (initialSpringVelocity goes with dampingRatio)")
    }
    return Spring(
      mass: try members["mass"]?.number(in: 1e-6...1e6, expected: "a mass > 0") ?? 1,
      stiffness: try members["stiffness"]?.number(in: 1e-6...1e9, expected: "a stiffness > 0") ?? 100,
      damping: try members["damping"]?.number(in: 0.001...1e9, expected: "a damping > 0") ?? 10,
      initialVelocity: try members["initialVelocity"]?.number() ?? 0)
  }

  private static func mediaTiming(_ members: [String: JSONCursor]) throws -> MediaTiming {
    var timing = MediaTiming()
    // Times beyond a million seconds (11 days) are typos or attacks, and lose the precision a
    // frame time needs.
    if let value = members["beginTime"] {
      timing.beginTime = try value.number(in: -1e6...1e6, expected: "a begin time in seconds from −1000000 to 1000000")
    }
    if let value = members["duration"] {
      timing.duration = try value.number(
        in: 0...86_400, expected: "a duration in seconds ≥ 0 (0 means 0.25, or the whole group for a group's child)")
    }
    if let value = members["speed"] {
      timing.speed = try value.number(in: 0...1_000, expected: "a speed ≥ 0")
    }
    if let value = members["timeOffset"] {
      timing.timeOffset = try value.number(in: -1e6...1e6, expected: "a time offset in seconds from −1000000 to 1000000")
    }
    // "For ever" as Swift and Objective-C code spell it: Infinity, "HUGE", ".infinity", …
    if let value = members["repeatCount"] {
      timing.repeatCount = try value.repetition(in: 0...1e9, expected: "a repeat count ≥ 0 or \"infinity\"")
    }
    if let value = members["repeatDuration"] {
      timing.repeatDuration = try value.repetition(in: 0...1e9, expected: "a repeat duration in seconds ≥ 0 or \"infinity\"")
    }
    if let value = members["autoreverses"] { timing.autoreverses = try value.bool() }
    if let value = members["fillMode"] { timing.fillMode = try value.choice(FillMode.self) }
    return timing
  }
}

extension AnimatableValue.Kind {
  /// Whether values of this kind can be added and measured (for byValue, cumulative, paced).
  var isVectorLike: Bool {
    switch self {
    case .scalar, .point, .size, .rect, .color: true
    default: false
    }
  }
}

extension JSONCursor {
  /// A value of the kind `keyPath` animates; rotations are angles with units.
  func animatableValue(for keyPath: LayerKeyPath) throws -> AnimatableValue {
    if keyPath.isAngle { return .scalar(try angle()) }
    if keyPath.property.valueType == Bool.self { return .scalar(try bool() ? 1 : 0) }
    switch keyPath.valueKind {
    case .scalar: return .scalar(try number())
    case .point: return .point(try point())
    case .size:
      // Sizes that are offsets (translation, shadowOffset) may be negative.
      let numbers = try numbers(count: 2, expected: "a size [width, height]")
      return .size(Size(width: numbers[0], height: numbers[1]))
    case .rect: return .rect(try rect())
    case .color: return .color(try color())
    case .transform: return .transform(try transform())
    case .path: return .path(try shapePath())
    case .numbers: return .numbers(try numberList(in: -1e9...1e9, expected: "a number"))
    case .colors: return .colors(try colorList())
    }
  }
}
