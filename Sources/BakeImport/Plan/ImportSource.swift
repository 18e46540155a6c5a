/// What a reader of another blog's files found: the items to import and what it left behind.
public struct ImportSource: Sendable {
    public let items: [ImportItem]
    /// Files to copy into the blog as they are, such as the pictures the posts show.
    public let files: [ImportFile]
    /// Things the reader did not import at all (attachments, unknown files …).
    public let skipped: [ImportNote]
    /// Things imported as text because bake cannot translate them (Liquid tags, shortcodes …).
    public let untranslated: [ImportNote]
    /// What the other blog says about itself: its name, URL and so on.
    public let site: ImportedSite

    public init(items: [ImportItem], skipped: [ImportNote] = [], untranslated: [ImportNote] = [], site: ImportedSite = ImportedSite(), files: [ImportFile] = []) {
        self.items = items
        self.files = files
        self.skipped = skipped
        self.untranslated = untranslated
        self.site = site
    }
}
