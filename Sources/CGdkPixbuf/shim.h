#include <gdk-pixbuf/gdk-pixbuf.h>

/// g_object_unref for a GdkPixbuf, typed so Swift can call it without pointer casts.
static inline void splash_pixbuf_unref(GdkPixbuf *pixbuf) { g_object_unref(pixbuf); }

/// g_object_unref for a GdkPixbufLoader.
static inline void splash_loader_unref(GdkPixbufLoader *loader) { g_object_unref(loader); }
