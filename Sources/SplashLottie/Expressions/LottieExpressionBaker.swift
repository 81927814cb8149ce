import Foundation
import SplashDocument
import SplashScript

/// Stage zero of the compiler: runs a Lottie file's After Effects expressions and writes what
/// they compute back into the document as keyframes, so that the stages after it read plain
/// animated properties.
///
/// Expressions are JavaScript (bodymovin exports After Effects' expression text with its
/// operators rewritten as `$bm_sum` and the like, the result in `$bm_rt`); lottie-web, Skottie
/// and ThorVG run them, Lottie's iOS player does not. splashvid runs them in Duktape (through
/// `SplashScript`) against `LottieExpressionLibrary`, each evaluation within a time and memory
/// limit and every file within a budget of evaluations and seconds. An expression that fails
/// (an error, a limit, a value that is not numbers) is warned about with its reason, and the
/// property's keyframes are drawn, as before.
///
/// Each expression is evaluated at every whole frame of its layer's life, in the frames of the
/// composition that holds the layer (where `time` is in After Effects), and where the value
/// may jump between two (a change three times those beside it), halfway between them while
/// the straight line misses the value there (down to an eighth of a frame); the values become
/// linear keyframes, with the samples that lie on a straight line between their neighbours
/// left out:
///
///     frames   ip    ip+1   ip+2   …   op
///     samples  ●─────●──●●──●─ … ──────●     (a loop jumps back between ip+1 and ip+2)
struct LottieExpressionBaker {
  let context: LottieContext
  /// The limits of one evaluation, and of a file's in all, in seconds of this thread's
  /// processor time (the same on a loaded machine as on an idle one).
  var scriptLimits = ScriptLimits(memoryBytes: 64 << 20, secondsPerCall: 0.5)
  var secondsInAll = 5.0

  /// `root` with every expression it can run replaced by its keyframes and every `x` removed;
  /// `root` itself when there are none.
  func baked(_ root: JSONValue) -> JSONValue {
    guard Self.containsExpression(root) else { return root }
    let compositions = Self.compositions(root, file: context.file, limits: context.limits).filter(\.hasExpressions)
    var document = root
    var runner = Runner(context: context, scriptLimits: scriptLimits, secondsInAll: secondsInAll)
    for composition in compositions {
      for unsupported in composition.unsupported {
        context.warnings.note(
          "expressions on text documents are not run: the keyframes are drawn", at: unsupported.path.appending("x").text)
        document = document.replacing(unsupported.path.parts[...], with: Self.withoutExpression(document[unsupported.path]))
      }
      for (path, replacement) in runner.bake(composition) {
        document = document.replacing(path.parts[...], with: replacement)
      }
    }
    return document
  }

  /// The compositions of the document: the root's layers, and each precomposition's.
  static func compositions(_ root: JSONValue, file: String, limits: LottieLimits) -> [LottieExpressionComposition] {
    guard case .object(let members) = root else { return [] }
    func number(_ value: JSONValue?, _ fallback: Double) -> Double {
      if case .number(let number)? = value, number.isFinite { return number }
      return fallback
    }
    func text(_ value: JSONValue?) -> String {
      if case .string(let text)? = value { return text }
      return ""
    }
    let frameRate = number(members["fr"], 30)
    guard frameRate > 0 else { return [] }
    let frames = (inPoint: number(members["ip"], 0), outPoint: number(members["op"], 0))
    let size = (width: number(members["w"], 0), height: number(members["h"], 0))
    var compositions = [
      LottieExpressionComposition(
        root: root, layersPath: LottieJSONPath(parts: [.member("layers")]), name: text(members["nm"]), frameRate: frameRate,
        size: size, frames: frames, file: file, limits: limits)
    ]
    if case .array(let assets)? = members["assets"] {
      for (place, asset) in assets.enumerated() {
        guard case .object(let assetMembers) = asset, assetMembers["layers"] != nil else { continue }
        compositions.append(
          LottieExpressionComposition(
            root: root, layersPath: LottieJSONPath(parts: [.member("assets"), .index(place), .member("layers")]),
            name: text(assetMembers["nm"] ?? assetMembers["id"]), frameRate: frameRate,
            size: (number(assetMembers["w"], size.width), number(assetMembers["h"], size.height)), frames: frames, file: file,
            limits: limits))
      }
    }
    return compositions
  }

  /// Whether any object holds an expression (`x` text beside `k`).
  static func containsExpression(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let members):
      if case .string? = members["x"], members["k"] != nil { return true }
      return members.values.contains(where: containsExpression)
    case .array(let elements):
      return elements.contains(where: containsExpression)
    default:
      return false
    }
  }

  /// A property without its expression.
  static func withoutExpression(_ property: JSONValue?) -> JSONValue {
    guard case .object(var members)? = property else { return property ?? .null }
    members["x"] = nil
    return .object(members)
  }
}

