#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/error.h>

// Function-like macros do not import into Swift; these give them a callable form.

/// AVERROR(EAGAIN): the encoder or decoder wants more input before it can produce output.
static inline int splash_averror_again(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: the encoder or decoder has been fully drained.
static inline int splash_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_INVALIDDATA: a packet or file the library could not make sense of.
static inline int splash_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }

/// AVERROR(ENOMEM): an allocation failed.
static inline int splash_averror_out_of_memory(void) { return AVERROR(ENOMEM); }

/// AV_CHANNEL_LAYOUT_STEREO: a compound-literal macro, so it does not import into Swift.
static inline AVChannelLayout splash_channel_layout_stereo(void) {
  AVChannelLayout layout = AV_CHANNEL_LAYOUT_STEREO;
  return layout;
}

#include <dlfcn.h>
#include <stdint.h>

/// x264's own detection of the CPU's features, without AVX-512 (`X264_CPU_AVX512`, 1 << 16 in
/// x264.h), as a value for its `asm` option; 0 when the CPU has no AVX-512 or libx264 is not
/// loaded (libavcodec links it, so it is once an encoder can open).
///
/// x264 0.164's AVX-512 `mbtree_propagate_list` works a row eight macroblocks at a time and
/// runs past the row's end when its width in macroblocks is no multiple of 8, reading bytes of
/// its own allocation it never wrote: zero in a fresh process, earlier frames' data in one that
/// has encoded before, so two renders of one job in one process wrote different files.
static inline uint32_t splash_x264_cpu_without_avx512(void) {
  uint32_t (*detect)(void) = (uint32_t (*)(void))dlsym(RTLD_DEFAULT, "x264_cpu_detect");
  if (!detect) return 0;
  uint32_t flags = detect();
  return (flags & (1U << 16)) ? (flags & ~(1U << 16)) : 0;
}
