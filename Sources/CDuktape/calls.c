// Runs, calls, definitions and host functions. Each entry point runs Duktape inside one
// protected call, so that Duktape's longjmp never leaves C; only the trampoline throws, after
// the host's Swift code has returned.

#include <string.h>

#include "engine.h"

/// Where a run or call was when it failed, which decides the kind of failure.
typedef enum phase {
  PHASE_PREPARING,
  PHASE_COMPILING,
  PHASE_RUNNING,
  PHASE_CONVERTING,
} phase;

typedef struct request {
  splash_duktape_engine *engine;
  const char *source;
  size_t source_length;
  const char *name;
  size_t name_length;
  const uint8_t *arguments;
  size_t arguments_length;
  uint32_t count;
  int32_t function;
  phase phase;
  /// Where the result's encoding starts in the output.
  size_t start;
} request;

/// Error messages are cut to this many bytes (a script may throw a string of megabytes).
#define SPLASH_MESSAGE_LIMIT 4096

/// Appends `message` (cut, if need be) to the output and returns where it starts, or (size_t)-1
/// when there is no memory for it.
static size_t write_message(splash_duktape_engine *engine, const char *message, size_t length) {
  if (length > SPLASH_MESSAGE_LIMIT) {
    length = SPLASH_MESSAGE_LIMIT;
    // Not inside a UTF-8 sequence.
    while (length > 0 && ((uint8_t)message[length] & 0xC0) == 0x80) {
      length -= 1;
    }
  }
  size_t start = engine->output_length;
  return splash_duktape_write_text(engine, (const uint8_t *)message, length) ? start : (size_t)-1;
}

/// The output from `start` to `end` as a result. Taken last, once nothing can run script: a
/// finalizer that runs when a value is popped may call host functions, which may move the
/// output or leave bytes above it.
static splash_duktape_result region(splash_duktape_engine *engine, splash_duktape_status status, size_t mark,
                                    size_t start, size_t end) {
  splash_duktape_result result = {status, mark, NULL, 0};
  if (start == (size_t)-1) {
    static const char out_of_memory[] = "out of memory";
    result.bytes = (const uint8_t *)out_of_memory;
    result.length = sizeof out_of_memory - 1;
    return result;
  }
  engine->output_length = end;
  result.bytes = engine->output + start;
  result.length = end - start;
  return result;
}

static splash_duktape_result message_result(splash_duktape_engine *engine, splash_duktape_status status, size_t mark,
                                            const char *message, size_t length) {
  size_t start = write_message(engine, message, length);
  return region(engine, status, mark, start, engine->output_length);
}

/// Starts a run, call or definition: the outermost one sets the deadline for all nested in it.
/// A nested one that starts after a limit was hit fails at once (status other than OK).
static splash_duktape_status begin(splash_duktape_engine *engine) {
  if (engine->depth == 0) {
    engine->timed_out = 0;
    engine->stop = SPLASH_DUKTAPE_OK;
    engine->deadline = splash_duktape_now() + engine->seconds_per_call;
  } else if (engine->stop != SPLASH_DUKTAPE_OK) {
    return engine->stop;
  } else if (engine->timed_out || !(splash_duktape_now() < engine->deadline)) {
    engine->timed_out = 1;
    return SPLASH_DUKTAPE_TIME_LIMIT;
  }
  // The protected call, its result and a few values of our own; a native function starts
  // with room for many more, and so does a heap.
  if (!duk_check_stack(engine->current, 4)) {
    return SPLASH_DUKTAPE_MEMORY_LIMIT;
  }
  engine->depth += 1;
  return SPLASH_DUKTAPE_OK;
}

static splash_duktape_result refused(splash_duktape_engine *engine, splash_duktape_status status) {
  switch (status) {
  case SPLASH_DUKTAPE_TIME_LIMIT:
    return message_result(engine, status, engine->output_length, "RangeError: execution timeout", 29);
  case SPLASH_DUKTAPE_MEMORY_LIMIT:
    return message_result(engine, status, engine->output_length, "Error: alloc failed", 19);
  default:
    return message_result(engine, status, engine->output_length, "Error: stopped", 14);
  }
}

