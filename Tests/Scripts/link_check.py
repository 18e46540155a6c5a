# Follows every link to a page or feed of a baked site, as a reader (or a feed reader) would:
# root-relative links and absolute links under the site's URL, in every page (lxml.html), every
# RSS feed (channel and item links, atom:link, and the links inside content:encoded) and every
# JSON Feed (home_page_url, feed_url, item urls and the links inside content_html).
# Usage: link_check.py SITE_FOLDER SITE_URL. Prints {"missing": [...], "checked": N,
# "links": [...]} as JSON: each missing entry is "file: link".
import json, os, sys
from urllib.parse import urlsplit, unquote
from lxml import etree, html

site, site_url = sys.argv[1], sys.argv[2].rstrip("/")
origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
PAGE_EXTENSIONS = {"", ".html", ".htm", ".xml", ".json"}
out = {"missing": [], "checked": 0, "links": []}

def target(link):
    """The file a link leads to, or None for links elsewhere or to media."""
    if link.startswith(origin + "/"):
        link = link[len(origin):]
    if not link.startswith("/") or link.startswith("//"):
        return None
    path = unquote(urlsplit(link).path)
    if os.path.splitext(path)[1].lower() not in PAGE_EXTENSIONS:
        return None
    if path.endswith("/"):
        path += "index.html"
    return os.path.join(site, path.lstrip("/"))

def check(page, link):
    file = target(link.strip())
    if file is None:
        return
    out["checked"] += 1
    out["links"].append(link.strip())
    if not os.path.isfile(file):
        out["missing"].append("%s: %s" % (page, link))

def check_html_fragment(page, text):
    if not text or not text.strip():
        return
    for element in html.fragment_fromstring(text, create_parent="div").iter():
        for attribute in ("href", "src"):
            if element.get(attribute):
                check(page, element.get(attribute))

for folder, _, files in os.walk(site):
    for name in files:
        path = os.path.join(folder, name)
        page = os.path.relpath(path, site)
        if name.startswith("."):
            continue
        data = open(path, "rb").read()
        if name.endswith((".html", ".htm")):
            document = html.fromstring(data)
            for element in document.iter():
                for attribute in ("href", "src"):
                    if isinstance(element.tag, str) and element.get(attribute):
                        check(page, element.get(attribute))
        elif name.endswith(".xml") and b"<rss" in data[:400]:
            root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
            ns = {"atom": "http://www.w3.org/2005/Atom", "content": "http://purl.org/rss/1.0/modules/content/"}
            for link in root.xpath("//channel/link | //item/link | //item/guid"):
                check(page, link.text or "")
            for link in root.xpath("//atom:link", namespaces=ns):
                check(page, link.get("href", ""))
            for content in root.xpath("//content:encoded", namespaces=ns):
                check_html_fragment(page, content.text)
        elif name.endswith(".json"):
            feed = json.loads(data)
            for key in ("home_page_url", "feed_url"):
                if feed.get(key):
                    check(page, feed[key])
            for item in feed.get("items", []):
                check(page, item.get("url", ""))
                check_html_fragment(page, item.get("content_html"))

print(json.dumps(out))