extension LottieExpressionBaker {
  /// Runs the expressions of one composition after another in one engine, within the file's
  /// budgets.
  struct Runner {
    let context: LottieContext
    let scriptLimits: ScriptLimits
    let secondsInAll: Double
    private var engine: ScriptEngine?
    private var engineFailed = false
    private var evaluations = 0
    private let start: Double
    /// The properties `__keyframeValue` interpolates, of the composition being run.
    private let current = CurrentProperties()

    init(context: LottieContext, scriptLimits: ScriptLimits, secondsInAll: Double) {
      self.context = context
      self.scriptLimits = scriptLimits
      self.secondsInAll = secondsInAll
      start = Self.processorSeconds()
    }

    /// The replacement of each property of `composition` that carries an expression: its
    /// keyframes where the expression ran, the property without it where it failed.
    mutating func bake(_ composition: LottieExpressionComposition) -> [(LottieJSONPath, JSONValue)] {
      let expressive = composition.properties.filter { $0.expression != nil }
      var replacements: [(LottieJSONPath, JSONValue)] = []
      func fail(_ property: LottieExpressionComposition.Property, _ reason: String) {
        context.warnings.note("an expression is not run (\(reason)): the keyframes are drawn", at: property.path.appending("x").text)
        replacements.append((property.path, property.originalWithoutExpression))
      }
      guard let engine = engineReady() else {
        for property in expressive { fail(property, "the script engine could not start") }
        return replacements
      }
      current.properties = composition.properties.map(\.value)
      let compileErrors: [String: ScriptValue]
      do {
        guard case .object(let errors) = try engine.call("__beginComposition", composition.scriptArguments) else {
          for property in expressive { fail(property, "the expression library did not start") }
          return replacements
        }
        compileErrors = errors
      } catch {
        for property in expressive { fail(property, Self.reason(error)) }
        return replacements
      }
      for (id, property) in composition.properties.enumerated() where property.expression != nil {
        if case .string(let message)? = compileErrors[String(id)] {
          fail(property, Self.oneLine(message))
          continue
        }
        switch sample(property, id: id, in: composition, engine: engine) {
        case .success(let keyframes): replacements.append((property.path, keyframes))
        case .failure(let reason): fail(property, reason.text)
        }
      }
      return replacements
    }

    /// Why an expression was not run.
    struct Reason: Error {
      var text: String
    }

    /// The property's values through its layer's life, as keyframes: at every whole frame,
    /// and between two where the value halfway is off the straight line between them (a
    /// loop's jump back, a fast curve), halved again up to an eighth of a frame, so that
    /// frames drawn between whole frames (a 60 fps video of a 30 fps file) show what a player
    /// computing them exactly shows.
    private mutating func sample(
      _ property: LottieExpressionComposition.Property, id: Int, in composition: LottieExpressionComposition, engine: ScriptEngine
    ) -> Result<JSONValue, Reason> {
      let life = composition.layerFrames[property.layer]
      let first = life.inPoint.rounded(.down)
      let last = max(first, life.outPoint.rounded(.up))
      let step = max(1, ((last - first) / Double(context.limits.sampledFrames)).rounded(.up))
      var samples: [(frame: Double, value: [Double])] = []
      var frame = first
      while frame <= last {
        switch evaluate(property, id: id, at: frame, engine: engine) {
        case .success(let value): samples.append((frame, value))
        case .failure(let reason): return .failure(reason)
        }
        frame += step
      }
      var refined: [(frame: Double, value: [Double])] = []
      for (index, (start, end)) in zip(samples, samples.dropFirst()).enumerated() {
        refined.append(start)
        guard Self.mayJump(samples, at: index) else { continue }
        switch refine(start, end, depth: 3, property: property, id: id, engine: engine) {
        case .success(let between): refined += between
        case .failure(let reason): return .failure(reason)
        }
      }
      if let final = samples.last { refined.append(final) }
      return .success(LottieExpressionSamples.keyframes(refined, original: property.original, closedPath: property.closedPath))
    }

    /// Whether the value may jump between samples `index` and `index + 1` (a loop's wrap, a
    /// posterized step) rather than run smoothly: its change there is three times the larger
    /// change beside it. Only such intervals are looked into; on a smooth run a straight line
    /// between whole frames is within a hair of the curve.
    static func mayJump(_ samples: [(frame: Double, value: [Double])], at index: Int) -> Bool {
      let start = samples[index].value
      let end = samples[index + 1].value
      return start.indices.contains { dimension in
        func change(_ from: Int) -> Double {
          guard from >= 0, from + 1 < samples.count, dimension < samples[from].value.count, dimension < samples[from + 1].value.count
          else { return 0 }
          return abs(samples[from + 1].value[dimension] - samples[from].value[dimension])
        }
        let here = dimension < end.count ? abs(end[dimension] - start[dimension]) : 0
        return here > 0.01 && here > 3 * max(change(index - 1), change(index + 1))
      }
    }