/// Ends what begin started, with the protected call's outcome on top of the stack.
static splash_duktape_result finish(splash_duktape_engine *engine, duk_context *context, request *request, duk_int_t outcome,
                                    size_t mark, uint64_t refused_before) {
  splash_duktape_status status = SPLASH_DUKTAPE_OK;
  size_t start = request->start;
  if (outcome != DUK_EXEC_SUCCESS) {
    if (engine->stop != SPLASH_DUKTAPE_OK) {
      status = engine->stop;
    } else if (engine->timed_out) {
      status = SPLASH_DUKTAPE_TIME_LIMIT;
    } else if (request->phase == PHASE_CONVERTING && engine->value_too_large) {
      status = SPLASH_DUKTAPE_MEMORY_LIMIT;
    } else if (engine->refused_allocations != refused_before) {
      status = SPLASH_DUKTAPE_MEMORY_LIMIT;
    } else if (request->phase == PHASE_COMPILING) {
      status = SPLASH_DUKTAPE_SYNTAX_ERROR;
    } else {
      status = SPLASH_DUKTAPE_RUNTIME_ERROR;
    }
    // "ReferenceError: identifier 'f' undefined": the error's own toString, which may run
    // script (interrupted once a limit was hit) and falls back to a fixed text.
    duk_size_t length = 0;
    const char *message = duk_safe_to_lstring(context, -1, &length);
    start = write_message(engine, message, length);
  }
  size_t end = engine->output_length;
  duk_pop(context);
  engine->depth -= 1;
  return region(engine, status, mark, start, end);
}

static void convert_result(duk_context *context, request *request) {
  request->phase = PHASE_CONVERTING;
  request->engine->value_too_large = 0;
  request->start = request->engine->output_length;
  splash_duktape_write_values(context, request->engine, -1, 1);
}

// MARK: Run

static duk_ret_t run_protected(duk_context *context, void *udata) {
  request *request = udata;
  duk_push_lstring(context, request->name, request->name_length);
  duk_compile_lstring_filename(context, 0, request->source, request->source_length);
  request->phase = PHASE_RUNNING;
  duk_call(context, 0);
  convert_result(context, request);
  return 1;
}

/// Duktape reads a NULL source from its value stack instead: text of length 0 may come as NULL.
static const char *text(const uint8_t *bytes) { return bytes != NULL ? (const char *)bytes : ""; }

splash_duktape_result splash_duktape_run(splash_duktape_engine *engine, const uint8_t *source, size_t source_length,
                                         const uint8_t *name, size_t name_length) {
  splash_duktape_status early = begin(engine);
  if (early != SPLASH_DUKTAPE_OK) {
    return refused(engine, early);
  }
  duk_context *context = engine->current;
  request request = {engine, text(source), source_length, text(name), name_length, NULL, 0, 0, 0, PHASE_COMPILING, 0};
  size_t mark = engine->output_length;
  uint64_t refused_before = engine->refused_allocations;
  duk_int_t outcome = duk_safe_call(context, run_protected, &request, 0, 1);
  return finish(engine, context, &request, outcome, mark, refused_before);
}

// MARK: Call

static duk_ret_t call_protected(duk_context *context, void *udata) {
  request *request = udata;
  duk_require_stack(context, (duk_idx_t)request->count + 1);
  if (!duk_get_global_lstring(context, request->name, request->name_length) || !duk_is_callable(context, -1)) {
    (void)duk_error(context, DUK_ERR_TYPE_ERROR, "no global function '%.*s'", (int)request->name_length, request->name);
  }
  splash_duktape_push_values(context, request->arguments, request->arguments_length, request->count);
  request->phase = PHASE_RUNNING;
  duk_call(context, (duk_idx_t)request->count);
  convert_result(context, request);
  return 1;
}

splash_duktape_result splash_duktape_call(splash_duktape_engine *engine, const uint8_t *function,
                                          size_t function_length, const uint8_t *arguments, size_t arguments_length,
                                          uint32_t count) {
  splash_duktape_status early = begin(engine);
  if (early != SPLASH_DUKTAPE_OK) {
    return refused(engine, early);
  }
  duk_context *context = engine->current;
  request request = {
    engine, NULL, 0, text(function), function_length, arguments, arguments_length, count, 0, PHASE_PREPARING, 0,
  };
  size_t mark = engine->output_length;
  uint64_t refused_before = engine->refused_allocations;
  duk_int_t outcome = duk_safe_call(context, call_protected, &request, 0, 1);
  return finish(engine, context, &request, outcome, mark, refused_before);
}

void splash_duktape_release(splash_duktape_engine *engine, size_t mark) {
  engine->output_length = mark;
  // A large value leaves a large buffer; between calls it is given back.
  if (mark == 0 && engine->depth == 0 && engine->output_capacity > (1 << 20)) {
    free(engine->output);
    engine->output = NULL;
    engine->output_capacity = 0;
  }
}

void splash_duktape_collect_garbage(splash_duktape_engine *engine) {
  if (engine->depth == 0) {
    // Twice, as Duktape's own documentation advises, so that objects freed by finalizers in
    // the first pass go in the second.
    duk_gc(engine->context, 0);
    duk_gc(engine->context, 0);
  }
}

