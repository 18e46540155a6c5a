import BakeIO
import BakeKit
import Foundation

extension JekyllSite {
    /// Files and folders Jekyll leaves out of a site unless told otherwise.
    static let excludedByDefault: Set<String> = ["node_modules", "vendor", "Gemfile", "Gemfile.lock", "gemfiles"]
    /// Text files that may have front matter, and so were pages in Jekyll, though not bake's.
    static let otherPageExtensions: Set<String> = ["xml", "txt", "json", "css", "scss", "sass", "js", "rss", "atom", "liquid"]

    /// The pages outside `_posts` and `_drafts`: Markdown and HTML files with front matter.
    /// Those Jekyll filled with posts, the home page and the 404 page, which bake makes itself,
    /// are skipped and reported.
    func readPages(config: FrontMatter?, zone: TimeZone) throws(ImportError) -> [ReadFile] {
        let excluded = Self.excludedByDefault.union((config?.list("exclude") ?? []).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) })
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        var paths: [String] = []
        do {
            for name in names where !name.hasPrefix("_") && !name.hasPrefix(".") && !excluded.contains(name) {
                if FileIO.isFolder(root + "/" + name) {
                    paths += try FileTree.scan(root + "/" + name).map { "\(name)/\($0.path)" }
                } else {
                    paths.append(name)
                }
            }
        } catch {
            throw ImportError([error.diagnostic(relativeTo: root)])
        }
        var read: [ReadFile] = []
        var problems: [Diagnostic] = []
        for path in paths where !path.split(separator: "/").contains(where: { $0.hasPrefix("_") }) && !excluded.contains(path) {
            let ext = path.split(separator: "/").last.flatMap { $0.contains(".") ? $0.split(separator: ".").last : nil }?.lowercased() ?? ""
            let format: BodyFormat? = Self.markdownExtensions.contains(ext) ? .markdown : ext == "html" || ext == "htm" ? .html : nil
            guard format != nil || Self.otherPageExtensions.contains(ext) else { continue }
            guard let bytes = try? FileIO.read(root + "/" + path), let text = String(validating: bytes, as: UTF8.self) else { continue }
            do {
                guard let matter = try FrontMatter.parse(text, path: path) else { continue }
                guard let format else {
                    read.append(.skipped(ImportNote(location: path, message: "not imported: bake reads Markdown and HTML pages, not .\(ext)")))
                    continue
                }
                read.append(Self.page(matter, path: path, format: format, permalink: config?.text("permalink")))
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw ImportError(problems) }
        return read
    }

    /// The page a file with front matter makes, or why it is skipped.
    static func page(_ matter: FrontMatter, path: String, format: BodyFormat, permalink: String?) -> ReadFile {
        let stem = BodyFormat.stem(of: path)
        let components = stem.split(separator: "/").map(String.init)
        let isIndex = components.last == "index"
        if let listing = ["paginator", "site.posts", "site.categories", "site.tags"].first(where: { matter.body.contains($0) }) {
            return .skipped(ImportNote(location: path, message: "not imported: Jekyll filled this page with posts (`\(listing)`); bake makes its own home, archive and category pages"))
        }
        if components == ["index"] {
            return .skipped(ImportNote(location: path, message: "not imported: the home page; bake makes its own"))
        }
        if components == ["404"] {
            return .skipped(ImportNote(location: path, message: "not imported: the page for missing pages; bake makes its own 404.html"))
        }
        let name = isIndex ? components.dropLast() : components[...]
        let slug = Slug.make(from: name.joined(separator: " "))
        let oldURL = pageURL(path: stem, isIndex: isIndex, own: matter.text("permalink"), style: permalink)
        // Its file, or a redirect from its old URL, would take the place of one of bake's own.
        if let own = ["archive.html", "index.html", "404.html"].first(where: { slug + ".html" == $0 || oldURL == "/" + $0 || oldURL == "/" }) {
            return .skipped(ImportNote(location: path, message: "not imported: bake makes its own \(oldURL == "/" ? "index.html" : own); give the page another name to keep it"))
        }
        let title = matter.text("title") ?? (name.last ?? "").split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
        let (body, bodyLine) = matter.bodyWithoutLeadingBlankLines
        let item = ImportItem(
            destination: .page, date: nil, slug: slug, format: format,
            fields: [(HeaderKey.title.name, title)], body: String(body), oldURLs: [oldURL], source: path
        )
        var page = matter.liquidValues
        page["title"] = .text(title)
        let document = JekyllDocument(item: item, path: path, bodyLine: bodyLine, page: page)
        return .item(document, dropped: matter.keys.filter { !usedKeys.contains($0) })
    }

    /// A page's URL as Jekyll 4 makes it: its own `permalink`, else its folder and name with the
    /// ending the site's permalink style gives pages (`/about.html`, or `/about/` when pretty).
    /// - Parameter path: The file's path without its extension, e.g. `docs/setup`.
    static func pageURL(path: String, isIndex: Bool, own: String?, style: String?) -> String {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let basename = String(path.split(separator: "/").last ?? "")
        var url: String
        if let own {
            url = own.replacingOccurrences(of: ":path", with: folder).replacingOccurrences(of: ":basename", with: basename)
                .replacingOccurrences(of: ":output_ext", with: ".html")
        } else if isIndex {
            url = "/\(folder)/"
        } else {
            url = "/\(folder)/\(basename)"
            switch style ?? "date" {
            case "pretty": url += "/"
            case "date", "ordinal", "none": url += ".html"
            case let template where template.hasSuffix("/"): url += "/"
            case let template where template.hasSuffix(":output_ext"): url += ".html"
            default: break
            }
        }
        url = "/" + url
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url
    }
}
