// Values between Duktape's value stack and the byte encoding of CDuktape.h, in both directions.

#include <stdlib.h>
#include <string.h>

#include "engine.h"

// MARK: Output buffer

/// Room for `count` more bytes at the end of the output, or NULL when there is no memory.
static uint8_t *reserve(splash_duktape_engine *engine, size_t count) {
  size_t needed = engine->output_length + count;
  if (needed < count) {
    return NULL;
  }
  if (needed > engine->output_capacity) {
    size_t capacity = engine->output_capacity < 256 ? 256 : engine->output_capacity;
    while (capacity < needed) {
      capacity = capacity * 2 < capacity ? needed : capacity * 2;
    }
    uint8_t *grown = realloc(engine->output, capacity);
    if (grown == NULL) {
      return NULL;
    }
    engine->output = grown;
    engine->output_capacity = capacity;
  }
  return engine->output + engine->output_length;
}

int splash_duktape_write_text(splash_duktape_engine *engine, const uint8_t *bytes, size_t length) {
  // UTF-8 is never longer than Duktape's form of the same text: a surrogate pair takes 6 bytes
  // there and 4 here, a lone surrogate 3 and U+FFFD 3.
  if (length == 0) {
    return 1;
  }
  uint8_t *out = reserve(engine, length);
  if (out == NULL) {
    return 0;
  }
  const uint8_t *surrogate = memchr(bytes, 0xED, length);
  if (surrogate == NULL) {
    memcpy(out, bytes, length);
    engine->output_length += length;
    return 1;
  }
  // Duktape keeps UTF-16 surrogates as 3-byte sequences ED A0..BF xx (CESU-8): a string built
  // from "\uD83D\uDE00" holds two of them. UTF-8 has one 4-byte sequence for the pair, and no
  // form for a lone surrogate, which becomes U+FFFD as a UTF-16 decoder would make it.
  size_t prefix = (size_t)(surrogate - bytes);
  memcpy(out, bytes, prefix);
  size_t written = prefix;
  size_t index = prefix;
  while (index < length) {
    uint8_t byte = bytes[index];
    if (byte == 0xED && index + 2 < length && (bytes[index + 1] & 0xE0) == 0xA0) {
      uint32_t first = 0xD000 | (uint32_t)(bytes[index + 1] & 0x3F) << 6 | (uint32_t)(bytes[index + 2] & 0x3F);
      if (first < 0xDC00 && index + 5 < length && bytes[index + 3] == 0xED && (bytes[index + 4] & 0xF0) == 0xB0) {
        uint32_t second = 0xD000 | (uint32_t)(bytes[index + 4] & 0x3F) << 6 | (uint32_t)(bytes[index + 5] & 0x3F);
        uint32_t scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
        out[written++] = (uint8_t)(0xF0 | scalar >> 18);
        out[written++] = (uint8_t)(0x80 | (scalar >> 12 & 0x3F));
        out[written++] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
        out[written++] = (uint8_t)(0x80 | (scalar & 0x3F));
        index += 6;
      } else {
        out[written++] = 0xEF;
        out[written++] = 0xBF;
        out[written++] = 0xBD;
        index += 3;
      }
    } else {
      out[written++] = byte;
      index += 1;
    }
  }
  engine->output_length += written;
  return 1;
}

// MARK: JavaScript to bytes

/// One conversion's bounds: what it has counted so far, the containers it is inside (a value
/// that contains one of them is cyclic), and where its encoding ends.
///
/// Reading a value can run script (a getter, a Proxy trap, a finalizer during an allocation),
/// which can call host functions that convert values of their own above this one's end; one
/// that fails leaves its bytes there. So every write starts at `end`, not at the output's length.
typedef struct conversion {
  size_t elements;
  size_t text_bytes;
  size_t end;
  int depth;
  void *containers[SPLASH_DUKTAPE_MAXIMUM_DEPTH];
} conversion;

static DUK_NORETURN(void refuse_size(duk_context *context, splash_duktape_engine *engine, const char *what, size_t limit));

static void refuse_size(duk_context *context, splash_duktape_engine *engine, const char *what, size_t limit) {
  engine->value_too_large = 1;
  (void)duk_error(context, DUK_ERR_RANGE_ERROR, "cannot convert a value of more than %lu %s", (unsigned long)limit, what);
}

static DUK_NORETURN(void refuse_memory(duk_context *context, splash_duktape_engine *engine));

static void refuse_memory(duk_context *context, splash_duktape_engine *engine) {
  engine->value_too_large = 1;
  (void)duk_error(context, DUK_ERR_RANGE_ERROR, "out of memory converting a value");
}

static void append(duk_context *context, splash_duktape_engine *engine, conversion *state, const void *bytes, size_t count) {
  engine->output_length = state->end;
  uint8_t *out = reserve(engine, count);
  if (out == NULL) {
    refuse_memory(context, engine);
  }
  memcpy(out, bytes, count);
  engine->output_length += count;
  state->end = engine->output_length;
}

