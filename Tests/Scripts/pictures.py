# Makes the pictures the image tests resize, and reads what bake made of them, with Pillow:
# an independent reader of JPEG, PNG, WebP and GIF, and of their EXIF, XMP and ICC profiles
# (IPTC, which Pillow does not write, is added by hand).
# Usage:
#   pictures.py make FOLDER [NAME...]   writes the test pictures (or those named) into FOLDER
#   pictures.py read FILE...    prints {FILE: what Pillow reads} as JSON
#   pictures.py srgb FILE       prints the centre pixel of FILE converted from its ICC profile
#                               to sRGB by LittleCMS, as JSON [r, g, b]
import hashlib, io, json, struct, sys
from PIL import Image, ImageCms, ImageDraw, PngImagePlugin

# Marks that are in the originals' metadata and must be in no stripped variant.
CAMERA = "BakeTestCamera"
XMP = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="bake-test-xmp"/>'
       '</rdf:RDF></x:xmpmeta>')


def with_iptc(jpeg):
    """The JPEG with an IPTC By-line "bake-test-iptc" in a Photoshop APP13 segment after SOI."""
    byline = b"bake-test-iptc"
    iptc = b"\x1c\x02\x50" + struct.pack(">H", len(byline)) + byline
    if len(iptc) % 2:
        iptc += b"\x00"
    resource = b"8BIM" + struct.pack(">H", 0x0404) + b"\x00\x00" + struct.pack(">I", len(iptc)) + iptc
    body = b"Photoshop 3.0\x00" + resource
    return jpeg[:2] + b"\xff\xed" + struct.pack(">H", len(body) + 2) + body + jpeg[2:]


def wide_gamut_profile():
    """An ICC v2 display profile with Adobe RGB (1998)'s primaries and a 2.2 gamma, made by
    hand since LittleCMS, through Pillow, only makes sRGB: what a camera set to Adobe RGB tags
    its photos with. Its pixels mean other colours than the same numbers in sRGB."""
    def s15(value):
        return struct.pack(">i", round(value * 65536))
    def xyz(x, y, z):
        return b"XYZ " + bytes(4) + s15(x) + s15(y) + s15(z)
    name = b"bake test wide gamut\x00"
    tags = [
        (b"desc", b"desc" + bytes(4) + struct.pack(">I", len(name)) + name + bytes(4 + 4 + 2 + 1 + 67)),
        (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", xyz(0.6097, 0.3111, 0.0195)),
        (b"gXYZ", xyz(0.2053, 0.6257, 0.0609)),
        (b"bXYZ", xyz(0.1492, 0.0632, 0.7446)),
        (b"rTRC", b"curv" + bytes(4) + struct.pack(">IH", 1, 0x0233) + bytes(2)),
        (b"cprt", b"text" + bytes(4) + b"none\x00" + bytes(3)),
    ]
    tags += [(b"gTRC", tags[5][1]), (b"bTRC", tags[5][1])]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body + bytes(-len(body) % 4)
    size = offset + len(data)
    header = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02100000) + b"mntrRGB XYZ "
              + bytes(12) + b"acsp" + bytes(4 + 4 + 4 + 4 + 8) + struct.pack(">I", 0)
              + s15(0.9642) + s15(1.0) + s15(0.8249) + bytes(4 + 16 + 28))
    return header + struct.pack(">I", len(tags)) + table + data