    /// The samples to add strictly between `start` and `end`.
    private mutating func refine(
      _ start: (frame: Double, value: [Double]), _ end: (frame: Double, value: [Double]), depth: Int,
      property: LottieExpressionComposition.Property, id: Int, engine: ScriptEngine
    ) -> Result<[(frame: Double, value: [Double])], Reason> {
      guard depth > 0 else { return .success([]) }
      let middle = (start.frame + end.frame) / 2
      let value: [Double]
      switch evaluate(property, id: id, at: middle, engine: engine) {
      case .success(let found): value = found
      case .failure(let reason): return .failure(reason)
      }
      let straight = value.indices.allSatisfy { dimension in
        let expected = (start.value[dimension] + end.value[dimension]) / 2
        return abs(value[dimension] - expected) <= 0.01 + 1e-4 * abs(expected)
      }
      guard !straight else { return .success([]) }
      let before = refine(start, (middle, value), depth: depth - 1, property: property, id: id, engine: engine)
      guard case .success(let early) = before else { return before }
      let after = refine((middle, value), end, depth: depth - 1, property: property, id: id, engine: engine)
      guard case .success(let late) = after else { return after }
      return .success(early + [(middle, value)] + late)
    }

    /// The property's value at `frame`, as many numbers as its own.
    private mutating func evaluate(
      _ property: LottieExpressionComposition.Property, id: Int, at frame: Double, engine: ScriptEngine
    ) -> Result<[Double], Reason> {
      guard evaluations < context.limits.expressionEvaluations else {
        return .failure(Reason(text: "the file's expressions need more than \(context.limits.expressionEvaluations) evaluations"))
      }
      guard Self.processorSeconds() - start < secondsInAll else {
        return .failure(Reason(text: "the file's expressions took longer than \(Int(secondsInAll)) s in all"))
      }
      evaluations += 1
      // Expressions make closures, whose cycles Duktape frees only in a collection.
      if evaluations % 128 == 0 { engine.collectGarbage() }
      let result: ScriptValue
      do {
        result = try engine.call("__evaluate", [.number(Double(id)), .number(frame)])
      } catch {
        return .failure(Reason(text: "\(Self.reason(error)) at frame \(Self.frameText(frame))"))
      }
      guard case .array(let elements) = result else {
        return .failure(Reason(text: "it gives no numbers at frame \(Self.frameText(frame))"))
      }
      var value: [Double] = []
      for element in elements {
        guard case .number(let number) = element, number.isFinite else {
          return .failure(Reason(text: "it gives a value that is not a finite number at frame \(Self.frameText(frame))"))
        }
        value.append(number)
      }
      // A shorter value keeps the rest of the property's own; a longer one is cut.
      let dimensions = property.value.initialValue.count
      if value.count < dimensions { value += property.value.value(at: frame)[value.count...] }
      return .success(Array(value.prefix(dimensions)))
    }

    /// The engine with the library loaded, made on first use.
    private mutating func engineReady() -> ScriptEngine? {
      if let engine { return engine }
      if engineFailed { return nil }
      do {
        let engine = try ScriptEngine(limits: scriptLimits)
        let properties = current
        engine.define("__keyframeValue") { arguments in
          guard arguments.count == 2, case .number(let id) = arguments[0], case .number(let frame) = arguments[1],
            let property = properties.property(Int(id))
          else { throw Reason(text: "__keyframeValue(id, frame) takes a property and a frame") }
          return .array(property.value(at: frame).map(ScriptValue.number))
        }
        try engine.run(LottieExpressionLibrary.source, name: "expression library")
        self.engine = engine
        return engine
      } catch {
        engineFailed = true
        return nil
      }
    }

    /// This thread's processor time, in seconds.
    private static func processorSeconds() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    private static func reason(_ error: Error) -> String {
      guard let error = error as? ScriptError else { return oneLine("\(error)") }
      switch error.kind {
      case .timeLimit: return "it ran longer than the limit"
      case .memoryLimit: return "it used more memory than the limit"
      case .syntax, .runtime: return oneLine(error.message)
      }
    }

    /// `message` on one line, at most 160 characters.
    static func oneLine(_ message: String) -> String {
      let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
      return line.count > 160 ? String(line.prefix(157)) + "…" : line
    }

    private static func frameText(_ frame: Double) -> String {
      frame == frame.rounded() && abs(frame) < 1e15 ? String(Int(frame)) : String(frame)
    }
  }

  /// The properties of the composition being run, which the engine's `__keyframeValue` reads.
  final class CurrentProperties {
    var properties: [LottieProperty<[Double]>] = []

    func property(_ id: Int) -> LottieProperty<[Double]>? {
      properties.indices.contains(id) ? properties[id] : nil
    }
  }
}