static void append_byte(duk_context *context, splash_duktape_engine *engine, conversion *state, uint8_t byte) {
  append(context, engine, state, &byte, 1);
}

static void append_count(duk_context *context, splash_duktape_engine *engine, conversion *state, uint32_t count) {
  append(context, engine, state, &count, sizeof count);
}

/// A string (or key) at `index`: its length, then its text as UTF-8.
static void append_string(duk_context *context, splash_duktape_engine *engine, conversion *state, duk_idx_t index) {
  duk_size_t length = 0;
  const char *bytes = duk_get_lstring(context, index, &length);
  state->text_bytes += length;
  if (state->text_bytes > engine->memory_limit) {
    refuse_size(context, engine, "bytes of text", engine->memory_limit);
  }
  size_t length_offset = state->end;
  append_count(context, engine, state, 0);
  engine->output_length = state->end;
  if (!splash_duktape_write_text(engine, (const uint8_t *)bytes, length)) {
    refuse_memory(context, engine);
  }
  uint32_t written = (uint32_t)(engine->output_length - state->end);
  state->end = engine->output_length;
  memcpy(engine->output + length_offset, &written, sizeof written);
}

static void count_elements(duk_context *context, splash_duktape_engine *engine, conversion *state, size_t count) {
  if (count > SPLASH_DUKTAPE_MAXIMUM_ELEMENTS - state->elements) {
    refuse_size(context, engine, "elements", SPLASH_DUKTAPE_MAXIMUM_ELEMENTS);
  }
  state->elements += count;
}

static void write_container(duk_context *context, splash_duktape_engine *engine, conversion *state, duk_idx_t index);

static void write(duk_context *context, splash_duktape_engine *engine, conversion *state, duk_idx_t index) {
  switch (duk_get_type(context, index)) {
  case DUK_TYPE_NONE:
  case DUK_TYPE_UNDEFINED:
    append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_UNDEFINED);
    return;
  case DUK_TYPE_NULL:
    append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_NULL);
    return;
  case DUK_TYPE_BOOLEAN:
    append_byte(context, engine, state,
                duk_get_boolean(context, index) ? SPLASH_DUKTAPE_TAG_TRUE : SPLASH_DUKTAPE_TAG_FALSE);
    return;
  case DUK_TYPE_NUMBER: {
    uint8_t bytes[1 + sizeof(double)];
    double number = duk_get_number(context, index);
    bytes[0] = SPLASH_DUKTAPE_TAG_NUMBER;
    memcpy(bytes + 1, &number, sizeof number);
    append(context, engine, state, bytes, sizeof bytes);
    return;
  }
  case DUK_TYPE_STRING:
    if (duk_is_symbol(context, index)) {
      break;
    }
    append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_STRING);
    append_string(context, engine, state, index);
    return;
  case DUK_TYPE_OBJECT:
    if (!duk_is_function(context, index)) {
      write_container(context, engine, state, index);
      return;
    }
    break;
  default:
    break;
  }
  // A function, a symbol, a buffer or a pointer is undefined, as JSON.stringify leaves
  // functions out: a program's completion value is often a function it assigned
  // (`Math.random = function () {...}`), which should not fail the program.
  append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_UNDEFINED);
}

/// An array, a plain object, or (undefined) another kind of object.
static void write_container(duk_context *context, splash_duktape_engine *engine, conversion *state, duk_idx_t index) {

  void *container = duk_get_heapptr(context, index);
  for (int level = 0; level < state->depth; level++) {
    if (state->containers[level] == container) {
      (void)duk_error(context, DUK_ERR_TYPE_ERROR, "cannot convert a cyclic value: an array or object contains itself");
    }
  }
  if (state->depth >= SPLASH_DUKTAPE_MAXIMUM_DEPTH) {
    (void)duk_error(context, DUK_ERR_RANGE_ERROR, "cannot convert a value nested deeper than %d levels",
                    SPLASH_DUKTAPE_MAXIMUM_DEPTH);
  }
  // Each level keeps the value it reads and, for an object, its enumerator.
  duk_require_stack(context, 4);

  if (duk_is_array(context, index)) {
    duk_size_t length = duk_get_length(context, index);
    count_elements(context, engine, state, length);
    append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_ARRAY);
    append_count(context, engine, state, (uint32_t)length);
    state->containers[state->depth++] = container;
    for (duk_size_t element = 0; element < length; element++) {
      // An element may be a getter (running script) or a hole (undefined).
      duk_get_prop_index(context, index, (duk_uarridx_t)element);
      write(context, engine, state, -1);
      duk_pop(context);
    }
    state->depth -= 1;
    return;
  }

  // A plain object inherits from Object.prototype or from nothing; a Date, a RegExp, an Error,
  // a Map, a typed array or an instance of a class would lose what it is on the way, so it is
  // undefined too.
  duk_get_prototype(context, index);
  void *prototype = duk_get_heapptr(context, -1);
  duk_pop(context);
  if (prototype != NULL && prototype != engine->object_prototype) {
    append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_UNDEFINED);
    return;
  }
  append_byte(context, engine, state, SPLASH_DUKTAPE_TAG_OBJECT);
  size_t count_offset = state->end;
  append_count(context, engine, state, 0);
  state->containers[state->depth++] = container;
  uint32_t count = 0;
  duk_enum(context, index, DUK_ENUM_OWN_PROPERTIES_ONLY);
  while (duk_next(context, -1, 1)) {
    count_elements(context, engine, state, 1);
    append_string(context, engine, state, -2);
    write(context, engine, state, -1);
    duk_pop_2(context);
    count += 1;
  }
  duk_pop(context);
  state->depth -= 1;
  memcpy(engine->output + count_offset, &count, sizeof count);
}

