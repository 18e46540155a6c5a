"""A whole editing session through python-wordpress-xmlrpc, the WordPress client library
that b.py and other tools post with, against bake-metaweblog's wp.* methods.

Usage: wordpress_session.py ENDPOINT USER PASSWORD JPEG_HEX
       wordpress_session.py --damaged-upload ENDPOINT USER PASSWORD CUT_PNG GOOD_PNG
Prints one JSON object of what the client saw, or {"problem": "..."} when the library is
missing."""
import collections
import collections.abc
import json
import sys

# python-wordpress-xmlrpc 2.3 predates Python 3.10 and reads collections.Iterable, which
# moved to collections.abc; without this, every call answering a list fails in the client.
if not hasattr(collections, "Iterable"):
    collections.Iterable = collections.abc.Iterable

try:
    from wordpress_xmlrpc import Client, WordPressPost
    from wordpress_xmlrpc.compat import xmlrpc_client
    from wordpress_xmlrpc.methods import media, posts, taxonomies, users
except ImportError:
    print(json.dumps({"problem": "python-wordpress-xmlrpc is missing: pip install python-wordpress-xmlrpc (script/setup installs it)"}))
    sys.exit(0)


def damaged_upload(endpoint, user, password, cut_path, good_path):
    """An upload cut off on the way, then a post and a picture sent as a browser's Blob."""
    seen = {}
    client = Client(endpoint, user, password, blog_id=1)
    with open(cut_path, "rb") as f:
        cut = f.read()
    try:
        client.call(media.UploadFile({"name": "harbour.png", "type": "image/png", "bits": xmlrpc_client.Binary(cut)}))
        seen["cut"] = {"stored": True}
    except xmlrpc_client.Fault as fault:
        seen["cut"] = {"fault": fault.faultCode, "message": fault.faultString}
    post = WordPressPost()
    post.title = "Sent right after"
    post.content = "Still *published*."
    post.post_status = "publish"
    post_id = client.call(posts.NewPost(post))
    seen["post"] = describe(client.call(posts.GetPost(post_id)))
    with open(good_path, "rb") as f:
        good = f.read()
    blob = client.call(media.UploadFile({"name": "blob", "type": "image/png", "bits": xmlrpc_client.Binary(good)}))
    seen["blob"] = {key: str(value) for key, value in blob.items()}
    print(json.dumps(seen))




def describe(post):
    return {
        "id": post.id,
        "title": post.title,
        "content": post.content,
        "status": post.post_status,
        "date": post.date.isoformat(),
        "link": post.link,
        "slug": post.slug,
        "terms": [{"taxonomy": term.taxonomy, "name": term.name, "id": term.id} for term in post.terms],
    }


def describe_term(term):
    return {"id": term.id, "name": term.name, "slug": term.slug, "taxonomy": term.taxonomy, "count": term.count}


if sys.argv[1] == "--damaged-upload":
    damaged_upload(*sys.argv[2:7])
    sys.exit(0)

endpoint, user, password, jpeg_hex = sys.argv[1:5]


seen = {}
client = Client(endpoint, user, password, blog_id=1)
seen["blogs"] = [
    {"id": blog.id, "name": blog.name, "url": blog.url, "xmlrpc": blog.xmlrpc, "is_admin": blog.is_admin}
    for blog in client.call(users.GetUsersBlogs())
]

post = WordPressPost()
post.title = "Hello from WordPress"
post.content = "First *words*, & <more>."
post.terms_names = {"category": ["Swift", "Writing"], "post_tag": ["xmlrpc", "wordpress"]}
post.post_status = "publish"
post_id = client.call(posts.NewPost(post))
seen["post_id"] = post_id

fetched = client.call(posts.GetPost(post_id))
seen["fetched"] = describe(fetched)

# As the library's documentation edits a post: change the fetched one and send it back whole.
fetched.title = "Hello again"
fetched.content = "Changed *words*."
seen["edited"] = client.call(posts.EditPost(post_id, fetched))
seen["after_edit"] = describe(client.call(posts.GetPost(post_id)))

seen["listed"] = [describe(item) for item in client.call(posts.GetPosts({"number": 5, "post_status": "publish"}))]
seen["categories"] = [describe_term(term) for term in client.call(taxonomies.GetTerms("category"))]
seen["tags"] = [describe_term(term) for term in client.call(taxonomies.GetTerms("post_tag"))]

upload = client.call(media.UploadFile({
    "name": "photo.jpg",
    "type": "image/jpeg",
    "bits": xmlrpc_client.Binary(bytes.fromhex(jpeg_hex)),
}))
seen["upload"] = {key: str(value) for key, value in upload.items()}

seen["deleted"] = client.call(posts.DeletePost(post_id))
print(json.dumps(seen))
