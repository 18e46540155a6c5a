# Checks a podcast RSS feed (standard input) with feedparser and lxml against the rules the
# W3C feed validator applies to enclosures and the itunes: and media: namespaces, and against
# what Apple Podcasts requires of a show. Prints {"errors": [...], "entries": [...]} as JSON.
import json, re, sys
import feedparser
from lxml import etree

data = sys.stdin.buffer.read()
out = {"errors": []}
def error(text): out["errors"].append(text)

parsed = feedparser.parse(data)
if parsed.bozo: error("feedparser: %s" % parsed.get("bozo_exception"))
out["entries"] = [{
    "title": e.get("title"),
    "enclosures": [{"href": x.get("href"), "length": x.get("length"), "type": x.get("type")} for x in e.get("enclosures", [])],
    "duration": e.get("itunes_duration"),
    "thumbnail": (e.get("media_thumbnail") or [{}])[0].get("url"),
} for e in parsed.entries]

root = etree.fromstring(data, etree.XMLParser(recover=False, resolve_entities=False, no_network=True))
IT = "http://www.itunes.com/dtds/podcast-1.0.dtd"
MEDIA = "http://search.yahoo.com/mrss/"
ns = {"itunes": IT, "media": MEDIA}
for prefix, uri in root.nsmap.items():
    if prefix == "itunes" and uri != IT: error("itunes namespace is %s" % uri)
    if prefix == "media" and uri != MEDIA: error("media namespace is %s" % uri)
absolute = re.compile(r"^https?://[^/\s]+\S*$")
mime = re.compile(r"^[a-z]+/[A-Za-z0-9.+-]+$")
duration = re.compile(r"^(\d+|\d{1,2}:[0-5]\d|\d{1,2}:[0-5]\d:[0-5]\d)$")
flags = {"true", "false", "yes", "no", "clean"}
categories = {"Arts", "Business", "Comedy", "Education", "Fiction", "Government", "History", "Health & Fitness",
              "Kids & Family", "Leisure", "Music", "News", "Religion & Spirituality", "Science", "Society & Culture",
              "Sports", "Technology", "True Crime", "TV & Film"}
def image(node, where):
    href = node.get("href")
    if not href or not absolute.match(href): error("%s itunes:image href %r is not an absolute URL" % (where, href))
    elif not re.search(r"\.(jpe?g|png)$", href, re.I): error("%s itunes:image %s must end in .jpg or .png" % (where, href))

channel = root.find("channel")
for tag in ("title", "link", "description", "language"):
    if not (channel.findtext(tag) or "").strip(): error("channel lacks <%s>" % tag)
# What Apple Podcasts requires of a show.
if channel.find("itunes:image", ns) is None: error("channel lacks itunes:image")
for node in channel.findall("itunes:image", ns): image(node, "channel")
cats = channel.findall("itunes:category", ns)
if not cats: error("channel lacks itunes:category")
for cat in cats:
    if cat.get("text") not in categories: error("itunes:category %r is not one of Apple's" % cat.get("text"))
explicit = channel.findtext("itunes:explicit", namespaces=ns)
if explicit not in flags: error("channel itunes:explicit %r" % explicit)
owner = channel.find("itunes:owner", ns)
# Optional, but the W3C feed validator rejects an owner without an email (MissingElement).
if owner is not None and not owner.findtext("itunes:email", namespaces=ns): error("itunes:owner lacks itunes:email")
if not channel.findtext("itunes:author", namespaces=ns): error("channel lacks itunes:author")

for item in channel.findall("item"):
    where = item.findtext("guid")
    enclosures = item.findall("enclosure")
    if len(enclosures) > 1: error("%s has more than one enclosure" % where)
    for enclosure in enclosures:
        if not absolute.match(enclosure.get("url") or ""): error("%s enclosure url %r" % (where, enclosure.get("url")))
        if not re.match(r"^\d+$", enclosure.get("length") or ""): error("%s enclosure length %r" % (where, enclosure.get("length")))
        if not mime.match(enclosure.get("type") or ""): error("%s enclosure type %r" % (where, enclosure.get("type")))
        if not item.findtext("title"): error("%s: an episode needs a title" % where)
    for node in item.findall("itunes:duration", ns):
        if not duration.match(node.text or ""): error("%s itunes:duration %r" % (where, node.text))
    for node in item.findall("itunes:explicit", ns):
        if node.text not in flags: error("%s itunes:explicit %r" % (where, node.text))
    for node in item.findall("itunes:subtitle", ns):
        if len(node.text or "") > 255: error("%s itunes:subtitle longer than 255" % where)
    for node in item.findall("itunes:summary", ns):
        if len(node.text or "") > 4000: error("%s itunes:summary longer than 4000" % where)
    for node in item.findall("itunes:image", ns): image(node, where)
    for node in item.findall("media:thumbnail", ns):
        if not absolute.match(node.get("url") or ""): error("%s media:thumbnail url %r" % (where, node.get("url")))
print(json.dumps(out))
