# Reads baked pages with mf2py, the microformats2 parser IndieWeb readers use, as an
# independent check of the default theme's h-entry, h-feed and h-card.
# Usage: microformats.py SITE_FOLDER SITE_URL PATH... Prints {PATH: parsed} as JSON, each
# parsed page as mf2py gives it ({"items": [...], "rels": {...}, ...}), with relative URLs
# resolved against the page's URL, SITE_URL + "/" + PATH.
import json, os, sys
import mf2py

site, site_url, paths = sys.argv[1], sys.argv[2].rstrip("/"), sys.argv[3:]
out = {}
for path in paths:
    with open(os.path.join(site, path), encoding="utf-8") as page:
        url = site_url + "/" + (path[: -len("index.html")] if path.endswith("index.html") else path)
        out[path] = mf2py.parse(doc=page.read(), url=url)
print(json.dumps(out))
