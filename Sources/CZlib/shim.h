#include <zlib.h>

// inflateInit2 and deflateInit2 are function-like macros, which do not import into Swift;
// these give them a callable form.

/// inflateInit2 with the window bits that accept only a gzip header (16 + 15).
static inline int splash_inflate_init_gzip(z_stream *stream) {
  return inflateInit2(stream, 16 + MAX_WBITS);
}

/// deflateInit2 writing a gzip header (16 + 15) at the default level.
static inline int splash_deflate_init_gzip(z_stream *stream) {
  return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
