import BakeIO
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

struct SiteFolderTests {
    @Test func findsFilesFoldersAndNothingOutside() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileIO.writeAtomically(Array("home".utf8), to: root + "/site/index.html")
        try FileIO.writeAtomically(Array("march".utf8), to: root + "/site/2014/03/index.html")
        try FileIO.writeAtomically(Array("secret".utf8), to: root + "/secret.txt")
        try FileIO.writeAtomically(Array("inside".utf8), to: root + "/site/real.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/site/out.txt", withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/site/in.txt", withDestinationPath: "real.txt")
        let folder = try #require(SiteFolder(resolving: root + "/site"))

        #expect(folder.lookup("/").file?.bytes == Array("home".utf8))
        #expect(folder.lookup("/2014/03/").file?.bytes == Array("march".utf8))
        #expect(folder.lookup("/2014/03/").file?.path == "2014/03/index.html")
        #expect(folder.lookup("/2014/03") == .redirect(location: "/2014/03/"))
        #expect(folder.lookup("/in.txt").file?.bytes == Array("inside".utf8), "links inside the site are fine")
        #expect(folder.lookup("/out.txt") == .notFound)
        #expect(folder.lookup("/2014/04/") == .notFound)
        #expect(folder.lookup("/../secret.txt") == .badRequest)
        #expect(folder.lookup("/blog/2014/03/", basePath: "/blog").file?.path == "2014/03/index.html")
        // Under a base path, as on the real server, nothing answers outside it but a way in.
        #expect(folder.lookup("/2014/03/", basePath: "/blog") == .notFound)
        #expect(folder.lookup("/", basePath: "/blog") == .redirect(location: "/blog/"))
        #expect(folder.lookup("/blog/", basePath: "/blog").file?.bytes == Array("home".utf8))
    }
}

private extension SiteFolder.Lookup {
    var file: SiteFolder.File? {
        if case .file(let file) = self { file } else { nil }
    }
}
