import BakeIO
import BakeKit
import Foundation
import Yams

/// Reads a Jekyll site's `_posts/` and `_drafts/` as items for a bake blog.
///
/// - `_posts/YYYY-MM-DD-slug.md|markdown|html` become posts; `published: false` ones and
///   everything in `_drafts/` become drafts. Markdown stays Markdown, HTML stays HTML.
/// - `title`, `date` (or the file name's date), `categories`/`category` and `tags` become
///   `@title`, `@pubDate` and `@categoryArray`.
/// - Each published post's old URL, from its own `permalink`, the site's `permalink` style in
///   `_config.yml`, or Jekyll's default `date` style, is kept for `@aliases`.
///
/// ```swift
/// let source = try JekyllSite(root: "/old/site", timeZone: settings.timeZone).read()
/// ```
public struct JekyllSite: Sendable {
    public let root: String
    /// The zone for dates without an offset, unless `_config.yml` names a `timezone`.
    public let timeZone: TimeZone

    public init(root: String, timeZone: TimeZone) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.timeZone = timeZone
    }

    /// Every post and draft, or every problem found in the site's files.
    public func read() throws(ImportError) -> ImportSource {
        guard FileIO.isFolder(root + "/_posts") || FileIO.isFolder(root + "/_drafts") else {
            throw ImportError(path: root, line: nil, message: "no _posts or _drafts folder here; expected a Jekyll site's folder")
        }
        let configFile = try readConfig()
        let config = configFile?.matter
        var zone = timeZone
        if let name = config?.text("timezone"), let configured = TimeZone(identifier: name) { zone = configured }
        let permalink = JekyllPermalink(setting: config?.text("permalink"))

        var documents: [JekyllDocument] = []
        var skipped: [ImportNote] = []
        var problems: [Diagnostic] = []
        var droppedKeys: [String: Int] = [:]
        for folder in ["_posts", "_drafts"] {
            let entries: [FileEntry]
            do {
                entries = try FileTree.scan(root + "/" + folder)
            } catch {
                throw ImportError([error.diagnostic(relativeTo: root)])
            }
            for entry in entries {
                let path = "\(folder)/\(entry.path)"
                do {
                    let read = try readFile(path, entry: entry, isDraft: folder == "_drafts", zone: zone, permalink: permalink)
                    switch read {
                    case .skipped(let note):
                        skipped.append(note)
                    case .item(let document, let dropped):
                        documents.append(document)
                        for key in dropped { droppedKeys[key, default: 0] += 1 }
                    }
                } catch {
                    problems += error.problems
                }
            }
        }
        do {
            for read in try readPages(config: config, zone: zone) {
                switch read {
                case .skipped(let note):
                    skipped.append(note)
                case .item(let document, let dropped):
                    documents.append(document)
                    for key in dropped { droppedKeys[key, default: 0] += 1 }
                }
            }
        } catch {
            problems += error.problems
        }
        guard problems.isEmpty else { throw ImportError(problems) }

        let rendered = render(documents, config: config, zone: zone)
        var untranslated = rendered.untranslated
        if !droppedKeys.isEmpty {
            let keys = droppedKeys.keys.sorted().map { "`\($0)` (\(droppedKeys[$0, default: 0]))" }
            untranslated.append(ImportNote(location: "front matter", message: "keys bake does not use, not carried over: \(keys.joined(separator: ", "))"))
        }
        let site = configFile.map { Self.site(config: $0.matter, file: $0.name) } ?? ImportedSite()
        return ImportSource(items: rendered.items, skipped: skipped, untranslated: untranslated, site: site, files: rendered.files)
    }
}

/// A post, draft or page read from the site, its Liquid not yet run.
struct JekyllDocument {
    /// With the body as written.
    let item: ImportItem
    /// The file, relative to the site, e.g. `_posts/2009-03-31-hello.md`.
    let path: String
    /// The file's line where `item.body` starts.
    let bodyLine: Int
    /// What `page.*` reads, but `url`.
    let page: [String: LiquidValue]
}

