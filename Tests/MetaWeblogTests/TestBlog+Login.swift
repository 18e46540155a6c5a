import BakeTestSupport

extension TestBlog {
    /// A copy of the sample blog with the test login (unless `login` is false) and `settings`
    /// lines added to its `site.settings`.
    init(settings extra: [String] = [], login: Bool = true) throws {
        let lines = login ? ["@metaweblog_user \(TestLogin.user)", "@metaweblog_password_hash \(TestLogin.hash.text)"] : []
        try self.init(prefix: "bake-metaweblog-test-", settings: lines + extra)
    }
}