def scene(width, height, mode="RGB"):
    """A picture with gradients, shapes and some grain, so that encoders work as on a photo."""
    red = Image.linear_gradient("L").resize((width, height))
    green = Image.radial_gradient("L").resize((width, height))
    blue = Image.effect_noise((width, height), 40).point(lambda v: v // 2 + 64)
    picture = Image.merge("RGB", (red, green, blue))
    draw = ImageDraw.Draw(picture)
    for i in range(12):
        x, y = width * i // 12, height * ((i * 7) % 12) // 12
        draw.ellipse((x, y, x + width // 8, y + height // 8), fill=(255 - 20 * i, 20 * i, 128))
    # A bar along the top edge as stored: after a turn it is on the left or right.
    draw.rectangle((0, 0, width, height // 20), fill=(0, 0, 0))
    if mode == "RGBA":
        alpha = Image.linear_gradient("L").rotate(90).resize((width, height))
        picture.putalpha(alpha)
    return picture


def exif(orientation=None):
    data = Image.Exif()
    data[0x010F] = CAMERA  # Make
    data[0x0110] = "Model 1"  # Model
    data[0x0132] = "2024:05:01 12:00:00"  # DateTime
    if orientation:
        data[0x0112] = orientation
    gps = data.get_ifd(0x8825)
    gps[1] = "N"
    gps[2] = (48.0, 51.0, 29.0)
    gps[3] = "E"
    gps[4] = (2.0, 17.0, 40.0)
    return data


def make(folder, names):
    wanted = lambda name: not names or name in names
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    # A phone photo held upright: stored 4032 x 3024 with orientation 6 (turn 90 degrees
    # clockwise to show), a GPS position, a camera, XMP, IPTC and an ICC profile.
    if wanted("phone.jpg") or wanted("cut.jpg"):
        photo = io.BytesIO()
        scene(4032, 3024).save(photo, "JPEG", quality=90, exif=exif(orientation=6), xmp=XMP.encode(), icc_profile=srgb)
        with open(f"{folder}/phone.jpg", "wb") as f:
            f.write(with_iptc(photo.getvalue()))
    # A large screenshot-like PNG with transparency, EXIF and a text chunk.
    if wanted("large.png") or wanted("cut.png"):
        info = PngImagePlugin.PngInfo()
        info.add_text("Comment", CAMERA)
        scene(2600, 1700, "RGBA").save(f"{folder}/large.png", exif=exif(), pnginfo=info)
    # Smaller than every variant width.
    if wanted("small.jpg"):
        scene(320, 240).save(f"{folder}/small.jpg", quality=90, exif=exif())
    # An animated GIF, left as it is.
    # A flat colour in a wide-gamut space: shown right only when converted to sRGB.
    if wanted("wide.jpg"):
        Image.new("RGB", (1200, 800), (60, 180, 90)).save(f"{folder}/wide.jpg", quality=95, icc_profile=wide_gamut_profile())
    if wanted("animated.gif"):
        frames = [scene(600, 400).convert("P"), scene(600, 400).rotate(180).convert("P")]
        frames[0].save(f"{folder}/animated.gif", save_all=True, append_images=frames[1:], duration=200, loop=0)
    if wanted("drawing.svg"):
        with open(f"{folder}/drawing.svg", "w") as svg:
            svg.write('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">'
                      '<rect width="300" height="200" fill="teal"/></svg>\n')
    # Not a picture at all, named as one.
    if wanted("notes.jpg"):
        with open(f"{folder}/notes.jpg", "w") as text:
            text.write("These are notes, not a photo.\n")
    # A JPEG cut off a third of the way through, as an interrupted upload leaves it.
    if wanted("cut.jpg"):
        with open(f"{folder}/phone.jpg", "rb") as whole:
            data = whole.read()
        with open(f"{folder}/cut.jpg", "wb") as cut:
            cut.write(data[: len(data) // 3])
    # A PNG cut off a third of the way through, as a flaky phone connection leaves it.
    if wanted("cut.png"):
        with open(f"{folder}/large.png", "rb") as whole:
            data = whole.read()
        with open(f"{folder}/cut.png", "wb") as cut:
            cut.write(data[: len(data) // 3])


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    picture = Image.open(io.BytesIO(data))
    found = {
        "format": picture.format.lower(),
        "width": picture.width,
        "height": picture.height,
        "mode": picture.mode,
        "exifTags": sorted(picture.getexif().keys()),
        "gps": len(picture.getexif().get_ifd(0x8825)) > 0,
        "orientation": picture.getexif().get(0x0112),
        "icc": "icc_profile" in picture.info and bool(picture.info["icc_profile"]),
        "xmp": bool(picture.info.get("xmp")) or b"bake-test-xmp" in data,
        "camera": CAMERA.encode() in data,
        "iptc": b"bake-test-iptc" in data,
        "text": sorted(getattr(picture, "text", {}) or {}),
    }
    picture.load()  # decodes every pixel: a damaged file raises here
    found["decoded"] = True
    found["pixels"] = hashlib.sha256(picture.mode.encode() + picture.tobytes()).hexdigest()
    # The top-left and top-right corners: which side the original's top bar ended on.
    rgb = picture.convert("RGB")
    found["leftEdge"] = list(rgb.getpixel((2, rgb.height // 2)))
    found["rightEdge"] = list(rgb.getpixel((rgb.width - 3, rgb.height // 2)))
    found["centre"] = list(rgb.getpixel((rgb.width // 2, rgb.height // 2)))
    return found


def srgb(path):
    picture = Image.open(path)
    profile = ImageCms.ImageCmsProfile(io.BytesIO(picture.info["icc_profile"]))
    converted = ImageCms.profileToProfile(picture, profile, ImageCms.createProfile("sRGB"))
    return list(converted.convert("RGB").getpixel((picture.width // 2, picture.height // 2)))


if sys.argv[1] == "make":
    make(sys.argv[2], sys.argv[3:])
elif sys.argv[1] == "read":
    print(json.dumps({path: read(path) for path in sys.argv[2:]}))
elif sys.argv[1] == "srgb":
    print(json.dumps(srgb(sys.argv[2])))
