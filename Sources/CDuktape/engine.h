#ifndef SPLASH_CDUKTAPE_ENGINE_H
#define SPLASH_CDUKTAPE_ENGINE_H

// What the engine's C files share; Swift sees only include/CDuktape.h.

#include <duktape.h>

#include "CDuktape.h"

/// How a host function answered (splash_duktape_host_return or splash_duktape_host_throw).
typedef enum splash_duktape_answer {
  SPLASH_DUKTAPE_ANSWER_NONE,
  SPLASH_DUKTAPE_ANSWER_VALUE,
  SPLASH_DUKTAPE_ANSWER_ERROR,
} splash_duktape_answer;

struct splash_duktape_engine {
  /// The heap's main thread.
  duk_context *context;
  /// The thread whose host function is running (or the main thread): Duktape/C code may only
  /// use the context it was called with, so nested runs and calls, and the host's answer, go
  /// to this one.
  duk_context *current;

  /// Bytes allocated, with each block's size header, and the most that may be.
  size_t memory_used;
  size_t memory_limit;
  /// Allocations refused for the limit so far: a call that fails after one was refused ran
  /// out of memory.
  uint64_t refused_allocations;

  double seconds_per_call;
  /// When the outermost run or call in progress must stop, in the thread's CPU seconds. Nested
  /// runs and calls (from host functions) share it, so they cannot extend it.
  double deadline;
  /// Runs and calls in progress.
  int depth;
  /// The deadline passed during the outermost run or call: Duktape requires the timeout check
  /// to keep saying so until the error has left every catch, so this stays set until the next
  /// outermost run or call.
  int timed_out;
  /// A host function reported a limit (SPLASH_DUKTAPE_TIME_LIMIT or _MEMORY_LIMIT), or the heap
  /// is being destroyed (SPLASH_DUKTAPE_RUNTIME_ERROR): scripts are interrupted as at the
  /// deadline.
  splash_duktape_status stop;

  splash_duktape_host_callback callback;
  void *host;
  splash_duktape_answer answer;

  /// Object.prototype, which a plain object inherits from (builtins live as long as the heap).
  void *object_prototype;
  /// A value converted for a result was refused for its size (a memory limit, not a bug).
  int value_too_large;

  /// Converted values and error messages, used as a stack: each conversion appends and its
  /// reader drops it again (a getter or host function may convert values meanwhile).
  uint8_t *output;
  size_t output_length;
  size_t output_capacity;
};

/// Seconds on the monotonic clock.
double splash_duktape_now(void);

/// Appends `count` values from `first` on to the engine's output, encoded (see CDuktape.h),
/// and returns where they end (also the output's length then). Functions, symbols and objects
/// other than arrays and plain objects are undefined; a value that is cyclic, too deep or too
/// large throws a JavaScript error, so call it only where Duktape may throw: inside a protected
/// call or a Duktape/C function.
size_t splash_duktape_write_values(duk_context *context, splash_duktape_engine *engine, duk_idx_t first,
                                   duk_idx_t count);

/// Appends `length` bytes of Duktape's string representation (CESU-8 for surrogates) to the
/// output as UTF-8, or returns 0 when there is no memory for it. Never throws.
int splash_duktape_write_text(splash_duktape_engine *engine, const uint8_t *bytes, size_t length);

/// Pushes `count` encoded values from `bytes`. Throws like any push (a full heap), and for
/// bytes that are not a sequence of `count` values.
void splash_duktape_push_values(duk_context *context, const uint8_t *bytes, size_t length, uint32_t count);

#endif
