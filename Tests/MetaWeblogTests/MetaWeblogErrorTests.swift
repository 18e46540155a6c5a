import BakeIO
@testable import MetaWeblog
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The faults and Micropub errors an editor or app gets name no path of the machine; the
/// messages for the log keep them.
@Suite struct MetaWeblogErrorTests {
    static let root = "/home/me/Sites/blog"

    @Test func faultsNameNoPathOfTheMachine() throws {
        let target = try DeployTarget("/srv/www", relativeTo: Self.root)
        let saved = "posts/2014/03/31/hello.markdown"
        let errors = [
            MetaWeblogError(.fileFailed(FileSystemError(path: Self.root, operation: .list, errno: EACCES), blogRoot: Self.root)),
            MetaWeblogError(.notPublished(saved: saved, error: DeployError(.noManifest(output: Self.root + "/site")))),
            MetaWeblogError(.notPublished(saved: saved, error: DeployError(.rsyncFailed(
                target: target, status: 23, said: "rsync: [sender] change_dir \"\(Self.root)/site\" failed: No such file or directory (2)", changed: 0
            )))),
            MetaWeblogError(.notPublished(saved: saved, error: DeployError(.record(
                FileSystemError(path: Self.root + "/site/.bake-published", operation: .read, errno: EACCES), published: false
            )))),
        ]
        for error in errors {
            #expect(error.message.contains(Self.root), "\(error.message)")
            #expect(!error.fault.message.contains("/home/"), "\(error.fault.message)")
            let body = MicropubError(.blog(error)).body.text
            #expect(!body.contains("/home/"), "\(body)")
        }
    }

    @Test func faultNamesAFileOfTheBlogByItsPathInTheBlog() {
        let error = MetaWeblogError(.fileFailed(FileSystemError(path: Self.root + "/posts/2014/03/31", operation: .createFolder, errno: ENOTDIR), blogRoot: Self.root))
        #expect(error.fault.message == "Write failed: cannot create folder posts/2014/03/31 (Not a directory); nothing was changed.")
    }

    @Test func tokenErrorsNameTheTokenFileOnly() {
        for error in [
            TokenStoreError(.file(FileSystemError(path: Self.root + "/.micropub-tokens", operation: .read, errno: EACCES))),
            TokenStoreError(.unreadable(path: Self.root + "/.micropub-tokens")),
        ] {
            let body = MicropubError(.tokens(error)).body.text
            #expect(!body.contains("/home/"), "\(body)")
            #expect(body.contains(".micropub-tokens"), "\(body)")
        }
    }
}
