#include "CVipsShim.h"
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <webp/mux.h>

static void bake_vips_ignore(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int bake_vips_start(void) {
#ifdef __GLIBC__
    // Pictures are made on every core at once, and glibc gives each thread an arena of its
    // own that it seldom hands back: two arenas hold a photo blog's peak at about 60% of
    // what one per thread does. bake-images is the only process that starts libvips.
    mallopt(M_ARENA_MAX, 2);
#endif
    if (VIPS_INIT("bake") != 0) return -1;
    // A damaged picture is reported through the error bake throws, not on the terminal.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, bake_vips_ignore, NULL);
    // Each picture is decoded once per variant width and never again in a build: an
    // operation cache would only hold memory.
    vips_cache_set_max(0);
    // bake-images works on several pictures at once, one per core: one thread per picture
    // is as fast, and holds less memory than a pool per picture.
    vips_concurrency_set(1);
    return 0;
}

VipsImage *bake_vips_header(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

int bake_vips_thumbnail(const void *buffer, size_t length, int width, int to_srgb, VipsImage **out) {
    // "fail_on=truncated": a cut-off file is an error, not a picture with a grey bottom.
    if (to_srgb) {
        return vips_thumbnail_buffer((void *)buffer, length, out, width,
            "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
            "export_profile", "srgb", "option_string", "fail_on=truncated", NULL);
    }
    return vips_thumbnail_buffer((void *)buffer, length, out, width,
        "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
        "option_string", "fail_on=truncated", NULL);
}

// The WebP file in `data` without its EXIF, XMP and ICC chunks, in a buffer for g_free.
static int bake_webp_strip(const WebPData *data, void **buffer, size_t *length) {
    WebPMux *mux = WebPMuxCreate(data, 0);
    if (!mux) {
        vips_error("webpsave", "libwebpmux cannot read the WebP file libvips wrote");
        return -1;
    }
    WebPMuxDeleteChunk(mux, "EXIF");
    WebPMuxDeleteChunk(mux, "XMP ");
    WebPMuxDeleteChunk(mux, "ICCP");
    WebPData stripped;
    WebPDataInit(&stripped);
    WebPMuxError status = WebPMuxAssemble(mux, &stripped);
    WebPMuxDelete(mux);
    if (status != WEBP_MUX_OK) {
        vips_error("webpsave", "libwebpmux cannot write the WebP file without its metadata");
        return -1;
    }
    *buffer = g_malloc(stripped.size);
    memcpy(*buffer, stripped.bytes, stripped.size);
    *length = stripped.size;
    WebPDataClear(&stripped);
    return 0;
}

int bake_vips_webpsave(VipsImage *image, int quality, int strip, void **buffer, size_t *length) {
    void *saved = NULL;
    size_t saved_length = 0;
    if (vips_webpsave_buffer(image, &saved, &saved_length, "Q", quality, "strip", strip, NULL) != 0) return -1;
    if (!strip) {
        *buffer = saved;
        *length = saved_length;
        return 0;
    }
    // libvips 8.14's webpsave writes EXIF (GPS position included), XMP and the ICC profile
    // whatever `strip` says (libvips/libvips#3340), so take them out of the file it wrote.
    WebPData data = { saved, saved_length };
    int status = bake_webp_strip(&data, buffer, length);
    g_free(saved);
    return status;
}

int bake_vips_jpegsave(VipsImage *image, int quality, int strip, void **buffer, size_t *length) {
    return vips_jpegsave_buffer(image, buffer, length, "Q", quality, "strip", strip,
        "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

int bake_vips_pngsave(VipsImage *image, int strip, void **buffer, size_t *length) {
    return vips_pngsave_buffer(image, buffer, length, "strip", strip,
        "filter", VIPS_FOREIGN_PNG_FILTER_ALL, NULL);
}
