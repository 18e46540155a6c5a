import BakeTestSupport
import Foundation
import Testing

/// The default theme in a real browser: the sample blog plus the kitchen-sink posts, baked
/// by the real `bake` and served by `bake preview` on an ephemeral loopback port, checked by
/// headless Chromium, axe-core and the Nu HTML checker (see `BrowserCheck`). `script/setup`
/// installs all of them; when one is still missing, the test fails with one line naming it.
@Suite struct BrowserTests {
    /// One page of each kind.
    static let pages: [BrowserCheck.PageToCheck] = [
        .init(name: "home", path: "/"),
        .init(name: "post", path: KitchenSink.postPath),
        .init(name: "untitled post", path: KitchenSink.untitledPath),
        .init(name: "episode", path: KitchenSink.episodePath),
        .init(name: "link post", path: "/2022/06/01/posse.html"),
        .init(name: "month", path: KitchenSink.monthPath),
        .init(name: "archive", path: "/archive.html"),
        // Pages without "Letters from readers", whose text (as its author wrote it) is not in
        // Unicode Normalization Form C, which the Nu checker warns about.
        .init(name: "older posts", path: "/page/3/"),
        .init(name: "year", path: "/2020/"),
        .init(name: "categories", path: "/categories/"),
        .init(name: "tag cloud", path: "/categories/cloud.html"),
        .init(name: "category", path: "/categories/tools/"),
        .init(name: "category page 2", path: "/categories/writing/page/2/"),
        .init(name: "page", path: "/about.html"),
        .init(name: "not found", path: "/404.html"),
    ]

    @Test func defaultThemeInChromium() async throws {
        // The author's h-card with a photo and profiles elsewhere, in every page's footer.
        let blog = try TestBlog(prefix: "bake-browser-test-", settings: [
            "@feed_author_avatar_url /media/mira.jpg", "@me https://mastodon.example/@mira, https://github.com/mira",
        ])
        defer { blog.delete() }
        try KitchenSink.add(to: blog)
        let preview = try await PreviewProcess(blog: blog.root)
        let check = BrowserCheck(
            base: preview.base, blog: blog.root, pages: Self.pages,
            reload: .init(path: "/2021/01/01/no-resolutions.html", file: "posts/2021/01/01/no-resolutions.markdown")
        )
        let report: BrowserReport
        do {
            report = try await check.run()
        } catch {
            await preview.stop()
            throw error
        }
        await preview.stop()
        if let problem = report.problem {
            Issue.record("browser tests cannot run: \(problem)")
            return
        }

        #expect(report.pages.map(\.name) == Self.pages.map(\.name))
        for page in report.pages {
            #expect(page.scrollWidth <= page.phoneWidth, "\(page.name) (\(page.path)) scrolls sideways at \(page.phoneWidth) px: \(page.scrollWidth) px of content")
            #expect(page.lightBackground != page.darkBackground, "\(page.name): dark mode changes the background")
            // The 404 page logs its own status; nothing else may fail to load.
            let errors = page.name == "not found" ? page.console.filter { !$0.contains("/404.html") } : page.console
            #expect(errors.isEmpty, "\(page.name) logged errors in the console: \(errors)")
            for scheme in ["light", "dark"] {
                let violations = page.axe[scheme] ?? []
                #expect(page.axe[scheme] != nil, "axe-core did not run on \(page.name) in \(scheme)")
                for violation in violations where violation.impact == "critical" || violation.impact == "serious" {
                    Issue.record("axe-core, \(page.name) (\(page.path)), \(scheme): \(violation.impact ?? "") \(violation.id) on \(violation.nodes) element(s), e.g. \(violation.example)")
                }
            }
        }
        #expect(Set(report.nu.keys) == Set(Self.pages.map(\.name)), "the Nu HTML checker checked every page")
        for (name, nu) in report.nu.sorted(by: { $0.key < $1.key }) {
            #expect(nu.errors.isEmpty, "Nu HTML checker errors on \(name):\n\(nu.errors.joined(separator: "\n"))")
            #expect(nu.warnings.isEmpty, "Nu HTML checker warnings on \(name):\n\(nu.warnings.joined(separator: "\n"))")
        }
        #expect(report.reload.count == 6, "every live-reload step ran: \(report.reload.map(\.what))")
        for step in report.reload {
            #expect(step.ok, "live reload: \(step.what)")
        }
    }
}
