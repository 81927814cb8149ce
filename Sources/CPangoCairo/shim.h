#include <pango/pangocairo.h>

/// g_object_unref for a PangoLayout, typed so Swift can call it without pointer casts.
static inline void splash_layout_unref(PangoLayout *layout) { g_object_unref(layout); }

/// Frees the list pango_font_map_list_families hands out (the families themselves are owned).
static inline void splash_free_families(PangoFontFamily **families) { g_free(families); }

#include <pango/pangofc-font.h>
#include <stdlib.h>
#include <string.h>

/// The file of the font Pango picks for `description` and its revision (fontconfig's
/// FC_FONTVERSION, the font's own head-table revision; 0 when it has none), or NULL when the
/// font is not one of fontconfig's. The caller frees the path.
static inline char *splash_font_file(PangoFontMap *map, PangoContext *context, const PangoFontDescription *description,
                                     int *revision) {
  PangoFont *font = pango_font_map_load_font(map, context, description);
  if (!font) return NULL;
  char *path = NULL;
  *revision = 0;
  if (PANGO_IS_FC_FONT(font)) {
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL;
    if (FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch && file) path = strdup((const char *)file);
    FcPatternGetInteger(pattern, FC_FONTVERSION, 0, revision);
  }
  g_object_unref(font);
  return path;
}
