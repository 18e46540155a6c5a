import BakeKit
import Foundation

extension BlogFolder {
    /// The settings a new blog starts with, in the order `site.settings` lists them.
    ///
    /// ```swift
    /// let settings = BlogFolder.startingSettings(name: "My Blog", url: "https://example.com", author: "Ada", timeZone: "Europe/Paris")
    /// try BlogFolder(root: "/blog").start(settings: settings)
    /// ```
    public static func startingSettings(
        name: String, url: String, description: String = "Notes and essays", author: String, timeZone: String, language: String = SettingKey.language.defaultValue
    ) -> [(key: String, value: String)] {
        [
            (SettingKey.siteName.name, name), (SettingKey.siteURL.name, url), (SettingKey.siteDescription.name, description),
            (SettingKey.author.name, author), (SettingKey.timeZone.name, timeZone), (SettingKey.language.name, language),
            (SettingKey.homePostCount.name, String(SettingKey.homePostCount.defaultValue)),
            (SettingKey.feedPostCount.name, String(SettingKey.feedPostCount.defaultValue)),
        ]
    }

    /// Starts a blog here, as `bake init` and an import into a new folder do: `site.settings`,
    /// an empty `pages/`, and a `.gitignore` for what bake writes, unless one is there.
    /// - Returns: What it wrote, relative to the blog.
    @discardableResult
    public func start(settings: [(key: String, value: String)]) throws(FileSystemError) -> [String] {
        let tree = PostTree(blog: self)
        let text = PostFile(fields: settings, body: "").text.trimmingCharacters(in: .newlines) + "\n"
        try tree.write(text, to: "site.settings")
        try FileIO.createFolders(path("pages"))
        var written = ["site.settings", "pages/"]
        if !FileIO.exists(path(".gitignore")) {
            try tree.write("site/\n.bake-cache/\n.trash/\n.micropub-tokens\n", to: ".gitignore")
            written.append(".gitignore")
        }
        return written
    }
}