size_t splash_duktape_write_values(duk_context *context, splash_duktape_engine *engine, duk_idx_t first,
                                   duk_idx_t count) {
  conversion state;
  state.elements = 0;
  state.text_bytes = 0;
  state.end = engine->output_length;
  state.depth = 0;
  duk_idx_t start = duk_normalize_index(context, first);
  for (duk_idx_t index = start; index < start + count; index++) {
    write(context, engine, &state, index);
  }
  engine->output_length = state.end;
  return state.end;
}

// MARK: Bytes to JavaScript

typedef struct reader {
  const uint8_t *bytes;
  size_t length;
  size_t offset;
} reader;

static DUK_NORETURN(void malformed(duk_context *context));

static void malformed(duk_context *context) {
  (void)duk_error(context, DUK_ERR_ERROR, "malformed value from the host");
}

static const uint8_t *take(duk_context *context, reader *input, size_t count) {
  if (count > input->length - input->offset) {
    malformed(context);
  }
  const uint8_t *bytes = input->bytes + input->offset;
  input->offset += count;
  return bytes;
}

static uint32_t take_count(duk_context *context, reader *input) {
  uint32_t count;
  memcpy(&count, take(context, input, sizeof count), sizeof count);
  return count;
}

/// Own, writable, enumerable and configurable, as a literal's would be: defined rather than
/// assigned, so that neither a setter on Object.prototype or Array.prototype nor a key named
/// "__proto__" changes what the value is.
#define SPLASH_DEFINE_FLAGS (DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WEC)

static void push(duk_context *context, reader *input, int depth) {
  if (depth > SPLASH_DUKTAPE_MAXIMUM_DEPTH) {
    (void)duk_error(context, DUK_ERR_RANGE_ERROR, "a value nested deeper than %d levels", SPLASH_DUKTAPE_MAXIMUM_DEPTH);
  }
  duk_require_stack(context, 3);
  uint8_t tag = *take(context, input, 1);
  switch (tag) {
  case SPLASH_DUKTAPE_TAG_UNDEFINED:
    duk_push_undefined(context);
    return;
  case SPLASH_DUKTAPE_TAG_NULL:
    duk_push_null(context);
    return;
  case SPLASH_DUKTAPE_TAG_FALSE:
    duk_push_false(context);
    return;
  case SPLASH_DUKTAPE_TAG_TRUE:
    duk_push_true(context);
    return;
  case SPLASH_DUKTAPE_TAG_NUMBER: {
    double number;
    memcpy(&number, take(context, input, sizeof number), sizeof number);
    duk_push_number(context, number);
    return;
  }
  case SPLASH_DUKTAPE_TAG_STRING: {
    uint32_t length = take_count(context, input);
    duk_push_lstring(context, (const char *)take(context, input, length), length);
    return;
  }
  case SPLASH_DUKTAPE_TAG_ARRAY: {
    uint32_t count = take_count(context, input);
    duk_idx_t array = duk_push_array(context);
    for (uint32_t element = 0; element < count; element++) {
      duk_push_uint(context, element);
      push(context, input, depth + 1);
      duk_def_prop(context, array, SPLASH_DEFINE_FLAGS);
    }
    return;
  }
  case SPLASH_DUKTAPE_TAG_OBJECT: {
    uint32_t count = take_count(context, input);
    duk_idx_t object = duk_push_object(context);
    for (uint32_t entry = 0; entry < count; entry++) {
      uint32_t length = take_count(context, input);
      duk_push_lstring(context, (const char *)take(context, input, length), length);
      push(context, input, depth + 1);
      duk_def_prop(context, object, SPLASH_DEFINE_FLAGS);
    }
    return;
  }
  default:
    malformed(context);
  }
}

void splash_duktape_push_values(duk_context *context, const uint8_t *bytes, size_t length, uint32_t count) {
  reader input = {bytes, length, 0};
  for (uint32_t value = 0; value < count; value++) {
    push(context, &input, 0);
  }
  if (input.offset != input.length) {
    malformed(context);
  }
}
