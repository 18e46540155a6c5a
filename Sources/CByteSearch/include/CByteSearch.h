// glibc's memmem (a GNU extension Swift's Glibc module does not export): a byte search in
// time linear in the haystack (the two-way algorithm), for bake's one byte search.
#ifndef BAKE_BYTE_SEARCH_H
#define BAKE_BYTE_SEARCH_H

#include <stddef.h>

/// The first occurrence of `needle` in `haystack`, or NULL.
const void *bake_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
