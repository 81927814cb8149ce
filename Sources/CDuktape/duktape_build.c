// Duktape itself: Debian's amalgamated source (package duktape-dev), compiled here with our
// configuration, never copied into the repository. Debian's shared libduktape is built without
// DUK_USE_INTERRUPT_COUNTER and DUK_USE_EXEC_TIMEOUT_CHECK, so nothing could stop a
// `while (true) {}` in it; the package ships duktape.c and its duk_config.h for embedding
// with one's own options instead.

// duk_config.h selects platform features (_GNU_SOURCE, the date providers) only while Duktape
// itself compiles, and must come before any system header. Its include guard keeps duktape.c
// from reading it again, so the definitions below override its defaults.
#define DUK_COMPILING_DUKTAPE
#include "/usr/share/duktape/duk_config.h"

/// Nonzero once the run or call in progress is past its deadline, or was stopped (heap.c).
int splash_duktape_timed_out(void *udata);
/// Nonzero when the native stack is nearly used up (heap.c).
int splash_duktape_native_stack_low(void);
/// How deep the compiler may recurse in the stack that is left (heap.c).
int splash_duktape_compiler_recursion_limit(void);

#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) splash_duktape_timed_out(udata)

// Deep recursion is a RangeError, never a stack overflow, on any thread: Duktape checks the
// native stack where it recurses natively, except in its compiler, whose recursion limit
// follows the stack instead.
#define DUK_USE_NATIVE_STACK_CHECK() splash_duktape_native_stack_low()
#undef DUK_USE_COMPILER_RECLIMIT
#define DUK_USE_COMPILER_RECLIMIT splash_duktape_compiler_recursion_limit()

// The same script gives the same results on every run and machine: Date.now() and `new Date()`
// read a fixed clock (0, the epoch) instead of the system's, local time is UTC whatever TZ
// says, performance.now() is 0, and dates parse and format as ISO 8601 only, not through the
// C library's locale-dependent strptime and strftime.
#undef DUK_USE_DATE_GET_NOW
#define DUK_USE_DATE_GET_NOW(ctx) 0.0
#undef DUK_USE_DATE_GET_LOCAL_TZOFFSET
#define DUK_USE_DATE_GET_LOCAL_TZOFFSET(d) 0
#undef DUK_USE_DATE_PARSE_STRING
#undef DUK_USE_DATE_FORMAT_STRING
#undef DUK_USE_GET_MONOTONIC_TIME
#define DUK_USE_GET_MONOTONIC_TIME(ctx) 0.0

#include "/usr/share/duktape/duktape.c"
