// Non-variadic wrappers for the libvips calls bake makes, which take their options as
// NULL-terminated name/value lists that Swift cannot call.
#ifndef BAKE_VIPS_SHIM_H
#define BAKE_VIPS_SHIM_H

#include <vips/vips.h>

/// Starts libvips (VIPS_INIT) and silences its warnings on stderr; 0 on success. Call once.
int bake_vips_start(void);

/// The header of the image in `buffer`, read without decoding its pixels; NULL when libvips
/// cannot read it. The buffer must outlive the image.
VipsImage *bake_vips_header(const void *buffer, size_t length);

/// The image in `buffer` made `width` pixels wide (never wider than it is), turned as its EXIF
/// orientation says, and converted to sRGB when `to_srgb` and it carries a colour profile.
/// The result reads `buffer` lazily: the buffer must outlive it. 0 on success.
int bake_vips_thumbnail(const void *buffer, size_t length, int width, int to_srgb, VipsImage **out);

/// Encodes `image` as lossy WebP at `quality` (1–100), without metadata when `strip` (EXIF,
/// XMP and ICC chunks are removed with libwebpmux, which libvips 8.14 leaves in).
int bake_vips_webpsave(VipsImage *image, int quality, int strip, void **buffer, size_t *length);

/// Encodes `image` as a progressive, Huffman-optimised JPEG at `quality`, without metadata
/// when `strip`.
int bake_vips_jpegsave(VipsImage *image, int quality, int strip, void **buffer, size_t *length);

/// Encodes `image` as PNG with adaptive filtering, without metadata when `strip`.
int bake_vips_pngsave(VipsImage *image, int strip, void **buffer, size_t *length);

#endif
