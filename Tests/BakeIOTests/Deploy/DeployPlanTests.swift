@testable import BakeIO
import Testing

@Suite struct DeployPlanTests {
    /// The name `FileIO` writes `name` under before its rename, with mkstemp's six characters.
    private func temp(_ name: String, _ random: String) -> String {
        String(StaleTempFiles.tempName(for: name).dropLast(6)) + random
    }

    private func manifest(_ paths: [String]) -> SiteManifest {
        SiteManifest(records: Dictionary(uniqueKeysWithValues: paths.map { ($0, SiteManifest.Record(path: $0, size: 1, modified: 1, fingerprint: 1)) }))
    }

    @Test func deletesOnlyWhatWasPublishedAndIsNoLongerMade() {
        let plan = DeployPlan(
            site: manifest(["index.html", "2014/03/31/a.html", "feed.json"]),
            published: PublishedFiles(paths: ["index.html", "2014/03/31/gone.html", "feed.json"])
        )
        #expect(plan.publish == ["2014/03/31/a.html", "feed.json", "index.html"])
        #expect(plan.delete == ["2014/03/31/gone.html"])
        #expect(DeployPlan.fileList(plan.delete) == Array("2014/03/31/gone.html\u{0}".utf8))
        #expect(plan.deletedFolders == ["2014", "2014/03", "2014/03/31"])
    }

    @Test func aFirstDeployDeletesNothing() {
        let plan = DeployPlan(site: manifest(["index.html"]), published: PublishedFiles(paths: []))
        #expect(plan.delete == [])
    }

    /// A damaged or edited record must never name a file outside the target, nor bake's own files.
    @Test func neverNamesBookkeepingOrPathsOutsideTheTarget() {
        let unsafe = ["../etc/passwd", "/etc/passwd", "a/../../b", "./index.html", ".bake-manifest", "2014/" + temp("a.html", "Ab3xYz"), "a\nb"]
        let plan = DeployPlan(site: manifest(["index.html", ".bake-manifest", temp("index.html", "q1w2e3")]), published: PublishedFiles(paths: unsafe))
        #expect(plan.publish == ["index.html"])
        #expect(plan.delete == [])
        // Files that only look like temp files are published.
        #expect(DeployPlan(site: manifest([".well-known.bake-x", "a.bake-123456"]), published: PublishedFiles(paths: [])).publish.count == 2)
    }
}
