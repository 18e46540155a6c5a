@testable import MetaWeblog
import Testing

@Suite struct MediaNameTests {
    @Test(arguments: [
        ("photo.jpg", "photo.jpg"),
        ("IMG_1234.JPG", "IMG_1234.JPG"),
        ("Café Menu.png", "Cafe-Menu.png"),
        ("../../etc/passwd", "passwd"),
        ("..\\..\\boot.ini", "boot.ini"),
        ("/absolute/path.gif", "path.gif"),
        ("folder/", "folder"),
        ("..", "media"),
        (".", "media"),
        ("", "media"),
        (".htaccess", "htaccess"),
        ("...hidden..twice...png", "hidden.twice.png"),
        ("nul\u{0}byte.txt", "nul-byte.txt"),
        ("tab\tand\nnewline.txt", "tab-and-newline.txt"),
        ("a -- b.txt", "a-b.txt"),
        ("😀.png", "png"),
        ("name.", "name"),
    ])
    func makesNamesSafe(requested: String, safe: String) {
        #expect(MediaName(requested).text == safe)
    }

    @Test func shortensLongNamesKeepingTheExtension() {
        let name = MediaName(String(repeating: "long", count: 50) + ".jpeg").text
        #expect(name.count == MediaName.maxLength)
        #expect(name.hasSuffix("long.jpeg") || name.hasSuffix(".jpeg"))
        // 95 characters of the stem, cut mid-word, then the extension.
        #expect(name == String(repeating: "long", count: 23) + "lon.jpeg")
    }

    @Test func neverMakesAPathOrAHiddenName() {
        for requested in ["../x", "x/../../y", "..", "./.", ".x", "-x", "\u{0}", "a/b/c/..", "…/…"] {
            let name = MediaName(requested).text
            #expect(!name.contains("/") && !name.contains("\\") && !name.contains("\u{0}"))
            #expect(!name.hasPrefix("."))
            #expect(!name.contains(".."))
            #expect(!name.isEmpty)
        }
    }
}