// MARK: Host functions

static splash_duktape_engine *engine_of(duk_context *context) {
  duk_memory_functions functions;
  duk_get_memory_functions(context, &functions);
  return functions.udata;
}

/// Every host function is this Duktape/C function, told apart by its magic number.
static duk_ret_t host_trampoline(duk_context *context) {
  splash_duktape_engine *engine = engine_of(context);
  // No new host work once a limit was hit, even where the script catches the error.
  if (engine->stop != SPLASH_DUKTAPE_OK) {
    return duk_error(context, DUK_ERR_RANGE_ERROR, "stopped");
  }
  if (engine->timed_out || !(splash_duktape_now() < engine->deadline)) {
    engine->timed_out = 1;
    return duk_error(context, DUK_ERR_RANGE_ERROR, "execution timeout");
  }
  duk_idx_t count = duk_get_top(context);
  // Arguments that cannot cross throw here, in the script, which may catch the error.
  size_t mark = engine->output_length;
  size_t end = splash_duktape_write_values(context, engine, 0, count);

  duk_context *caller = engine->current;
  engine->current = context;
  engine->answer = SPLASH_DUKTAPE_ANSWER_NONE;
  // The host reads the arguments before anything else: a nested call may move the output.
  engine->callback(engine->host, duk_get_current_magic(context), engine->output + mark, end - mark, (uint32_t)count);
  splash_duktape_answer answer = engine->answer;
  engine->answer = SPLASH_DUKTAPE_ANSWER_NONE;
  engine->current = caller;
  engine->output_length = mark;

  switch (answer) {
  case SPLASH_DUKTAPE_ANSWER_VALUE:
    return 1;
  case SPLASH_DUKTAPE_ANSWER_ERROR:
    return duk_throw(context);
  default:
    return 0;
  }
}

static duk_ret_t define_protected(duk_context *context, void *udata) {
  request *request = udata;
  duk_push_c_function(context, host_trampoline, DUK_VARARGS);
  duk_set_magic(context, -1, request->function);
  duk_put_global_lstring(context, request->name, request->name_length);
  return 0;
}

splash_duktape_result splash_duktape_define(splash_duktape_engine *engine, const uint8_t *name, size_t name_length,
                                            int32_t function) {
  splash_duktape_status early = begin(engine);
  if (early != SPLASH_DUKTAPE_OK) {
    return refused(engine, early);
  }
  duk_context *context = engine->current;
  request request = {engine, NULL, 0, text(name), name_length, NULL, 0, 0, function, PHASE_RUNNING, 0};
  size_t mark = engine->output_length;
  uint64_t refused_before = engine->refused_allocations;
  request.start = mark;
  duk_int_t outcome = duk_safe_call(context, define_protected, &request, 0, 1);
  return finish(engine, context, &request, outcome, mark, refused_before);
}

typedef struct host_answer {
  const uint8_t *bytes;
  size_t length;
} host_answer;

static duk_ret_t push_answer(duk_context *context, void *udata) {
  host_answer *answer = udata;
  splash_duktape_push_values(context, answer->bytes, answer->length, 1);
  return 1;
}

int splash_duktape_host_return(splash_duktape_engine *engine, const uint8_t *value, size_t length) {
  host_answer answer = {value, length};
  if (duk_safe_call(engine->current, push_answer, &answer, 0, 1) == DUK_EXEC_SUCCESS) {
    engine->answer = SPLASH_DUKTAPE_ANSWER_VALUE;
    return 0;
  }
  engine->answer = SPLASH_DUKTAPE_ANSWER_ERROR;
  return 1;
}

static duk_ret_t push_error(duk_context *context, void *udata) {
  host_answer *message = udata;
  int length = message->length > SPLASH_MESSAGE_LIMIT ? SPLASH_MESSAGE_LIMIT : (int)message->length;
  duk_push_error_object(context, DUK_ERR_ERROR, "%.*s", length, (const char *)message->bytes);
  return 1;
}

void splash_duktape_host_throw(splash_duktape_engine *engine, const uint8_t *message, size_t length,
                               splash_duktape_status stop) {
  if (stop == SPLASH_DUKTAPE_TIME_LIMIT || stop == SPLASH_DUKTAPE_MEMORY_LIMIT) {
    engine->stop = stop;
  }
  host_answer answer = {message != NULL ? message : (const uint8_t *)"", length};
  // The Error, or the error that creating it threw: either is thrown.
  (void)duk_safe_call(engine->current, push_error, &answer, 0, 1);
  engine->answer = SPLASH_DUKTAPE_ANSWER_ERROR;
}
