import SplashCore
import SplashModel

/// Compiles the keyframe part of an animation: values or a position path, with their timing.
enum KeyframeCompiler {
  static func values(_ members: [String: JSONCursor], keyPath: LayerKeyPath, in cursor: JSONCursor) throws
    -> AnimationValues
  {
    let mode = try members["calculationMode"]?.choice(CalculationMode.self) ?? .linear
    if let timingFunction = members["timingFunction"], mode.isPaced {
      throw timingFunction.error(expected: "no timing function with a paced calculation mode (Core Animation ignores it)")
    }

    if let pathCursor = members["path"] {
      guard members["values"] == nil else { throw pathCursor.error(expected: "either \"values\" or \"path\", not both") }
      guard keyPath.property === LayerPropertyRegistry.position else {
        throw pathCursor.error(expected: "a path only for keyPath \"position\", not \"\(keyPath.rawValue)\"")
      }
      for key in ["tensionValues", "continuityValues", "biasValues"] {
        if let member = members[key] { throw member.error(expected: "no \(key) with a path") }
      }
      let path = try pathCursor.shapePath()
      let keyframePath = KeyframePath(
        path: path, calculationMode: mode,
        rotationMode: try members["rotationMode"]?.choice(KeyframePath.RotationMode.self))
      let segments = keyframePath.segmentCount
      guard segments > 0 else { throw pathCursor.error(expected: "a path with at least one line or curve") }
      guard segments <= PresetLimits.keyframes else {
        throw pathCursor.error(expected: "a path of at most \(PresetLimits.keyframes) segments for keyframes")
      }
      var result = keyframePath
      result.keyTimes = try keyTimes(members, count: segments + 1, what: "one per path point")
      result.timingFunctions = try timingFunctions(members, count: segments)
      return .keyframePath(result)
    }

    if let rotation = members["rotationMode"] { throw rotation.error(expected: "no rotationMode without a path") }
    guard let valuesCursor = members["values"] else { throw cursor.error("missing \"values\" (or \"path\")") }
    if case .array(let elements) = valuesCursor.value, elements.count > PresetLimits.keyframes {
      throw valuesCursor.error(expected: "at most \(PresetLimits.keyframes) keyframes")
    }
    let values = try valuesCursor.array().map { try $0.animatableValue(for: keyPath) }
    guard !values.isEmpty else { throw valuesCursor.error(expected: "at least one value") }
    if mode.isPaced || mode.isCubic, !keyPath.valueKind.isVectorLike, let modeCursor = members["calculationMode"] {
      throw modeCursor.error(
        expected: "\"linear\" or \"discrete\" for \"\(keyPath.rawValue)\" (\(mode.rawValue) needs numbers, points, sizes, rects or colours)"
      )
    }
    var track = KeyframeTrack(values: values, calculationMode: mode)
    track.keyTimes = try keyTimes(members, count: values.count, what: "one per value")
    track.timingFunctions = try timingFunctions(members, count: values.count - 1)
    let splineParameters: [(String, WritableKeyPath<KeyframeTrack, [Double]>)] = [
      ("tensionValues", \.tensionValues), ("continuityValues", \.continuityValues), ("biasValues", \.biasValues),
    ]
    for (key, field) in splineParameters {
      guard let member = members[key] else { continue }
      guard mode.isCubic else { throw member.error(expected: "no \(key) unless calculationMode is cubic or cubicPaced") }
      let list = try member.numberList(in: -1...1, expected: "a value from −1 to 1")
      guard list.count == values.count else { throw member.error(expected: "\(values.count) values (one per keyframe)") }
      track[keyPath: field] = list
    }
    return .keyframes(track)
  }

  private static func keyTimes(_ members: [String: JSONCursor], count: Int, what: String) throws -> [Double] {
    guard let cursor = members["keyTimes"] else { return [] }
    let times = try cursor.numberList(in: 0...1, expected: "a key time from 0 to 1")
    guard times.count == count else { throw cursor.error(expected: "\(count) key times (\(what))") }
    guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
      throw cursor.error(expected: "key times that never decrease")
    }
    return times
  }

  private static func timingFunctions(_ members: [String: JSONCursor], count: Int) throws -> [TimingFunction] {
    guard let cursor = members["timingFunctions"] else { return [] }
    let functions = try cursor.array().map { try $0.timingFunction() }
    guard functions.count == count else { throw cursor.error(expected: "\(count) timing functions (one per segment)") }
    return functions
  }
}
