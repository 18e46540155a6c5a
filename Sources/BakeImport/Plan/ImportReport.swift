/// What an import did, as the lines `bake import` prints at the end.
public struct ImportReport: Sendable {
    public let posts: Int
    public let drafts: Int
    public let pages: Int
    /// Files copied in as they are (pictures the posts show…).
    public let files: Int
    /// Paths that already held exactly what the import would write.
    public let alreadyImported: [String]
    public let skipped: [ImportNote]
    public let untranslated: [ImportNote]

    init(plan: ImportPlan) {
        posts = plan.files.count(where: { $0.destination == .post })
        drafts = plan.files.count(where: { $0.destination == .draft })
        pages = plan.files.count(where: { $0.destination == .page })
        files = plan.copies.count
        alreadyImported = plan.alreadyImported
        skipped = plan.skipped
        untranslated = plan.untranslated
    }

    /// E.g. `Imported 3 posts, 2 drafts and 1 page; 0 already imported; 1 skipped; 1 left untranslated`
    /// (with `, and brought along 4 files` after the pages when files were copied in),
    /// then one line for each skipped and untranslated thing.
    public var lines: [String] {
        let copied = files == 0 ? "" : ", and brought along \(counted(files, "file"))"
        var lines = ["Imported \(counted(posts, "post")), \(counted(drafts, "draft")) and \(counted(pages, "page"))\(copied); "
            + "\(alreadyImported.count) already imported; \(skipped.count) skipped; \(untranslated.count) left as text"]
        if !skipped.isEmpty {
            lines.append("Skipped:")
            lines += skipped.map { "  \($0)" }
        }
        if !untranslated.isEmpty {
            lines.append("Left as text, for you to translate:")
            lines += untranslated.map { "  \($0)" }
        }
        return lines
    }
}

private func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
