// The heap's limits: a counting allocator, the deadline Duktape's interrupt counter checks,
// the native stack check, and creating and destroying a heap.

#define _GNU_SOURCE  // pthread_getattr_np
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"

// MARK: Memory

/// Each block starts with its size (so that freeing knows how much to give back), padded to
/// the alignment malloc guarantees.
#define SPLASH_BLOCK_HEADER 16

static void *allocate(void *udata, duk_size_t size) {
  splash_duktape_engine *engine = udata;
  size_t total = size + SPLASH_BLOCK_HEADER;
  if (total < size || total > engine->memory_limit - engine->memory_used) {
    // Duktape collects garbage and tries again, then throws "alloc failed".
    engine->refused_allocations += 1;
    return NULL;
  }
  unsigned char *block = malloc(total);
  if (block == NULL) {
    engine->refused_allocations += 1;
    return NULL;
  }
  memcpy(block, &total, sizeof total);
  engine->memory_used += total;
  return block + SPLASH_BLOCK_HEADER;
}

static void *reallocate(void *udata, void *pointer, duk_size_t size) {
  splash_duktape_engine *engine = udata;
  if (pointer == NULL) {
    return allocate(udata, size);
  }
  unsigned char *block = (unsigned char *)pointer - SPLASH_BLOCK_HEADER;
  size_t old_total;
  memcpy(&old_total, block, sizeof old_total);
  // A zero size keeps a block of just the header: a valid pointer is right whether Duktape
  // treats the call as a free or keeps the pointer.
  size_t total = size + SPLASH_BLOCK_HEADER;
  if (total < size || (total > old_total && total - old_total > engine->memory_limit - engine->memory_used)) {
    engine->refused_allocations += 1;
    return NULL;  // the old block stays valid, as realloc's contract says
  }
  unsigned char *moved = realloc(block, total);
  if (moved == NULL) {
    engine->refused_allocations += 1;
    return NULL;
  }
  memcpy(moved, &total, sizeof total);
  engine->memory_used = engine->memory_used - old_total + total;
  return moved + SPLASH_BLOCK_HEADER;
}

static void release(void *udata, void *pointer) {
  splash_duktape_engine *engine = udata;
  if (pointer == NULL) {
    return;
  }
  unsigned char *block = (unsigned char *)pointer - SPLASH_BLOCK_HEADER;
  size_t total;
  memcpy(&total, block, sizeof total);
  engine->memory_used -= total;
  free(block);
}

/// Duktape calls this only for an error outside every protected call; all of ours are
/// protected, so it means a bug, and Duktape cannot continue after it.
static void fatal(void *udata, const char *message) {
  (void)udata;
  fprintf(stderr, "splashvid: fatal error in the JavaScript engine: %s\n", message != NULL ? message : "(no message)");
  fflush(stderr);
  abort();
}

// MARK: Time

// The time the calling thread has run, not the wall clock: a script on a busy machine (a
// batch rendering on every core) gets the same time to run as on an idle one, so whether it
// finishes does not depend on the load.
double splash_duktape_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/// DUK_USE_EXEC_TIMEOUT_CHECK: Duktape asks every DUK_HTHREAD_INTCTR_DEFAULT (256 Ki)
/// instructions, and at every instruction once this said yes.
int splash_duktape_timed_out(void *udata) {
  splash_duktape_engine *engine = udata;
  if (engine->timed_out || engine->stop != SPLASH_DUKTAPE_OK) {
    return 1;
  }
  if (!(splash_duktape_now() < engine->deadline)) {  // a NaN deadline has passed
    engine->timed_out = 1;
    return 1;
  }
  return 0;
}

// MARK: Native stack

/// The last this much of a thread's stack (or the last quarter of a stack under 1 MiB) is kept
/// for throwing the error and unwinding: Duktape builds an error object and its traceback, and
/// the host's Swift frames sit between its checks.
#define SPLASH_STACK_RESERVE (256 * 1024)

/// Stack one level of the compiler's recursion may take, with room to spare: measured at up to
/// 340 bytes (nested array literals, -O2), more in sanitizer builds.
#define SPLASH_COMPILER_LEVEL_BYTES 1024

/// Duktape's own compiler recursion limit, kept where the stack allows it.
#define SPLASH_COMPILER_LEVELS 2500

