import CDuktape

/// One JavaScript heap (Duktape, ES5.1 with parts of ES2015+), its limits and the Swift
/// functions scripts may call.
///
/// Not thread-safe: one thread uses an engine at a time (so it is not `Sendable`). Host
/// functions may run and call on the same engine again; those nested runs and calls share the
/// outermost one's deadline.
///
/// Nothing in the engine reads the clock or the locale: `Date.now()` and `new Date()` are the
/// epoch, local time is UTC and `performance.now()` is 0, so a script gives the same results on
/// every run. `Math.random` is Duktape's own generator, seeded from the heap's address; a caller
/// that needs repeatable randomness defines its own.
public final class ScriptEngine {
  private let engine: OpaquePointer
  private let limits: ScriptLimits
  /// The host functions, by the number their JavaScript function carries.
  private var hostFunctions: [([ScriptValue]) throws -> ScriptValue] = []
  private var hostFunctionNumbers: [String: Int] = [:]
  /// A time or memory limit a nested run or call hit inside a host function: every enclosing
  /// run and call fails with it, whatever the script does with the error it sees.
  private var pendingLimit: ScriptError?
  /// Runs and calls in progress here (host functions nest them).
  private var nesting = 0
  /// The encoding buffer, kept between calls for its capacity; a nested call finds it taken
  /// and uses a new one.
  private var spareBytes: [UInt8] = []

