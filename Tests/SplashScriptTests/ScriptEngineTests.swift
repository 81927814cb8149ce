import Glibc
import Testing

@testable import SplashScript

/// The JavaScript engine: values both ways, host functions, errors, and the limits that keep an
/// untrusted document's script from hanging or exhausting the process.
@Suite("Running JavaScript in a bounded engine")
struct ScriptEngineTests {
  /// A Swift error as a host function might throw it.
  struct HostError: Error, CustomStringConvertible {
    var description: String { "the host refused" }
  }

  /// The error `body` throws, or nil when it does not throw.
  func scriptError(_ body: () throws(ScriptError) -> ScriptValue) -> ScriptError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }

  @Test("A program's completion value arrives as every kind of value")
  func completionValues() throws {
    let engine = try ScriptEngine()
    #expect(try engine.run("var unused = 1", name: "undefined.js") == .undefined)
    #expect(try engine.run("null", name: "null.js") == .null)
    #expect(try engine.run("1 < 2", name: "bool.js") == .bool(true))
    #expect(try engine.run("0.5 + 2", name: "number.js") == .number(2.5))
    #expect(try engine.run("1 / 0", name: "infinity.js") == .number(.infinity))
    guard case .number(let nan) = try engine.run("0 / 0", name: "nan.js") else {
      Issue.record("NaN did not arrive as a number")
      return
    }
    #expect(nan.isNaN)
    #expect(try engine.run("'a' + 'b'", name: "string.js") == .string("ab"))
    // A surrogate pair spelled in UTF-16 escapes is one character in Swift; a lone one is U+FFFD.
    #expect(try engine.run("'\\uD83D\\uDE00 \\u00E9 \\uD800'", name: "unicode.js") == .string("😀 é \u{FFFD}"))
    #expect(try engine.run("'😀'", name: "literal.js") == .string("😀"))
    #expect(
      try engine.run("[1, 'two', [true, null], , undefined]", name: "array.js")
        == .array([
          .number(1), .string("two"), .array([.bool(true), .null]), .undefined, .undefined,
        ]))
    #expect(
      try engine.run("({ a: 1, b: { c: [2] }, d: 'e' })", name: "object.js")
        == .object([
          "a": .number(1), "b": .object(["c": .array([.number(2)])]), "d": .string("e"),
        ]))
    #expect(try engine.run("Object.create(null)", name: "bare.js") == .object([:]))
  }

  @Test("Declarations in a program become globals that later calls reach")
  func globals() throws {
    let engine = try ScriptEngine()
    try engine.run("var scale = 3; function triple(x) { return x * scale; }", name: "globals.js")
    #expect(try engine.call("triple", [.number(4)]) == .number(12))
    try engine.run("scale = 10", name: "change.js")
    #expect(try engine.call("triple", [.number(4)]) == .number(40))
  }

  @Test("A call passes numbers, arrays and objects and returns arrays")
  func callArguments() throws {
    let engine = try ScriptEngine()
    try engine.run(
      """
      function combine(t, point, style) {
        return [t * 2, point[0] + point[1], style.name + '!', style.nested.flag, typeof style.missing];
      }
      function count() { return arguments.length; }
      """, name: "combine.js")
    let result = try engine.call(
      "combine",
      [.number(1.5), .array([.number(3), .number(4)]), .object(["name": .string("fill"), "nested": .object(["flag": .bool(false)])])])
    #expect(result == .array([.number(3), .number(7), .string("fill!"), .bool(false), .string("undefined")]))
    #expect(try engine.call("count", []) == .number(0))
    #expect(try engine.call("count", [.null, .undefined, .string("")]) == .number(3))
    // A key named __proto__ is an own property, as in a literal that JSON.parse made.
    try engine.run("function keys(o) { return Object.keys(o).join(','); }", name: "keys.js")
    #expect(try engine.call("keys", [.object(["__proto__": .number(1)])]) == .string("__proto__"))
  }

  @Test("A call of a global that is not a function is a runtime error")
  func missingFunction() throws {
    let engine = try ScriptEngine()
    let error = scriptError { () throws(ScriptError) in try engine.call("nowhere", []) }
    #expect(error?.kind == .runtime)
    #expect(error?.message.contains("nowhere") == true)
  }

  @Test("Host functions receive the script's arguments and their results arrive in the script")
  func hostFunctions() throws {
    let engine = try ScriptEngine()
    var received: [[ScriptValue]] = []
    engine.define("host") { arguments in
      received.append(arguments)
      return .array([.number(arguments.count == 0 ? -1 : 42), .object(["ok": .bool(true)])])
    }
    let result = try engine.run("var r = host(1, 'a', [2, {b: null}]); [r[0] + 1, r[1].ok, host()[0]]", name: "host.js")
    #expect(result == .array([.number(43), .bool(true), .number(-1)]))
    #expect(received == [[.number(1), .string("a"), .array([.number(2), .object(["b": .null])])], []])

    // Defining the name again replaces the body.
    engine.define("host") { _ in .string("second") }
    #expect(try engine.run("host()", name: "again.js") == .string("second"))
  }

  @Test("A Swift error from a host function can be caught in the script, and otherwise fails the call")
  func hostErrors() throws {
    let engine = try ScriptEngine()
    engine.define("refuse") { _ in throw HostError() }
    let caught = try engine.run("try { refuse(); 'not thrown' } catch (e) { e instanceof Error ? e.message : 'other' }", name: "catch.js")
    #expect(caught == .string("the host refused"))

    let error = scriptError { () throws(ScriptError) in try engine.run("refuse()", name: "uncaught.js") }
    #expect(error?.kind == .runtime)
    #expect(error?.message == "Error: the host refused")
  }

  @Test("Arguments a host function cannot take throw in the script, and functions arrive undefined")
  func hostArgumentRefused() throws {
    let engine = try ScriptEngine()
    var received: [[ScriptValue]] = []
    engine.define("host") { arguments in
      received.append(arguments)
      return .null
    }
    let message = try engine.run("var c = [1]; c.push(c); try { host(c) } catch (e) { e.name + ': ' + e.message }", name: "cyclic.js")
    #expect(message == .string("TypeError: cannot convert a cyclic value: an array or object contains itself"))
    #expect(received.isEmpty)
    try engine.run("host(function () {}, Symbol('s'), new Date(0), { f: Math.max })", name: "function.js")
    #expect(received == [[.undefined, .undefined, .undefined, .object(["f": .undefined])]])

    // A getter runs while its object is converted; a host call in it whose arguments fail
    // leaves the value being converted intact.
    let object = try engine.run(
      "({ get a() { try { host(c) } catch (e) {} return host(2) === null ? 5 : 0; }, b: 'x' })", name: "getter.js")
    #expect(object == .object(["a": .number(5), "b": .string("x")]))
  }

  @Test("A finalizer that loops does not hang the engine's end")
  func loopingFinalizer() throws {
    // Duktape runs the finalizers left when the heap is freed; without its interruption this
    // one would loop until the last call's deadline, a minute away.
    var engine: ScriptEngine? = try ScriptEngine(limits: ScriptLimits(secondsPerCall: 60))
    try engine?.run("var kept = {}; Duktape.fin(kept, function () { while (true) {} });", name: "finalizer.js")
    let clock = ContinuousClock()
    let start = clock.now
    engine = nil
    #expect(clock.now - start < .seconds(60))
  }

  @Test("A syntax error reports Duktape's message, and the engine goes on")
  func syntaxError() throws {
    let engine = try ScriptEngine()
    let error = scriptError { () throws(ScriptError) in try engine.run("function (", name: "broken.js") }
    #expect(error?.kind == .syntax)
    #expect(error?.message.hasPrefix("SyntaxError: ") == true)
    #expect(error?.message.contains("\n") == false)
    #expect(try engine.run("6 * 7", name: "after.js") == .number(42))
  }

  @Test("A thrown error reports its own text, one line without the stack")
  func runtimeError() throws {
    let engine = try ScriptEngine()
    let reference = scriptError { () throws(ScriptError) in try engine.run("foo + 1", name: "reference.js") }
    #expect(reference == ScriptError(kind: .runtime, message: "ReferenceError: identifier 'foo' undefined"))
    let thrown = scriptError { () throws(ScriptError) in try engine.run("throw new TypeError('bad input')", name: "thrown.js") }
    #expect(thrown == ScriptError(kind: .runtime, message: "TypeError: bad input"))
    // A runtime SyntaxError (from eval) is the script's doing at run time.
    let evaluated = scriptError { () throws(ScriptError) in try engine.run("eval('(')", name: "eval.js") }
    #expect(evaluated?.kind == .runtime)
  }

  @Test("An endless loop stops at the deadline, also when the script catches the error")
  func timeLimit() throws {
    let engine = try ScriptEngine(limits: ScriptLimits(secondsPerCall: 0.05))
    try engine.run(
      """
      function spin() { while (true) {} }
      function stubborn() {
        for (;;) { try { while (true) {} } catch (e) {} finally { for (var i = 0; i < 10; i++) {} } }
      }
      function fine(x) { return x + 1; }
      """, name: "spin.js")
    for function in ["spin", "stubborn"] {
      let clock = ContinuousClock()
      let start = clock.now
      let error = scriptError { () throws(ScriptError) in try engine.call(function, []) }
      let elapsed = clock.now - start
      #expect(error?.kind == .timeLimit, "\(function)")
      #expect(elapsed >= .milliseconds(50), "\(function) stopped before its deadline")
      #expect(try engine.call("fine", [.number(1)]) == .number(2))
    }
    let whole = scriptError { () throws(ScriptError) in try engine.run("while (true) {}", name: "loop.js") }
    #expect(whole?.kind == .timeLimit)
    #expect(try engine.run("'still here'", name: "after.js") == .string("still here"))
  }

  @Test("Allocating past the memory limit stops the script, and the engine goes on")
  func memoryLimit() throws {
    let engine = try ScriptEngine(limits: ScriptLimits(memoryBytes: 8 << 20, secondsPerCall: 60))
    try engine.run(
      """
      function hoard() {
        var strings = [];
        for (var i = 0; ; i++) { strings.push('item ' + i + ' of a growing collection'); }
      }
      function big() { return 'x'.repeat(16 << 20).length; }
      """, name: "hoard.js")
    let error = scriptError { () throws(ScriptError) in try engine.call("hoard", []) }
    #expect(error?.kind == .memoryLimit)
    #expect(error?.message.contains("8 MiB") == true)
    let single = scriptError { () throws(ScriptError) in try engine.call("big", []) }
    #expect(single?.kind == .memoryLimit)
    // The hoard was garbage once the call ended: the heap has room again.
    #expect(try engine.run("var a = []; for (var i = 0; i < 1000; i++) a.push('x' + i); a.length", name: "after.js") == .number(1000))
  }

  @Test("A heap that cannot fit its own objects is a memory limit")
  func tinyHeap() {
    #expect(throws: ScriptError.self) { try ScriptEngine(limits: ScriptLimits(memoryBytes: 1024)) }
    do {
      _ = try ScriptEngine(limits: ScriptLimits(memoryBytes: 1024))
    } catch {
      #expect(error.kind == .memoryLimit)
    }
  }

  /// Programs that recurse deeply through each of Duktape's recursions, by name (their sources
  /// are too long to show as test arguments).
  static let deepPrograms = [
    "calls", "calls through Array.prototype.map", "a JSON reviver", "toString", "nested parentheses",
    "nested array literals in eval", "nested regular expression groups",
  ]

  static func deepProgram(_ name: String) -> String {
    switch name {
    case "calls": "function f(n) { return f(n + 1) + 1; } f(0)"
    case "calls through Array.prototype.map": "function g(n) { return [n].map(g); } g(0)"
    case "a JSON reviver": "function h(n) { return JSON.parse('{\"n\": 1}', function (k, v) { return h(v); }); } h(0)"
    case "toString": "var o = {}; o.toString = function () { return String(o) + 'x'; }; String(o)"
    case "nested parentheses": String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
    case "nested array literals in eval":
      "eval('" + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "')"
    case "nested regular expression groups":
      "/" + String(repeating: "(", count: 50_000) + "a" + String(repeating: ")", count: 50_000) + "/"
    default: preconditionFailure("no program \(name)")
    }
  }

  @Test("Deep recursion is an error, not a crash", arguments: deepPrograms)
  func deepRecursion(program: String) throws {
    let engine = try ScriptEngine(limits: ScriptLimits(secondsPerCall: 10))
    let error = scriptError { () throws(ScriptError) in try engine.run(Self.deepProgram(program), name: "deep.js") }
    #expect(error?.kind == .runtime || error?.kind == .syntax)
    #expect(error?.message.hasPrefix("RangeError: ") == true)
    #expect(try engine.run("1 + 1", name: "after.js") == .number(2))
  }

  @Test("Deep recursion is an error, not a crash, on a thread with a small stack")
  func deepRecursionOnSmallStack() {
    // Duktape checks the stack the thread has, not a fixed depth: 128 KiB overflows long
    // before its recursion limits.
    let outcomes = onThread(stackBytes: 128 << 10) {
      var outcomes: [ScriptError?] = []
      guard let engine = try? ScriptEngine(limits: ScriptLimits(secondsPerCall: 10)) else { return outcomes }
      for program in Self.deepPrograms {
        outcomes.append(self.scriptError { () throws(ScriptError) in try engine.run(Self.deepProgram(program), name: "deep.js") })
      }
      engine.define("again") { [unowned engine] arguments in try engine.call("down", arguments) }
      outcomes.append(
        self.scriptError { () throws(ScriptError) in
          try engine.run("function down(n) { return again(n + 1); }", name: "down.js")
          return try engine.call("down", [.number(0)])
        })
      outcomes.append(self.scriptError { () throws(ScriptError) in try engine.run("1 + 1", name: "after.js") })
      return outcomes
    }
    #expect(outcomes.count == Self.deepPrograms.count + 2)
    for outcome in outcomes.dropLast() {
      #expect(outcome?.kind == .runtime || outcome?.kind == .syntax)
    }
    #expect(outcomes.last == .some(nil))
  }

  @Test("Host functions that call back into the script cannot recurse without end")
  func deepHostRecursion() throws {
    let engine = try ScriptEngine(limits: ScriptLimits(secondsPerCall: 10))
    engine.define("again") { [unowned engine] arguments in
      try engine.call("down", arguments)
    }
    try engine.run("function down(n) { return again(n + 1); }", name: "down.js")
    let error = scriptError { () throws(ScriptError) in try engine.call("down", [.number(0)]) }
    #expect(error?.kind == .runtime)
    #expect(try engine.run("2 + 2", name: "after.js") == .number(4))
  }

  /// An engine whose `shield(f)` calls the script's function `f` through a host function (a
  /// nested call) and catches whatever that throws.
  func shieldingEngine(_ limits: ScriptLimits) throws -> ScriptEngine {
    let engine = try ScriptEngine(limits: limits)
    engine.define("nested") { [unowned engine] arguments in
      guard case .string(let function) = arguments.first else { return .undefined }
      return try engine.call(function, [])
    }
    try engine.run(
      """
      function spin() { while (true) {} }
      function hoard() { var a = []; for (var i = 0; ; i++) a.push('item ' + i); }
      function shield(f) { try { nested(f); } catch (e) {} return 'carried on'; }
      """, name: "nested.js")
    return engine
  }

  @Test("A limit hit by a nested call fails the outer call, even where the script catches it")
  func nestedLimits() throws {
    let timed = try shieldingEngine(ScriptLimits(secondsPerCall: 0.05))
    let time = scriptError { () throws(ScriptError) in try timed.call("shield", [.string("spin")]) }
    #expect(time?.kind == .timeLimit)
    // With time enough to fill the heap in a sanitizer's build.
    let bounded = try shieldingEngine(ScriptLimits(memoryBytes: 8 << 20, secondsPerCall: 60))
    let memory = scriptError { () throws(ScriptError) in try bounded.call("shield", [.string("hoard")]) }
    #expect(memory?.kind == .memoryLimit)
    // Any other error from the nested call is the script's to catch.
    #expect(try bounded.call("shield", [.string("Math")]) == .string("carried on"))
    #expect(try timed.call("shield", [.string("Math")]) == .string("carried on"))
  }

  @Test("A cyclic value is refused with a clear error")
  func cyclicValue() throws {
    let engine = try ScriptEngine()
    let object = scriptError { () throws(ScriptError) in try engine.run("var o = { a: 1 }; o.self = o; o", name: "cycle.js") }
    #expect(object?.kind == .runtime)
    #expect(object?.message.contains("cyclic") == true)
    let array = scriptError { () throws(ScriptError) in try engine.run("var a = [1]; a.push([a]); a", name: "cycle.js") }
    #expect(array?.message.contains("cyclic") == true)
    // The same object twice, side by side, is not a cycle.
    #expect(try engine.run("var p = [1]; [p, p]", name: "shared.js") == .array([.array([.number(1)]), .array([.number(1)])]))
  }

  @Test("Values too deep or too large are refused; functions, dates and symbols are undefined")
  func refusedValues() throws {
    let engine = try ScriptEngine()
    #expect(try engine.run("Math.random = function () { return 0.5; }", name: "function.js") == .undefined)
    #expect(
      try engine.run("[new Date(0), /a/, new Error('e'), Symbol('s'), new Uint8Array(2)]", name: "others.js")
        == .array([
          .undefined, .undefined, .undefined, .undefined, .undefined,
        ]))
    let deep = scriptError { () throws(ScriptError) in
      try engine.run("var v = 1; for (var i = 0; i < 65; i++) v = [v]; v", name: "deep.js")
    }
    #expect(deep?.kind == .runtime)
    #expect(deep?.message.contains("64 levels") == true)
    #expect(try engine.run("var w = 1; for (var i = 0; i < 64; i++) w = [w]; w", name: "deep.js") != .undefined)
    let large = scriptError { () throws(ScriptError) in try engine.run("new Array(2000000)", name: "large.js") }
    #expect(large?.kind == .memoryLimit)
    #expect(large?.message.contains("1000000 elements") == true)

    var tooDeep = ScriptValue.number(1)
    for _ in 0..<65 {
      tooDeep = .array([tooDeep])
    }
    try engine.run("function identity(x) { return x; }", name: "identity.js")
    let argument = scriptError { () throws(ScriptError) in try engine.call("identity", [tooDeep]) }
    #expect(argument?.kind == .runtime)
  }

  @Test("The engine reads no clock: dates are fixed at the epoch, local time is UTC")
  func noClock() throws {
    let engine = try ScriptEngine()
    #expect(try engine.run("Date.now()", name: "now.js") == .number(0))
    #expect(try engine.run("new Date().getTime()", name: "date.js") == .number(0))
    #expect(try engine.run("new Date(0).getHours()", name: "hours.js") == .number(0))
  }
}

/// Runs `body` on a new thread with a stack of `stackBytes`, as a render worker's may be, and
/// returns its result once the thread has ended.
private func onThread(stackBytes: Int, _ body: @escaping () -> [ScriptError?]) -> [ScriptError?] {
  let work = ThreadWork(body)
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setstacksize(&attributes, stackBytes)
  var thread = pthread_t()
  let created = pthread_create(
    &thread, &attributes,
    { context in
      let work = Unmanaged<ThreadWork>.fromOpaque(context!).takeUnretainedValue()
      work.result = work.body()
      return nil
    }, Unmanaged.passUnretained(work).toOpaque())
  precondition(created == 0, "pthread_create failed with \(created)")
  pthread_join(thread, nil)
  return work.result
}

/// What onThread hands to its thread and back: pthread_create and pthread_join order the
/// accesses, which the compiler cannot see.
private final class ThreadWork: @unchecked Sendable {
  let body: () -> [ScriptError?]
  var result: [ScriptError?] = []

  init(_ body: @escaping () -> [ScriptError?]) {
    self.body = body
  }
}