/// This thread's stack, found once per thread (pthread_getattr_np reads /proc for the main
/// thread): its lowest address, where the reserve ends, and its highest.
static _Thread_local uintptr_t stack_bottom;
static _Thread_local uintptr_t stack_reserve_top;
static _Thread_local uintptr_t stack_top;
static _Thread_local int stack_known;

/// Whether `here` lies in this thread's stack, found on first use. Otherwise (none found, or
/// running on another stack) only Duktape's own recursion limits apply.
static int on_known_stack(uintptr_t here) {
  if (!stack_known) {
    stack_known = 1;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
      void *address = NULL;
      size_t size = 0;
      if (pthread_attr_getstack(&attributes, &address, &size) == 0 && size > 0) {
        size_t reserve = size / 4 < SPLASH_STACK_RESERVE ? size / 4 : SPLASH_STACK_RESERVE;
        stack_bottom = (uintptr_t)address;
        stack_reserve_top = (uintptr_t)address + reserve;
        stack_top = (uintptr_t)address + size;
      }
      pthread_attr_destroy(&attributes);
    }
  }
  return here >= stack_bottom && here < stack_top;
}

/// Where the stack is now: the frame's address, not a local variable's, which
/// AddressSanitizer may move to a heap-allocated "fake stack" to catch use after return.
static inline uintptr_t current_stack_address(void) { return (uintptr_t)__builtin_frame_address(0); }

/// DUK_USE_NATIVE_STACK_CHECK: nonzero when the native stack is nearly used up, so that deep
/// recursion through native code (JSON, regular expressions, calls through Array.prototype.map,
/// toString or host functions) throws a RangeError instead of overflowing the stack, whatever
/// the size of the thread's stack.
int splash_duktape_native_stack_low(void) {
  uintptr_t here = current_stack_address();
  return on_known_stack(here) && here < stack_reserve_top;
}

/// DUK_USE_COMPILER_RECLIMIT, read as a compilation starts: Duktape's compiler recurses without
/// checking the native stack, so it may recurse only as deep as the stack left allows.
int splash_duktape_compiler_recursion_limit(void) {
  uintptr_t here = current_stack_address();
  if (!on_known_stack(here)) {
    return SPLASH_COMPILER_LEVELS;
  }
  if (here <= stack_reserve_top) {
    return 1;
  }
  uintptr_t levels = (here - stack_reserve_top) / SPLASH_COMPILER_LEVEL_BYTES;
  return levels < SPLASH_COMPILER_LEVELS ? (int)levels : SPLASH_COMPILER_LEVELS;
}

// MARK: Heap

static duk_ret_t find_object_prototype(duk_context *context, void *udata) {
  splash_duktape_engine *engine = udata;
  duk_push_object(context);
  duk_get_prototype(context, -1);
  engine->object_prototype = duk_get_heapptr(context, -1);
  duk_pop_2(context);
  return 0;
}

splash_duktape_engine *splash_duktape_create(size_t memory_bytes, double seconds_per_call,
                                             splash_duktape_host_callback callback, void *host) {
  splash_duktape_engine *engine = calloc(1, sizeof *engine);
  if (engine == NULL) {
    return NULL;
  }
  engine->memory_limit = memory_bytes;
  engine->seconds_per_call = seconds_per_call;
  engine->deadline = INFINITY;
  engine->callback = callback;
  engine->host = host;
  engine->context = duk_create_heap(allocate, reallocate, release, engine, fatal);
  if (engine->context == NULL) {
    free(engine);
    return NULL;
  }
  engine->current = engine->context;
  if (duk_safe_call(engine->context, find_object_prototype, engine, 0, 1) != DUK_EXEC_SUCCESS) {
    splash_duktape_destroy(engine);
    return NULL;
  }
  duk_pop(engine->context);
  return engine;
}

void splash_duktape_set_host(splash_duktape_engine *engine, void *host) { engine->host = host; }

void splash_duktape_destroy(splash_duktape_engine *engine) {
  if (engine == NULL) {
    return;
  }
  // Finalizers run while the heap is freed; a script's finalizer that loops is interrupted at
  // its first check instead of hanging here.
  engine->stop = SPLASH_DUKTAPE_RUNTIME_ERROR;
  duk_destroy_heap(engine->context);
  free(engine->output);
  free(engine);
}
