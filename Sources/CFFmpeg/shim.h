#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>

// Function-like macros do not import into Swift; these give them a callable form.

/// AVERROR(EAGAIN): the encoder or decoder wants more input before it can produce output.
static inline int splash_averror_again(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: the encoder or decoder has been fully drained.
static inline int splash_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR(ENOMEM): an allocation failed.
static inline int splash_averror_out_of_memory(void) { return AVERROR(ENOMEM); }

/// AV_CHANNEL_LAYOUT_STEREO: a compound-literal macro, so it does not import into Swift.
static inline AVChannelLayout splash_channel_layout_stereo(void) {
  AVChannelLayout layout = AV_CHANNEL_LAYOUT_STEREO;
  return layout;
}
