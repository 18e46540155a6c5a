@testable import MetaWeblog
import Testing

@Suite struct MediaUploadTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]
    static let text = Array("These are notes, not a photo.\n".utf8)

    static let named: [(String, String, [UInt8], String)] = [
        // A browser's Blob, a phone app's "image" or nothing at all: the extension its bytes show.
        ("blob", "image/png", png, "blob.png"),
        ("image", "", jpeg, "image.jpg"),
        ("", "image/jpeg", jpeg, "media.jpg"),
        // Named as another format: stored as what it is.
        ("photo.png", "image/png", jpeg, "photo.jpg"),
        ("Harbour at dusk.JPEG", "image/jpeg", jpeg, "Harbour-at-dusk.JPEG"),
        ("photo.PNG", "image/png", png, "photo.PNG"),
        // A picture named as a kind the blog refuses is stored as the picture it is.
        ("evil.php", "image/png", png, "evil.png"),
        // Not a picture: taken by its name, as before.
        ("notes.txt", "text/plain", text, "notes.txt"),
        ("notes.txt", "image/png", text, "notes.txt"),
    ]

    @Test(arguments: named)
    func aPictureIsNamedByItsBytes(requested: String, type: String, bytes: [UInt8], stored: String) throws {
        #expect(try MediaUpload.name(for: requested, type: type, bytes: bytes, allowSVG: false).fileName == stored)
    }

    static let refused: [(String, String, [UInt8], String)] = [
        ("photo.png", "image/png", text, "\"photo.png\" is not a PNG picture: its bytes are not one"),
        ("photo.jpg", "", [UInt8](), "\"photo.jpg\" is not a JPEG picture"),
        ("blob", "image/png", text, "\"blob\" (sent as image/png) is not a PNG picture"),
        ("x.php", "image/jpeg", Array("<?php".utf8), "\"x.php\" is not a kind of file the blog takes"),
        ("blob", "", text, "\"blob\" is not a kind of file the blog takes"),
        ("x.svg", "image/svg+xml", Array("<svg/>".utf8), "\"x.svg\" is not a kind of file the blog takes"),
    ]

    @Test(arguments: refused)
    func whatIsNoPictureItsNameOrTypeSaysIsRefused(requested: String, type: String, bytes: [UInt8], message: String) {
        let refusal = #expect(throws: MediaUpload.Refusal.self) {
            try MediaUpload.name(for: requested, type: type, bytes: bytes, allowSVG: false)
        }
        #expect(refusal?.message.hasPrefix(message) == true, "\(refusal?.message ?? "")")
    }

    @Test func anSVGIsTakenOnlyWhenTheBlogSaysSo() throws {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        #expect(try MediaUpload.name(for: "drawing.svg", type: "image/svg+xml", bytes: svg, allowSVG: true).fileName == "drawing.svg")
        #expect(try MediaUpload.name(for: "drawing.svg", type: "image/svg+xml", bytes: svg, allowSVG: true).picture == nil)
    }
}