  /// A new heap; a `.memoryLimit` error when Duktape's own objects do not fit in the limit.
  public init(limits: ScriptLimits = ScriptLimits()) throws(ScriptError) {
    guard let engine = splash_duktape_create(max(limits.memoryBytes, 0), limits.secondsPerCall, answerHostCall, nil) else {
      throw ScriptError(kind: .memoryLimit, message: "out of memory: a JavaScript heap does not fit in \(limits.memoryDescription)")
    }
    self.engine = engine
    self.limits = limits
    splash_duktape_set_host(engine, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    splash_duktape_destroy(engine)
  }

  /// Runs `source` as global code (a program): function and var declarations become globals.
  /// Returns the program's completion value converted; `name` appears in the script's stack
  /// traces.
  @discardableResult public func run(_ source: String, name: String) throws(ScriptError) -> ScriptValue {
    nesting += 1
    defer { nesting -= 1 }
    var source = source
    var name = name
    let result = source.withUTF8 { source in
      name.withUTF8 { name in
        splash_duktape_run(engine, source.baseAddress, source.count, name.baseAddress, name.count)
      }
    }
    return try finish(result)
  }

  /// Calls the global function `function` with `arguments`.
  public func call(_ function: String, _ arguments: [ScriptValue]) throws(ScriptError) -> ScriptValue {
    nesting += 1
    defer { nesting -= 1 }
    var encoder = ScriptValueEncoder(reusing: takeSpareBytes())
    defer { spareBytes = encoder.bytes }
    for argument in arguments {
      try encoder.append(argument)
    }
    var function = function
    let result = function.withUTF8 { name in
      encoder.bytes.withUnsafeBufferPointer { bytes in
        splash_duktape_call(engine, name.baseAddress, name.count, bytes.baseAddress, bytes.count, UInt32(arguments.count))
      }
    }
    return try finish(result)
  }

  /// Makes `body` callable from JavaScript as the global function `name` (any number of
  /// arguments, converted to ScriptValue). A thrown Swift error becomes a JavaScript Error with
  /// the error's description as its message, which the script may catch; ScriptError.timeLimit
  /// and .memoryLimit from a nested call propagate as such.
  ///
  /// Defining `name` again replaces its body. Should the heap be too full to hold the function
  /// (or the script have made the global read-only), the name stays as it was, and a script
  /// calling it fails with a ReferenceError or TypeError that names it.
  public func define(_ name: String, _ body: @escaping ([ScriptValue]) throws -> ScriptValue) {
    let number: Int
    if let existing = hostFunctionNumbers[name] {
      number = existing
      hostFunctions[number] = body
    } else {
      // Duktape keeps the number in a function's 16-bit "magic".
      precondition(hostFunctions.count <= Int(Int16.max), "more than \(Int(Int16.max) + 1) host functions")
      number = hostFunctions.count
      hostFunctions.append(body)
      hostFunctionNumbers[name] = number
    }
    var name = name
    let result = name.withUTF8 { name in splash_duktape_define(engine, name.baseAddress, name.count, Int32(number)) }
    splash_duktape_release(engine, result.mark)
  }

  /// Frees the unreachable objects a script left in cycles (a closure and its prototype, say),
  /// which Duktape otherwise keeps until the heap has grown some fifty times over. A caller
  /// that makes many calls creating closures calls this every so often; it does nothing
  /// inside a run or call.
  public func collectGarbage() {
    guard nesting == 0 else { return }
    splash_duktape_collect_garbage(engine)
  }

  // MARK: Results

  private func takeSpareBytes() -> [UInt8] {
    let bytes = spareBytes
    spareBytes = []
    return bytes
  }

  /// The value or error a run or call handed back; its bytes are read before anything else
  /// runs, then released.
  private func finish(_ result: splash_duktape_result) throws(ScriptError) -> ScriptValue {
    defer { splash_duktape_release(engine, result.mark) }
    if let limit = pendingLimit {
      if nesting == 1 {
        pendingLimit = nil
      }
      throw limit
    }
    let bytes = UnsafeRawBufferPointer(start: result.bytes, count: result.length)
    if result.status == SPLASH_DUKTAPE_OK {
      var decoder = ScriptValueDecoder(bytes)
      return decoder.value()
    }
    let message = String(decoding: bytes, as: UTF8.self)
    switch result.status {
    case SPLASH_DUKTAPE_SYNTAX_ERROR:
      throw ScriptError(kind: .syntax, message: message)
    case SPLASH_DUKTAPE_TIME_LIMIT:
      throw ScriptError(kind: .timeLimit, message: "execution timeout: the script ran for more than \(limits.secondsDescription)")
    case SPLASH_DUKTAPE_MEMORY_LIMIT:
      // A value too large to convert says so; the heap's refusal is Duktape's "alloc failed".
      let reason = message.hasPrefix("RangeError: cannot convert") ? message : "the script needed more than \(limits.memoryDescription)"
      throw ScriptError(kind: .memoryLimit, message: "out of memory: \(reason)")
    default:
      throw ScriptError(kind: .runtime, message: message)
    }
  }

  // MARK: Host functions

  /// Called by CDuktape's trampoline for host function `number`: the arguments are read before
  /// the body runs (a nested call reuses their bytes), and the answer goes back before it
  /// returns.
  fileprivate func answer(function number: Int, arguments bytes: UnsafeRawBufferPointer, count: Int) {
    var decoder = ScriptValueDecoder(bytes)
    var arguments: [ScriptValue] = []
    arguments.reserveCapacity(count)
    for _ in 0..<count {
      arguments.append(decoder.value())
    }
    let value: ScriptValue
    do {
      value = try hostFunctions[number](arguments)
    } catch let error as ScriptError where error.kind == .timeLimit || error.kind == .memoryLimit {
      pendingLimit = pendingLimit ?? error
      fail(error.description, stop: error.kind == .timeLimit ? SPLASH_DUKTAPE_TIME_LIMIT : SPLASH_DUKTAPE_MEMORY_LIMIT)
      return
    } catch {
      fail(String(describing: error), stop: SPLASH_DUKTAPE_OK)
      return
    }
    var encoder = ScriptValueEncoder(reusing: takeSpareBytes())
    defer { spareBytes = encoder.bytes }
    do {
      try encoder.append(value)
    } catch {
      fail(error.description, stop: SPLASH_DUKTAPE_OK)
      return
    }
    _ = encoder.bytes.withUnsafeBufferPointer { bytes in splash_duktape_host_return(engine, bytes.baseAddress, bytes.count) }
  }

  private func fail(_ message: String, stop: splash_duktape_status) {
    var message = message
    message.withUTF8 { message in splash_duktape_host_throw(engine, message.baseAddress, message.count, stop) }
  }
}

/// CDuktape's host callback: back to the engine that `host` points at (unretained: the engine
/// owns the heap, and the heap calls only while the engine runs it).
private func answerHostCall(
  host: UnsafeMutableRawPointer?, function: Int32, arguments: UnsafePointer<UInt8>?, length: Int, count: UInt32
) {
  let engine = Unmanaged<ScriptEngine>.fromOpaque(host!).takeUnretainedValue()
  engine.answer(function: Int(function), arguments: UnsafeRawBufferPointer(start: arguments, count: length), count: Int(count))
}

extension ScriptLimits {
  /// "64 MiB", or bytes when not whole mebibytes.
  var memoryDescription: String {
    memoryBytes % (1 << 20) == 0 ? "\(memoryBytes >> 20) MiB" : "\(memoryBytes) bytes"
  }

  /// "0.25 s", "10 s".
  var secondsDescription: String {
    let whole = secondsPerCall.rounded()
    return whole == secondsPerCall && abs(whole) < 1e9 ? "\(Int(whole)) s" : "\(secondsPerCall) s"
  }
}
