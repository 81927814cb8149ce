#include <pango/pangocairo.h>

/// g_object_unref for a PangoLayout, typed so Swift can call it without pointer casts.
static inline void splash_layout_unref(PangoLayout *layout) { g_object_unref(layout); }

/// Frees the list pango_font_map_list_families hands out (the families themselves are owned).
static inline void splash_free_families(PangoFontFamily **families) { g_free(families); }
