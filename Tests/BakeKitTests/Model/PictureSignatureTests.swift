import BakeKit
import Testing

@Suite struct PictureSignatureTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    static let pictures: [([UInt8], PictureSignature)] = [
        (png, .png),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], .jpeg),
        (Array("GIF89a".utf8) + [1, 0], .gif),
        (Array("GIF87a".utf8), .gif),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), .avif),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .heic),
        ([0, 0, 0, 0x18] + Array("ftypmif1".utf8), .heic),
    ]

    static let others: [[UInt8]] = [
        [], Array(png.prefix(7)), Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8), [0, 0, 0, 0x18] + Array("ftypisom".utf8),
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), Array("These are notes.".utf8), [0xFF, 0xD8],
    ]

    @Test(arguments: pictures)
    func readsTheFormatFromTheFirstBytes(bytes: [UInt8], format: PictureSignature) {
        #expect(PictureSignature(bytes: bytes) == format)
    }

    @Test(arguments: others)
    func anythingElseIsNoPicture(bytes: [UInt8]) {
        #expect(PictureSignature(bytes: bytes) == nil)
    }

    @Test func namesTheExtensionItIsStoredWithAndTheOnesThatNameIt() {
        #expect(PictureSignature.jpeg.fileExtension == "jpg")
        #expect(PictureSignature.png.fileExtension == "png")
        #expect(PictureSignature.jpeg.matches(extension: "JPEG") && PictureSignature.jpeg.matches(extension: "jpg"))
        #expect(PictureSignature.heic.matches(extension: "heif"))
        #expect(!PictureSignature.png.matches(extension: "jpg"))
        #expect(PictureSignature.format(ofExtension: "txt") == nil && PictureSignature.format(ofExtension: "svg") == nil)
        #expect(PictureSignature.webp.name == "WebP")
    }

    @Test func aContentTypeNamesItsUsualExtension() {
        #expect(MediaKind.fileExtension(ofContentType: "image/png") == "png")
        #expect(MediaKind.fileExtension(ofContentType: "IMAGE/JPEG; charset=binary") == "jpg")
        #expect(MediaKind.fileExtension(ofContentType: "audio/mpeg") == "mp3")
        #expect(MediaKind.fileExtension(ofContentType: "video/mp4") == "mp4")
        #expect(MediaKind.fileExtension(ofContentType: "text/plain; charset=utf-8") == "txt")
        #expect(MediaKind.fileExtension(ofContentType: "application/octet-stream") == nil)
        #expect(MediaKind.fileExtension(ofContentType: "") == nil)
    }
}
