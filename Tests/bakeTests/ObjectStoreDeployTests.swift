import BakeIO
import BakeKit
import BakeTestSupport
import Crypto
import Foundation
import Testing

/// `bake deploy --to s3://…?endpoint=…` against an S3 server on loopback (`rclone serve s3`),
/// read back with boto3.
@Suite(.timeLimit(.minutes(10)))
struct ObjectStoreDeployTests {
    struct Fixture {
        let root: String
        let server: S3Server
        var to: String { "s3://blog/www?endpoint=\(server.endpoint)&region=us-east-1" }

        static func with(_ body: (Fixture) async throws -> Void) async throws {
            try await withTemporaryFolder(prefix: "bake-s3-deploy-test-") { root in
                try copySample(to: root + "/blog")
                let settings = root + "/blog/site.settings"
                try (try String(contentsOfFile: settings, encoding: .utf8) + "@webmentions false\n").write(toFile: settings, atomically: false, encoding: .utf8)
                let server = try await S3Server.start(serving: root + "/store", buckets: ["blog"])
                defer { server.stop() }
                try await body(Fixture(root: root, server: server))
            }
        }

        func deploy(_ extra: [String] = []) async throws -> CommandResult {
            try await runBake(["deploy", "blog", "--future", "--to", to] + extra, in: root, environment: S3Server.credentials)
        }

        /// The site's objects, by path in the site.
        func objects() async throws -> [String: S3Server.Object] {
            var found: [String: S3Server.Object] = [:]
            for (key, object) in try await server.objects(in: "blog") where key.hasPrefix("www/") { found[String(key.dropFirst(4))] = object }
            return found
        }

        func site() -> [String] {
            allFiles(in: root + "/blog/site").filter { $0 != ".bake-manifest" }
        }

        func md5(_ path: String) throws -> String {
            Insecure.MD5.hash(data: try Data(contentsOf: URL(fileURLWithPath: root + "/blog/site/" + path))).map { String(format: "%02x", $0) }.joined()
        }
    }

    @Test func everyFileIsAnObjectWithItsBytesTypeAndCacheRuleAndOthersObjectsStay() async throws {
        try await Fixture.with { fixture in
            try await fixture.server.put("not bake's\n", at: "www/.well-known/security.txt", in: "blog")
            try await fixture.server.put("another site\n", at: "other/index.html", in: "blog")
            let result = try await fixture.deploy()
            #expect(result.status == 0, "\(result.stderr)")
            let match = try #require(result.stdout.split(separator: "\n").last?.wholeMatch(of: publishedLine), "\(result.stdout)")
            let site = fixture.site()
            #expect(match.output.1 == Substring(String(site.count)))
            let objects = try await fixture.objects()
            #expect(Set(objects.keys) == Set(site + [".well-known/security.txt"]))
            for path in site {
                let object = try #require(objects[path])
                #expect(object.md5 == (try fixture.md5(path)), "\(path)")
                #expect(object.contentType == ContentType.of(path), "\(path)")
                #expect(object.cacheControl == ContentType.cacheControl(of: path), "\(path)")
            }
            #expect(objects["index.html"]?.contentType == "text/html; charset=utf-8")
            #expect(objects["feed.json"]?.contentType == "application/feed+json; charset=utf-8")
            #expect(objects["index.html"]?.cacheControl == "public, max-age=300")
            #expect(try await fixture.server.objects(in: "blog")["other/index.html"] != nil)
        }
    }

    @Test func nothingChangedWritesNothingAndOneEditWritesOnlyItsObjects() async throws {
        try await Fixture.with { fixture in
            #expect(try await fixture.deploy().status == 0)
            let before = try await fixture.objects()
            let same = try await fixture.deploy(["--verbose"])
            #expect(same.status == 0, "\(same.stderr)")
            #expect(same.stdout.contains("Published 0 files and deleted 0"), "\(same.stdout)")
            #expect(try await fixture.objects() == before)

            try DeployFixture(root: fixture.root, target: "", to: "", daemon: nil).edit(DeployFixture.anotherPost)
            let edited = try await fixture.deploy(["--verbose"])
            #expect(edited.status == 0, "\(edited.stderr)")
            let sent = Set(listed("sent", in: edited.stdout))
            #expect(sent == Set(listed("wrote", in: edited.stdout)))
            #expect(sent.contains(DeployFixture.anotherPage) && sent.contains("index.html"))
            let after = try await fixture.objects()
            for (path, object) in before where !sent.contains(path) {
                #expect(after[path] == object, "\(path) was rewritten")
            }
            for path in sent { #expect(after[path]?.md5 == (try fixture.md5(path))) }

            try FileManager.default.removeItem(atPath: fixture.root + "/blog/" + DeployFixture.somePost)
            let removed = try await fixture.deploy(["--verbose"])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(listed("deleted", in: removed.stdout) == [DeployFixture.somePage])
            #expect(try await fixture.objects()[DeployFixture.somePage] == nil)
        }
    }

    @Test func aDryRunAndABrokenPostChangeNothingInTheBucket() async throws {
        try await Fixture.with { fixture in
            let dry = try await fixture.deploy(["--dry-run"])
            #expect(dry.status == 0, "\(dry.stderr)")
            #expect(listed("send", in: dry.stdout).contains("index.html"), "\(dry.stdout)")
            #expect(try await fixture.objects().isEmpty)

            #expect(try await fixture.deploy().status == 0)
            let before = try await fixture.objects()
            try write("@title Bad\n@pubDate someday\n\nBody.\n", to: "blog/posts/2014/04/01/bad.markdown", in: fixture.root)
            let broken = try await fixture.deploy()
            #expect(broken.status != 0)
            #expect(try await fixture.objects() == before)
        }
    }

    @Test func aStoreThatRefusesTheKeyFailsWithOneClearLine() async throws {
        try await Fixture.with { fixture in
            let result = try await runBake(["deploy", "blog", "--future", "--to", fixture.to], in: fixture.root,
                                           environment: ["AWS_ACCESS_KEY_ID": "wrong", "AWS_SECRET_ACCESS_KEY": "wrong"])
            #expect(result.status != 0)
            let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.hasPrefix("bake: cannot publish to 127.0.0.1: rclone could not read the bucket (InvalidAccessKeyId: "), "\(result.stderr)")
            #expect(last.hasSuffix("nothing in the bucket was changed"), "\(last)")
            #expect(!last.contains("wrong"), "no secret in the message")
        }
    }

    @Test func readsTheTarget() throws {
        let target = try DeployTarget("s3://my-blog/www/2024?endpoint=https://abc.r2.cloudflarestorage.com&region=auto", relativeTo: "/blog")
        #expect(target.kind == .objectStore(.init(bucket: "my-blog", prefix: "www/2024", endpoint: "https://abc.r2.cloudflarestorage.com", region: "auto")))
        #expect(target.host == "abc.r2.cloudflarestorage.com")
        #expect(try DeployTarget("s3://my-blog", relativeTo: "/").kind == .objectStore(.init(bucket: "my-blog")))
        #expect(try DeployTarget("s3://my-blog", relativeTo: "/").host == "Amazon S3")
        for text in ["s3://", "s3://a", "s3://-blog/x", "s3://blog/../x", "s3://blog//x", "s3://blog?endpoint=ftp://x", "s3://blog?key=secret", "s3://blog?region=us east"] {
            #expect(throws: DeployError.self, "\(text)") { try DeployTarget(text, relativeTo: "/blog") }
        }
    }
}
