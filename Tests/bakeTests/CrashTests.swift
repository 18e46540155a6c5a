import BakeIO
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
                // At the lowest priority, so that on a busy machine the build, not this test's
                // look for the page, is what waits: the kill still lands while it writes.
                let build = try await BackgroundProgram.start(
                    "/usr/bin/nice", ["-n", "19", try builtExecutable("bake").path, "blog", "--output", site, "--future"] + (round % 3 == 0 ? ["--clean"] : []),
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

    /// Kills the processes of this machine whose command line mentions `text`: what a killed
    /// build started and left running.
    static func killPrograms(mentioning text: String) {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != getpid(),
                  let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")) else { continue }
            if String(decoding: line, as: UTF8.self).contains(text) { kill(pid, SIGKILL) }
        }
    }

    /// With `@search true`, killed while Pagefind works or while its bundles are copied in,
    /// as often as before: the next build succeeds, leaves nothing beside the site or in it,
    /// and makes the pages a clean build makes; every file of its index is one it recorded.
    ///
    /// The builds run a `pagefind` on their PATH that says when it starts, then runs the real
    /// one; in some rounds it holds still instead, so that those kills land while the build
    /// indexes however busy the machine is (Pagefind over one year's pages can be done before
    /// a loaded machine gets round to looking).
    @Test func aSearchBuildKilledWhileIndexingNeverWedgesTheSite() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog", site = root + "/site", tools = root + "/tools"
            try makeLargeBlog(in: blog, posts: 150)
            try write(try String(contentsOfFile: blog + "/site.settings", encoding: .utf8) + "@search true\n", to: "site.settings", in: blog)
            let real = try #require(await Pagefind.locate(), "Pagefind is installed by script/test").executable
            let started = tools + "/started", hold = tools + "/hold", never = tools + "/never"
            try write("""
                #!/bin/sh
                # Pagefind as CrashTests runs it: says it started and, while `hold` is there,
                # waits on a FIFO nobody opens until the test kills it with the build.
                : > '\(started)'
                if [ -e '\(hold)' ]; then read _ < '\(never)'; fi
                exec '\(real)' "$@"

                """, to: "pagefind", in: tools)
            #expect(chmod(tools + "/pagefind", 0o755) == 0 && mkfifo(never, 0o600) == 0)
            let environment = ["PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            let arguments = ["blog", "--output", site, "--future"]
            let first = try await runBake(arguments, in: root, environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(FileManager.default.fileExists(atPath: started), "the build did not run the pagefind on its PATH")
            var random = SeededGenerator(seed: 34)
            var killedWhileIndexing = 0, kills = 0, held = 0
            let rounds = 10
            /// The folder Pagefind works in, beside the site, while a build indexes.
            func indexing() -> Bool {
                ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).contains { $0.hasPrefix(".site.pagefind.bake-") }
            }
            for round in 0..<rounds {
                // Each round edits a post (its year goes to the bundle of recent changes), and
                // every third adds one (the lists change too).
                // As `makeLargeBlog` names post `round`.
                let post = String(format: "posts/2015/%02d/%02d/crash-%04d.markdown", 1 + (round / 28) % 12, 1 + round % 28, round)
                try write(try String(contentsOfFile: blog + "/" + post, encoding: .utf8) + "\nEdited in round \(round): zanzibar\(round).\n", to: post, in: blog)
                if round % 3 == 0 {
                    try write("@title Round \(round)\n@pubDate 2016-02-\(String(format: "%02d", round + 1)) 10:00:00 -0700\n\nRound \(round).\n",
                              to: "posts/2016/02/\(String(format: "%02d", round + 1))/round.markdown", in: blog)
                }
                try? FileManager.default.removeItem(atPath: started)
                // Every third round, from the second: once Pagefind holds still. Most others:
                // a moment after Pagefind started. The rest: any moment.
                let holds = round % 3 == 1
                if holds { try write("", to: "hold", in: tools) }
                let build = try await BackgroundProgram.start(
                    try builtExecutable("bake").path, arguments,
                    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, in: root, errors: .discarded
                )
                if holds || round % 4 != 3 {
                    while !build.hasEnded, !FileManager.default.fileExists(atPath: started) {
                        try await Task.sleep(for: .microseconds(200))
                    }
                    if holds {
                        #expect(!build.hasEnded, "round \(round): the build ended without running Pagefind")
                        held += 1
                    } else {
                        try await Task.sleep(for: .microseconds(random.next() % 40_000))
                    }
                } else {
                    try await Task.sleep(for: .microseconds(2_000 + random.next() % 150_000))
                }
                try? FileManager.default.removeItem(atPath: hold)
                if !build.hasEnded {
                    let during = indexing()
                    build.signal(SIGKILL)
                    kills += 1
                    if during { killedWhileIndexing += 1 }
                }
                try await build.exit()
                // As a power cut would: the Pagefind it started goes too (left alone, one whose
                // output's reader is gone can wait forever).
                Self.killPrograms(mentioning: root + "/")

                let again = try await runBake(arguments, in: root, environment: environment)
                #expect(again.status == 0, "round \(round): \(again.stderr)")
                let leftovers = allFiles(in: site).filter { $0.contains(".bake-") && $0 != ".bake-manifest" }
                #expect(leftovers.isEmpty, "round \(round) left \(leftovers)")
                let beside = try FileManager.default.contentsOfDirectory(atPath: root).filter { !["blog", "site", "tools"].contains($0) }
                #expect(beside.isEmpty, "round \(round) left \(beside) beside the site")
            }
            print("CrashTests: \(rounds) rounds of bake build with search, \(kills) killed, \(killedWhileIndexing) of them while indexing (\(held) with Pagefind held still); every next build succeeded")
            #expect(held == 3 && killedWhileIndexing >= held, "\(killedWhileIndexing) kills landed while the build indexed, \(held) with Pagefind held; expected at least 3")

            // Nothing changed since: the next build does nothing, Pagefind included.
            let still = try await runBake(arguments, in: root, environment: environment)
            #expect(still.stdout.wholeMatch(of: summaryLine)?.output.3 == "0", "\(still.stdout)")
            let clean = try await runBake(["blog", "--output", root + "/clean", "--future"], in: root)
            #expect(clean.status == 0)
            let pages = allFiles(in: site).filter { $0 != ".bake-manifest" && !$0.hasPrefix("pagefind/") }
            #expect(pages == allFiles(in: root + "/clean").filter { $0 != ".bake-manifest" && !$0.hasPrefix("pagefind/") })
            for file in pages {
                #expect(FileManager.default.contentsEqual(atPath: site + "/" + file, andPath: root + "/clean/" + file), "\(file) differs from a clean build")
            }
            // Every file of the index is one bake recorded, as it recorded it.
            let manifest = try #require(SiteManifest(bytes: try FileIO.read(site + "/" + SiteManifest.fileName)))
            for file in allFiles(in: site + "/pagefind") {
                let record = manifest.records["pagefind/" + file]
                #expect(record?.matches(FileTree.entry(at: site + "/pagefind/" + file, relativePath: file)) == true, "pagefind/\(file)")
            }
        }
    }
}
