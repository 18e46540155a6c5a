import BakeIO
import BakeKit

/// Where each imported item goes in the blog, decided before anything is written.
///
/// An item never replaces a file: when its path holds the same bytes already, it counts as
/// imported before; when it holds something else, or another format of the same name (the same
/// permalink), the item is skipped and reported. Two items that want the same name get `-2`,
/// `-3` … as `PostTree.newPostPath` gives them, in the order of the source, so that a second
/// run chooses the same paths as the first.
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
    /// Paths whose file already holds exactly what the import would write.
    public let alreadyImported: [String]
    /// What is not imported, from the reader and from clashes with files in the blog.
    public let skipped: [ImportNote]
    public let untranslated: [ImportNote]

    public init(source: ImportSource, blog: BlogFolder) throws(ImportError) {
        self.blog = blog
        var files: [File] = []
        var already: [String] = []
        var skipped = source.skipped
        var onDisk: [String: [String: String]] = [:]   // folder → stem → file name
        var chosen: [String: Set<String>] = [:]        // folder → stems given out in this run
        for item in source.items {
            let folder: String
            switch item.destination {
            case .page:
                folder = "pages"
            case .post, .draft:
                guard let date = item.date else { preconditionFailure("a post without a date: \(item.source)") }
                folder = "\(item.destination == .post ? "posts" : "drafts")/\(date.dayFolder)"
            }
            if onDisk[folder] == nil {
                do {
                    onDisk[folder] = try Self.stems(in: blog.path(folder))
                } catch {
                    throw ImportError([error.diagnostic(relativeTo: blog.root)])
                }
            }
            let stem = Slug.unique(item.slug.isEmpty ? "post" : item.slug, taken: chosen[folder, default: []])
            chosen[folder, default: []].insert(stem)
            let name = "\(stem).\(item.format == .html ? "html" : "markdown")"
            let path = "\(folder)/\(name)"
            let permalink = item.destination == .page ? "/\(stem).html" : "/\(folder.dropFirst("posts/".count))/\(stem).html"
            var fields = item.fields
            if item.destination != .draft {
                var aliases: [String] = []
                for url in item.oldURLs where url != permalink && !aliases.contains(url) { aliases.append(url) }
                // `@aliases` is split at commas; bake decodes `%2C` back when it writes the redirect.
                let written = aliases.map { $0.replacingOccurrences(of: ",", with: "%2C") }
                if !written.isEmpty { fields.append(("aliases", written.joined(separator: ", "))) }
            }
            let text = PostFile(fields: fields, body: item.body).text
            if let existing = onDisk[folder]?[stem] {
                let existingPath = "\(folder)/\(existing)"
                if existing == name, FileIO.contentEquals(blog.path(path), Array(text.utf8)) {
                    already.append(path)
                } else if existing == name {
                    skipped.append(ImportNote(location: item.source, message: "not imported: \(path) is already there with other text; it was left as it is"))
                } else {
                    skipped.append(ImportNote(location: item.source, message: "not imported: \(existingPath) is already there with the same permalink as \(path)"))
                }
                continue
            }
            files.append(File(path: path, text: text, destination: item.destination, source: item.source))
        }
        self.files = files
        self.alreadyImported = already
        self.skipped = skipped
        self.untranslated = source.untranslated
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
        return ImportReport(plan: self)
    }
}

private extension ImportPlan {
    /// The post files directly in `folder`, by stem.
    static func stems(in folder: String) throws(FileSystemError) -> [String: String] {
        var stems: [String: String] = [:]
        for entry in try FileTree.scan(folder) where !entry.path.contains("/") && BodyFormat(fileName: entry.path) != nil {
            stems[BodyFormat.stem(of: entry.path)] = entry.path
        }
        return stems
    }
}
