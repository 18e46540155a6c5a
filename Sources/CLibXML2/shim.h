// libxml2 is built with ICU on Debian, and its encoding.h then includes the system's ICU
// headers, which clash with the copy of ICU that Foundation carries. bake never touches the
// ICU members of libxml2's encoding handlers, so hide them from Swift.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlsave.h>
