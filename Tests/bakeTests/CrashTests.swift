import BakeTestSupport
import Foundation
import Testing

/// `bake build` killed at any moment, as a crash or a power cut would stop it: the next
/// build must succeed without anyone deleting files, and make the same site a clean build does.
@Suite struct CrashTests {
    /// A blog large enough that a build takes a while to write.
    func makeLargeBlog(in folder: String, posts: Int) throws {
        try copySample(to: folder)
        for index in 0..<posts {
            let day = 1 + index % 28, month = 1 + (index / 28) % 12
            let path = String(format: "posts/2015/%02d/%02d/crash-%04d.markdown", month, day, index)
            try write("@title Post \(index)\n@pubDate 2015-\(String(format: "%02d-%02d", month, day)) 10:00:00 -0700\n\nThe text of post \(index), with a [link](https://example.com/\(index)).\n", to: path, in: folder)
        }
    }

    @Test func aBuildKilledAtAnyMomentNeverWedgesTheSite() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog", site = root + "/site"
            try makeLargeBlog(in: blog, posts: 400)
            var random = SeededGenerator(seed: 2026)
            var killedWhileWriting = 0, kills = 0
            let rounds = 12
            for round in 0..<rounds {
                // Each round changes the blog, so the killed build has new pages to write.
                try write("@title Round \(round)\n@pubDate 2016-01-\(String(format: "%02d", round + 1)) 10:00:00 -0700\n\nRound \(round).\n",
                          to: "posts/2016/01/\(String(format: "%02d", round + 1))/round.markdown", in: blog)
                let roundPage = site + "/2016/01/\(String(format: "%02d", round + 1))/round.html"
                let build = try await BackgroundProgram.start(
                    try builtExecutable("bake").path, ["blog", "--output", site, "--future"] + (round % 3 == 0 ? ["--clean"] : []),
                    in: root, errors: .discarded
                )
                // Odd rounds: wait until the build has written this round's new page, then kill it a moment later.
                // Even rounds: kill it a random moment after it started.
                if round % 2 == 1 {
                    while !build.hasEnded, !FileManager.default.fileExists(atPath: roundPage) {
                        try await Task.sleep(for: .microseconds(200))
                    }
                    try await Task.sleep(for: .microseconds(random.next() % 5_000))
                } else {
                    try await Task.sleep(for: .microseconds(2_000 + random.next() % 150_000))
                }
                if !build.hasEnded {
                    build.signal(SIGKILL)
                    kills += 1
                    if FileManager.default.fileExists(atPath: roundPage) { killedWhileWriting += 1 }
                }
                try await build.exit()

                let again = try await runBake(["blog", "--output", site, "--future"], in: root)
                #expect(again.status == 0, "round \(round): \(again.stderr)")
                let leftovers = allFiles(in: site).filter { $0.contains(".bake-") && $0 != ".bake-manifest" }
                #expect(leftovers.isEmpty, "round \(round) left \(leftovers)")
            }
            print("CrashTests: \(rounds) rounds of bake build, \(kills) killed, \(killedWhileWriting) of them after writing a new page; every next build succeeded")
            #expect(killedWhileWriting >= rounds / 4, "too few kills landed while the build was writing (\(killedWhileWriting)); the test did not test much")

            let clean = try await runBake(["blog", "--output", root + "/clean", "--future"], in: root)
            #expect(clean.status == 0)
            let files = allFiles(in: site).filter { $0 != ".bake-manifest" }
            #expect(files == allFiles(in: root + "/clean").filter { $0 != ".bake-manifest" })
            for file in files {
                #expect(FileManager.default.contentsEqual(atPath: site + "/" + file, andPath: root + "/clean/" + file), "\(file) differs from a clean build")
            }
        }
    }
}
