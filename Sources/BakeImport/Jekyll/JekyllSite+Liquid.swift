import BakeIO
import BakeKit
import Foundation

extension JekyllSite {
    /// The documents with their Liquid run, what was left of it, and the site's files they show.
    struct Rendered {
        let items: [ImportItem]
        let untranslated: [ImportNote]
        let files: [ImportFile]
    }

    /// Runs each document's Liquid, with `post_url` and `link` leading to the new URLs, and finds
    /// the files of the site that the results show.
    func render(_ documents: [JekyllDocument], config: FrontMatter?, zone: TimeZone) -> Rendered {
        let urls = zip(documents, ImportPlan.stems(of: documents.map(\.item))).map { ImportPlan.permalink(of: $0.item, stem: $1) }
        var context = LiquidRenderer.Context(site: config?.liquidValues ?? [:], zone: zone)
        for (document, url) in zip(documents, urls) {
            switch document.item.destination {
            case .post:
                // `post_url` takes the name without its extension, with or without its folder.
                let name = BodyFormat.stem(of: String(document.path.dropFirst("_posts/".count)))
                context.postURLs[name] = url
                context.postURLs[String(name.split(separator: "/").last ?? "")] = url
                context.links[document.path] = url
            case .page:
                context.links[document.path] = url
            case .draft:
                break
            }
        }
        let baseurl = context.site["baseurl"]?.text ?? ""
        let siteURL = context.site["url"]?.text ?? ""
        var items: [ImportItem] = []
        var untranslated: [ImportNote] = []
        var files: [ImportFile] = []
        for (document, url) in zip(documents, urls) {
            context.page = document.page
            context.page["url"] = .text(url)
            context.isHTML = document.item.format == .html
            let rendered = LiquidRenderer(context: context).render(document.item.body)
            untranslated += rendered.left.map {
                let text = $0.source.count > 80 ? String($0.source.prefix(77)) + "…" : $0.source
                return ImportNote(location: "\(document.path):\(document.bodyLine + $0.line - 1)", message: "Liquid \(text)")
            }
            let item = document.item
            items.append(ImportItem(
                destination: item.destination, date: item.date, slug: item.slug, format: item.format,
                fields: item.fields, body: rendered.text, oldURLs: item.oldURLs, source: item.source
            ))
            for path in Self.sitePaths(in: rendered.text, baseurl: baseurl, siteURL: siteURL) where !files.contains(where: { $0.source == path }) {
                guard !documents.contains(where: { $0.path == path }), FileIO.exists(root + "/" + path), !FileIO.isFolder(root + "/" + path) else { continue }
                files.append(ImportFile(path: "static/" + path, from: root + "/" + path, source: path))
            }
        }
        return Rendered(items: items, untranslated: untranslated, files: files)
    }

    /// The site-relative paths of the root-relative URLs in `text` (and of absolute ones on the
    /// old site), without query or fragment, decoded; never in a folder Jekyll leaves out.
    static func sitePaths(in text: String, baseurl: String, siteURL: String) -> [String] {
        let starts: Set<Character> = ["(", "\"", "'", "=", " ", "\t", "\n", "<", ">", ","]
        let ends: Set<Character> = [" ", "\t", "\n", "\r", "\"", "'", "(", ")", "<", ">", "?", "#", "]", "`", "\\"]
        var base = baseurl.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        base = base.isEmpty ? "" : "/" + base
        var host = siteURL
        while host.hasSuffix("/") { host.removeLast() }
        var paths: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            var start: Int?
            if characters[index] == "/", index > 0, starts.contains(characters[index - 1]), index + 1 < characters.count, characters[index + 1] != "/" {
                start = index
            } else if !host.isEmpty, characters[index] == host.first, index > 0, starts.contains(characters[index - 1]),
                      String(characters[index..<min(characters.count, index + host.count)]) == host,
                      index + host.count < characters.count, characters[index + host.count] == "/" {
                start = index + host.count
            }
            guard let start else {
                index += 1
                continue
            }
            var end = start
            while end < characters.count, !ends.contains(characters[end]) { end += 1 }
            index = end
            var path = String(characters[start..<end])
            // A URL at the end of a sentence.
            while let last = path.last, ".,;:!".contains(last) { path.removeLast() }
            if !base.isEmpty, path.hasPrefix(base + "/") { path = String(path.dropFirst(base.count)) }
            // A control character cannot be in a file bake serves, nor be passed to the system.
            guard let decoded = path.removingPercentEncoding, !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { continue }
            let components = decoded.split(separator: "/")
            guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix("_") || $0.hasPrefix(".") }),
                  !decoded.hasSuffix("/") else { continue }
            let relative = components.joined(separator: "/")
            if !paths.contains(relative) { paths.append(relative) }
        }
        return paths
    }
}
