import BakeIO
import BakeKit

/// Where each imported item goes in the blog, decided before anything is written.
///
/// A slug is unique among pages, and per day across `posts/` and `drafts/` (`PostTree.postFiles`),
/// since a post and a draft of one day with one slug would share a permalink. Two items that want
/// the same name get `-2`, `-3` … as `PostTree.newPostPath` gives them, in the order of the
/// source, so that a second run chooses the same paths as the first.
///
/// An item never replaces a file, nor takes the permalink of one: when its name holds the same
/// bytes already (in its folder, or moved between `posts/` and `drafts/` since), it counts as
/// imported before; when it holds something else, or the day has that slug in the other folder
/// or another format, the item is skipped and reported. Such a file is most likely the item,
/// imported before and then edited, published or unpublished: a numbered copy would bring it
/// back twice.
///
/// ```swift
/// let plan = try ImportPlan(source: source, blog: BlogFolder(root: "/blog"))
/// let report = try plan.write()
/// ```
public struct ImportPlan: Sendable {
    /// A file to write, relative to the blog.
    public struct File: Sendable, Hashable {
        public let path: String
        public let text: String
        public let destination: ImportItem.Destination
        public let source: String
    }

    public let blog: BlogFolder
    /// The files to write, in the source's order.
    public let files: [File]
    /// The old site's files to copy, in the source's order.
    public let copies: [ImportFile]
    /// Paths whose file already holds exactly what the import would write.
    public let alreadyImported: [String]
    /// What is not imported, from the reader and from clashes with files in the blog.
    public let skipped: [ImportNote]
    public let untranslated: [ImportNote]

    public init(source: ImportSource, blog: BlogFolder) throws(ImportError) {
        self.blog = blog
        let tree = PostTree(blog: blog)
        var files: [File] = []
        var already: [String] = []
        var skipped = source.skipped
        var untranslated = source.untranslated
        // Old URLs by the file their redirect is written at, each with the item that has it:
        // the first item keeps an old URL two items share.
        var redirects: [String: String] = [:]
        // Slugs are given out per page folder, and per day across posts/ and drafts/, as
        // `PostTree` does: a post and a draft of one day with one slug share a permalink.
        var onDisk: [String: [String: String]] = [:]   // "pages" or a day → stem → path in the blog
        for (item, stem) in zip(source.items, Self.stems(of: source.items)) {
            let folder: String
            let scope: String
            switch item.destination {
            case .page:
                folder = "pages"
                scope = "pages"
            case .post, .draft:
                guard let date = item.date else { preconditionFailure("a post without a date: \(item.source)") }
                folder = "\(item.destination == .post ? "posts" : "drafts")/\(date.dayFolder)"
                scope = date.dayFolder
            }
            if onDisk[scope] == nil {
                do {
                    onDisk[scope] = item.destination == .page ? try Self.pages(in: blog) : try tree.postFiles(day: scope)
                } catch {
                    throw ImportError([error.diagnostic(relativeTo: blog.root)])
                }
            }
            let name = "\(stem).\(item.format == .html ? "html" : "markdown")"
            let path = "\(folder)/\(name)"
            let permalink = Self.permalink(of: item, stem: stem)
            var fields = item.fields
            var claims: [String] = []
            if item.destination != .draft {
                var aliases: [String] = []
                for url in item.oldURLs where url != permalink {
                    // `@aliases` is split at commas; bake decodes `%2C` back when it writes the redirect.
                    let alias = url.replacingOccurrences(of: ",", with: "%2C")
                    guard let output = Redirect.path(ofAlias: alias) else {
                        untranslated.append(ImportNote(location: item.source, message: "old URL \(url) is not a path a static site can serve; not kept as an alias"))
                        continue
                    }
                    if let first = redirects[output] ?? (claims.contains(output) ? item.source : nil) {
                        if first != item.source {
                            untranslated.append(ImportNote(location: item.source, message: "old URL \(url) is also an old URL of \(first), which keeps it; not kept as an alias"))
                        }
                        continue
                    }
                    claims.append(output)
                    aliases.append(alias)
                }
                if !aliases.isEmpty { fields.append((HeaderKey.aliases.name, aliases.joined(separator: ", "))) }
            }
            let text = PostFile(fields: fields, body: item.body).text
            if let existing = onDisk[scope]?[stem] {
                // The same file, perhaps moved between posts/ and drafts/ since it was imported.
                if existing.hasSuffix("/\(name)"), FileIO.contentEquals(blog.path(existing), Array(text.utf8)) {
                    already.append(existing)
                    for output in claims { redirects[output] = item.source }
                } else if existing == path {
                    skipped.append(ImportNote(location: item.source, message: "not imported: \(path) is already there with other text; it was left as it is"))
                } else {
                    skipped.append(ImportNote(location: item.source, message: "not imported: \(existing) is already there with the same permalink as \(path)"))
                }
                continue
            }
            for output in claims { redirects[output] = item.source }
            files.append(File(path: path, text: text, destination: item.destination, source: item.source))
        }
        var copies: [ImportFile] = []
        var seen = Set<String>()
        for file in source.files where seen.insert(file.path).inserted {
            let target = blog.path(file.path)
            guard FileIO.exists(target, followingLinks: false) else {
                copies.append(file)
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(file.from)
            } catch {
                throw ImportError([error.diagnostic(relativeTo: blog.root)])
            }
            if FileIO.contentEquals(target, bytes) {
                already.append(file.path)
            } else {
                skipped.append(ImportNote(location: file.source, message: "not copied: \(file.path) is already there with other bytes; it was left as it is"))
            }
        }
        self.files = files
        self.copies = copies
        self.alreadyImported = already
        self.skipped = skipped
        self.untranslated = untranslated
    }

