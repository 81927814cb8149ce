#ifndef SPLASH_CDUKTAPE_H
#define SPLASH_CDUKTAPE_H

// The JavaScript engine as SplashScript sees it: Duktape (compiled from Debian's amalgamated
// source with an interrupt counter, a deadline and a memory limit, see duktape_build.c) behind
// a few plain functions.
//
// Duktape reports errors by longjmp, which must never cross a Swift frame. So Swift gets no
// duk_context at all: every function here runs Duktape inside its own protected call, and
// values cross as bytes in the encoding below rather than through Duktape's value stack.

#include <stddef.h>
#include <stdint.h>

/// One JavaScript heap with its limits and its host (SplashScript's engine).
typedef struct splash_duktape_engine splash_duktape_engine;

/// How a run, a call or a definition ended.
typedef enum splash_duktape_status {
  SPLASH_DUKTAPE_OK = 0,
  /// The program did not compile; the message is Duktape's SyntaxError.
  SPLASH_DUKTAPE_SYNTAX_ERROR = 1,
  /// The script threw, or its value could not be converted.
  SPLASH_DUKTAPE_RUNTIME_ERROR = 2,
  /// The call ran past its deadline.
  SPLASH_DUKTAPE_TIME_LIMIT = 3,
  /// The heap refused an allocation, or a value was too large to convert.
  SPLASH_DUKTAPE_MEMORY_LIMIT = 4,
} splash_duktape_status;

// Text (source, names, messages) is UTF-8 with a length; a NULL pointer with length 0 is the
// empty text.
//
// Values are encoded as a tag byte followed by its payload, in the machine's byte order (both
// ends run in the same process):
//   UNDEFINED, NULL, FALSE, TRUE: nothing
//   NUMBER: 8 bytes, an IEEE double
//   STRING: a 4-byte length, then that many bytes of UTF-8
//   ARRAY: a 4-byte count, then that many values
//   OBJECT: a 4-byte count, then that many pairs of a key (4-byte length, UTF-8) and a value
enum {
  SPLASH_DUKTAPE_TAG_UNDEFINED = 0,
  SPLASH_DUKTAPE_TAG_NULL = 1,
  SPLASH_DUKTAPE_TAG_FALSE = 2,
  SPLASH_DUKTAPE_TAG_TRUE = 3,
  SPLASH_DUKTAPE_TAG_NUMBER = 4,
  SPLASH_DUKTAPE_TAG_STRING = 5,
  SPLASH_DUKTAPE_TAG_ARRAY = 6,
  SPLASH_DUKTAPE_TAG_OBJECT = 7,
};

/// Containers nest at most this deep in either direction; deeper values are refused.
#define SPLASH_DUKTAPE_MAXIMUM_DEPTH 64
/// A value converted from JavaScript holds at most this many elements in all (values, array
/// elements and object entries, counted through every level).
#define SPLASH_DUKTAPE_MAXIMUM_ELEMENTS 1000000

/// What run and call hand back: a status and a region of the engine's output buffer holding
/// the encoded value (OK) or the error's message as UTF-8 (otherwise). The region stays valid
/// until `splash_duktape_release(engine, mark)`, and until the next run, call or definition.
typedef struct splash_duktape_result {
  splash_duktape_status status;
  size_t mark;
  const uint8_t *bytes;
  size_t length;
} splash_duktape_result;

/// Calls the host's function number `function` with `count` arguments, encoded in `arguments`.
/// It answers by calling exactly one of splash_duktape_host_return and splash_duktape_host_throw
/// before it returns.
typedef void (*splash_duktape_host_callback)(void *host, int32_t function, const uint8_t *arguments, size_t length,
                                             uint32_t count);

/// A heap whose allocations may total `memory_bytes`, whose runs and calls each stop after
/// `seconds_per_call`, and whose host functions go to `callback` with `host`; NULL when the
/// heap does not fit in `memory_bytes`.
splash_duktape_engine *splash_duktape_create(size_t memory_bytes, double seconds_per_call,
                                             splash_duktape_host_callback callback, void *host);

/// The `host` handed to the callback (the host object may exist only once its engine does).
void splash_duktape_set_host(splash_duktape_engine *engine, void *host);

/// Frees the heap; finalizers that scripts registered are interrupted at once.
void splash_duktape_destroy(splash_duktape_engine *engine);

/// Compiles `source` (UTF-8) as global code named `name` and runs it; on success the region
/// holds its completion value.
splash_duktape_result splash_duktape_run(splash_duktape_engine *engine, const uint8_t *source, size_t source_length,
                                         const uint8_t *name, size_t name_length);

/// Calls the global function `function` (UTF-8) with `count` encoded arguments.
splash_duktape_result splash_duktape_call(splash_duktape_engine *engine, const uint8_t *function,
                                          size_t function_length, const uint8_t *arguments, size_t arguments_length,
                                          uint32_t count);

/// Drops the output above `mark`, once the caller has read a result.
void splash_duktape_release(splash_duktape_engine *engine, size_t mark);

/// Frees what no script can reach any more, cycles included. Duktape frees most garbage as
/// soon as it is dropped (by reference counting), but a function and its prototype refer to
/// each other, and such cycles wait for a mark-and-sweep pass that Duktape runs only after
/// some fifty times the live objects' number of allocations: a caller that makes many short
/// calls creating closures calls this between them. Does nothing inside a run or call.
void splash_duktape_collect_garbage(splash_duktape_engine *engine);

/// Makes the global `name` a function that calls the host's function number `function`
/// (0...32767); on failure the region holds the message.
splash_duktape_result splash_duktape_define(splash_duktape_engine *engine, const uint8_t *name, size_t name_length,
                                            int32_t function);

/// The host function's result, encoded; 0 when it was converted, otherwise a JavaScript error
/// (from a conversion or a full heap) is thrown in its place.
int splash_duktape_host_return(splash_duktape_engine *engine, const uint8_t *value, size_t length);

/// Throws an Error with `message` (UTF-8) from the host function. With `stop`
/// SPLASH_DUKTAPE_TIME_LIMIT or SPLASH_DUKTAPE_MEMORY_LIMIT the host reports that a nested run
/// or call hit that limit: the script is interrupted as at its deadline, even if it catches the
/// error, and every enclosing run and call fails with `stop` (SPLASH_DUKTAPE_OK: a plain error).
void splash_duktape_host_throw(splash_duktape_engine *engine, const uint8_t *message, size_t length,
                               splash_duktape_status stop);

#endif
