/// A standalone page from `pages/`, such as About.
public struct Page: Sendable, Hashable {
    /// The file, relative to the blog folder, e.g. `pages/about.markdown`.
    public let sourcePath: String
    /// The output path without `.html`, e.g. `about` or `projects/bake`.
    public let name: String
    public let format: BodyFormat
    /// The `@title`, or the name when there is none.
    public let title: String
    public let metadata: PostMetadata
    public let excerpt: String
    /// A hash of the file's bytes.
    public let contentHash: UInt64
    /// The `src` of each `<img>` of its body, as written (see `Post.imageSources`).
    public let imageSources: [String]

    public init(sourcePath: String, name: String, format: BodyFormat, title: String, metadata: PostMetadata, excerpt: String, contentHash: UInt64,
                imageSources: [String] = []) {
        self.sourcePath = sourcePath
        self.name = name
        self.format = format
        self.title = title
        self.metadata = metadata
        self.excerpt = excerpt
        self.contentHash = contentHash
        self.imageSources = imageSources
    }

    /// The template it renders with: `@template`, or `page`.
    public var templateName: String {
        metadata[.template].flatMap { $0.isEmpty ? nil : $0 } ?? PageTemplate.page.rawValue
    }

    /// Whether the page shows its title as a heading; `@show_title false` hides it.
    public var showsTitle: Bool {
        metadata[.showTitle].flatMap(SettingKey.flag) ?? true
    }

    /// The output path, e.g. `about.html`.
    public var path: String { "\(name).html" }
}