    /// Writes every planned file atomically, then returns what was done.
    public func write() throws(ImportError) -> ImportReport {
        let tree = PostTree(blog: blog)
        for file in files {
            do {
                try tree.write(file.text, to: file.path)
            } catch {
                throw ImportError([error.diagnostic(relativeTo: blog.root)])
            }
        }
        for file in copies {
            do {
                try FileIO.writeAtomically(try FileIO.read(file.from), to: blog.path(file.path), durable: true)
            } catch {
                throw ImportError([error.diagnostic(relativeTo: blog.root)])
            }
        }
        return ImportReport(plan: self)
    }
}

extension ImportPlan {
    /// The file name (without extension) each item gets, in order: its slug, with `-2`, `-3` …
    /// when an item before it in the same page folder or day wants it too.
    static func stems(of items: [ImportItem]) -> [String] {
        var chosen: [String: Set<String>] = ["pages": pageNamesBakeWrites]        // "pages" or a day → stems given out
        return items.map { item in
            let scope = item.destination == .page ? "pages" : item.date?.dayFolder ?? ""
            let stem = Slug.unique(item.slug.isEmpty ? "post" : item.slug, taken: chosen[scope, default: []])
            chosen[scope, default: []].insert(stem)
            return stem
        }
    }

    /// The root-relative URL of `item` in the blog, once named `stem`.
    static func permalink(of item: ImportItem, stem: String) -> String {
        item.destination == .page ? "/\(stem).html" : "/\(item.date?.dayFolder ?? "")/\(stem).html"
    }
}

private extension ImportPlan {
    /// The names of pages whose permalink bake writes itself (the home page, the archive and
    /// the page of a missing address): an old blog's page "Archive" becomes `archive-2`.
    static let pageNamesBakeWrites: Set<String> = ["index", "archive", "404"]

    /// The page files directly in `pages/`, by stem, each with its path in the blog.
    static func pages(in blog: BlogFolder) throws(FileSystemError) -> [String: String] {
        var stems: [String: String] = [:]
        for entry in try FileTree.scan(blog.path("pages")) where !entry.path.contains("/") && BodyFormat(fileName: entry.path) != nil {
            stems[BodyFormat.stem(of: entry.path)] = "pages/\(entry.path)"
        }
        return stems
    }
}