enum ReadFile {
    case item(JekyllDocument, dropped: [String])
    case skipped(ImportNote)
}

extension JekyllSite {
    /// Front matter keys that become header lines, or decide where the post goes.
    static let usedKeys: Set<String> = ["title", "date", "categories", "category", "tags", "tag", "permalink", "published", "slug"]
    static let markdownExtensions: Set<String> = ["md", "markdown", "mkdown", "mkdn", "mkd"]

    func readConfig() throws(ImportError) -> (matter: FrontMatter, name: String)? {
        for name in ["_config.yml", "_config.yaml"] where FileIO.exists(root + "/" + name) {
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(root + "/" + name)
            } catch {
                throw ImportError([error.diagnostic(relativeTo: root)])
            }
            return (try FrontMatter.parse(yamlFile: String(decoding: bytes, as: UTF8.self), path: name), name)
        }
        return nil
    }

    /// What `_config.yml` says of the site: the keys Jekyll and its common plugins (jekyll-seo-tag,
    /// jekyll-feed) read for the same things.
    static func site(config: FrontMatter, file: String) -> ImportedSite {
        var url = ImportedSite.Value(config.text("url"), origin: "\(file) url")
        if let base = config.text("baseurl")?.trimmingCharacters(in: CharacterSet(charactersIn: "/ ")), !base.isEmpty, let root = url {
            let host = root.text.hasSuffix("/") ? String(root.text.dropLast()) : root.text
            url = ImportedSite.Value(host + "/" + base, origin: "\(file) url and baseurl")
        }
        let author = ImportedSite.Value(config.text("author"), origin: "\(file) author")
            ?? ImportedSite.Value(config.values["author"]?.node.mapping?["name"]?.string, origin: "\(file) author.name")
        let language = ImportedSite.Value(config.text("lang"), origin: "\(file) lang")
            ?? ImportedSite.Value(config.text("locale")?.replacingOccurrences(of: "_", with: "-"), origin: "\(file) locale")
        let zone = config.text("timezone").flatMap { TimeZone(identifier: $0) == nil ? nil : $0 }
        return ImportedSite(
            name: ImportedSite.Value(config.text("title"), origin: "\(file) title"),
            url: url,
            description: ImportedSite.Value(config.text("description"), origin: "\(file) description"),
            author: author,
            language: language,
            timeZone: ImportedSite.Value(zone, origin: "\(file) timezone")
        )
    }

    func readFile(_ path: String, entry: FileEntry, isDraft: Bool, zone: TimeZone, permalink: JekyllPermalink) throws(ImportError) -> ReadFile {
        let fileName = String(entry.path.split(separator: "/").last ?? "")
        guard let dot = fileName.lastIndex(of: "."), fileName.first != "." else {
            return .skipped(ImportNote(location: path, message: "not a post: no extension"))
        }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        let format: BodyFormat
        if Self.markdownExtensions.contains(ext) {
            format = .markdown
        } else if ext == "html" || ext == "htm" {
            format = .html
        } else {
            return .skipped(ImportNote(location: path, message: "not imported: bake reads Markdown and HTML, not .\(ext)"))
        }
        var stem = String(fileName[..<dot])
        var nameDate: String?
        if let match = stem.wholeMatch(of: /(\d{2,4}-\d{1,2}-\d{1,2})-(.+)/) {
            nameDate = String(match.output.1)
            stem = String(match.output.2)
        } else if !isDraft {
            return .skipped(ImportNote(location: path, message: "not a post: Jekyll reads only YYYY-MM-DD-title names in _posts"))
        }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(root + "/" + path)
        } catch {
            throw ImportError([error.diagnostic(relativeTo: root)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(path: path, line: nil, message: "the file is not UTF-8 text; expected a UTF-8 post")
        }
        return try Self.post(text: text, path: path, stem: stem, nameDate: nameDate, format: format, isDraft: isDraft, modified: entry.modified, zone: zone, permalink: permalink)
    }

    /// The item a post file's text makes.
    /// - Parameters:
    ///   - stem: The file's name without its date and extension.
    ///   - nameDate: The date its name gives, if any.
    ///   - modified: Its mtime in nanoseconds, the date of a draft that gives none.
    static func post(
        text: String, path: String, stem: String, nameDate: String?, format: BodyFormat, isDraft: Bool, modified: Int64, zone: TimeZone, permalink: JekyllPermalink
    ) throws(ImportError) -> ReadFile {
        guard let matter = try FrontMatter.parse(text, path: path) else {
            return .skipped(ImportNote(location: path, message: "not a post: no front matter, so Jekyll copied it as it is"))
        }

        var problems: [Diagnostic] = []
        let title = matter.text("title")
        let slugSource = matter.text("slug") ?? stem
        // The date: the front matter's, else the file name's, else (a draft) the file's mtime.
        var date: CivilTime?
        if let text = matter.text("date") {
            date = ImportDate.civil(text, zone: zone)
            if date == nil {
                problems.append(Diagnostic(path: path, line: matter.values["date"]?.line, message: "cannot read the date `\(text)`; expected e.g. `2009-03-31 10:00:00 -0700` or `2009-03-31`"))
            }
        } else if let nameDate {
            date = ImportDate.civil(nameDate, zone: zone)
            if date == nil {
                problems.append(Diagnostic(path: path, line: nil, message: "the file name's date `\(nameDate)` is not a day; expected YYYY-MM-DD-title"))
            }
        } else {
            // `FileEntry.modified` is in nanoseconds.
            date = Timestamp(seconds: modified / 1_000_000_000).civil(in: zone)
        }
        let published = matter.values["published"]?.node.bool ?? true
        guard problems.isEmpty, let date else { throw ImportError(problems) }

        let categories = matter.list("categories") + matter.list("category", splittingScalars: false)
        var names: [String] = []
        for name in categories + matter.list("tags") + matter.list("tag", splittingScalars: false) {
            // A comma would split the name in @categoryArray.
            let clean = name.replacingOccurrences(of: ",", with: " ").trimmingCharacters(in: .whitespaces)
            if !clean.isEmpty, !names.contains(clean) { names.append(clean) }
        }
        var fields: [(key: String, value: String)] = []
        // Jekyll shows an untitled post under its slug, capitalized ("old-slug" → "Old Slug").
        fields.append((HeaderKey.title.name, title ?? slugSource.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")))
        fields.append((HeaderKey.pubDate.name, date.headerText))
        if !names.isEmpty { fields.append((HeaderKey.categoryArray.name, names.joined(separator: ", "))) }

        var oldURLs: [String] = []
        if !isDraft, published {
            let own = matter.text("permalink").map { JekyllPermalink(setting: $0) }
            oldURLs.append((own ?? permalink).url(date: date, title: slugSource, slug: slugSource, categories: categories))
        }

        let (body, bodyLine) = matter.bodyWithoutLeadingBlankLines
        let slug = Slug.make(from: slugSource)
        let item = ImportItem(
            destination: isDraft || !published ? .draft : .post, date: date,
            slug: slug.isEmpty ? Slug.make(from: title ?? "") : slug, format: format,
            fields: fields, body: String(body), oldURLs: oldURLs, source: path
        )
        var page = matter.liquidValues
        page["title"] = .text(fields[0].value)
        page["date"] = .date(date)
        page["slug"] = .text(slugSource)
        page["categories"] = .list(categories.map(LiquidValue.text))
        page["tags"] = .list((matter.list("tags") + matter.list("tag", splittingScalars: false)).map(LiquidValue.text))
        let document = JekyllDocument(item: item, path: path, bodyLine: bodyLine, page: page)
        return .item(document, dropped: matter.keys.filter { !Self.usedKeys.contains($0) })
    }
}
