import BakeKit
import Foundation

/// How an h-entry's properties map onto a post file, both ways.
///
/// | property | file |
/// | -------- | ---- |
/// | `name` | `@title` |
/// | `content` | the body: text is Markdown (`.markdown`), `{"html": …}` is kept byte for byte (`.html`) |
/// | `category` | `@categoryArray` |
/// | `published` | `@pubDate` (ISO 8601; without an offset, in the site's zone) |
/// | `summary` | `@mt_excerpt` |
/// | `post-status` | `draft` → `drafts/`, `published` → `posts/` |
/// | `in-reply-to`, `like-of`, `repost-of`, `bookmark-of` | `@in_reply_to` … (`ResponseKind`): `http` or `https` URLs separated by commas |
/// | `photo` | `@micropub_photo`, and an image at the end of a new post's body |
/// | any other, e.g. `syndication` | `@micropub_syndication`, its values as one line of JSON |
///
/// `url` is where the post is, never stored; `access_token` never reaches here.
struct MicropubEntry: Sendable {
    /// The header key prefix of properties kept as JSON.
    static let extraPrefix = "micropub_"
    /// Properties stored in bake's own header lines or the body.
    static let mapped: Set<String> = Set(["name", "content", "category", "published", "summary", "post-status", "url"] + ResponseKind.allCases.map(\.property))

    let properties: MicropubProperties

    init(_ properties: MicropubProperties) {
        self.properties = properties
    }

    /// The properties a post file holds (with `url` set to its permalink).
    init(post: StoredPost, permalink: String, dates: PostDate) {
        var properties = MicropubProperties()
        if let title = post.header[.title], !title.isEmpty { properties["name"] = [.string(title)] }
        if !post.body.isEmpty {
            properties["content"] = [post.id.format == .html ? .object(["html": .string(post.body)]) : .string(post.body)]
        }
        properties["category"] = post.categories.map(JSONValue.string)
        if let text = post.header[.pubDate], let date = dates.timestamp(header: text) {
            properties["published"] = [.string(date.civil(in: dates.timeZone).rfc3339)]
        }
        if let summary = post.header[.mtExcerpt], !summary.isEmpty { properties["summary"] = [.string(summary)] }
        properties["post-status"] = [.string(post.status == .draft ? "draft" : "published")]
        // A post written before the responses had headers of their own keeps them as JSON.
        for line in post.header.fields where line.key.hasPrefix(Self.extraPrefix) {
            if ResponseKind.allCases.contains(where: { $0.legacyKey == line.key && post.header[$0.header] != nil }) { continue }
            let name = line.key.dropFirst(Self.extraPrefix.count).replacingOccurrences(of: "_", with: "-")
            if let values = JSONValue.parse(Array(line.value.utf8))?.array { properties[name] = values }
        }
        // A line that is not URLs (written by hand) is given back as written, so that an
        // update refuses it rather than drops it.
        for kind in ResponseKind.allCases {
            guard let value = post.header[kind.header] else { continue }
            properties[kind.property] = ResponseKind.read(value).map { $0.map { .string($0.text) } } ?? [.string(value)]
        }
        properties["url"] = [.string(permalink)]
        self.properties = properties
    }

    /// What a new post or an edit asks for, as `metaWeblog.newPost` and `editPost` take it.
    /// A property left out is "" or empty, so that an edit removes it.
    func changes(dates: PostDate) throws(MicropubError) -> PostChanges {
        var changes = PostChanges()
        changes.title = properties.text("name") ?? ""
        changes.categories = properties.texts("category")
        changes.excerpt = properties.text("summary") ?? ""
        if let content = properties["content"]?.first {
            switch content {
            case .string(let text):
                changes.description = text
                changes.format = .markdown
            case .object(let members):
                if let html = members["html"]?.string {
                    changes.description = html
                    changes.format = .html
                } else {
                    changes.description = members["value"]?.string ?? ""
                    changes.format = .markdown
                }
            default:
                throw MicropubError(.invalidRequest("content is neither text nor {\"html\": …}."))
            }
        } else {
            changes.description = ""
        }
        if let published = properties.text("published") {
            guard let date = DateParser(timeZone: dates.timeZone).parse(published), dates.canFile(date) else {
                throw MicropubError(.invalidRequest("published is \"\(LogText.clipped(published))\"; expected an ISO 8601 date such as 2017-03-31T12:00:00-07:00."))
            }
            changes.dateCreated = date
        }
        _ = try responseHeader()
        if let status = properties.text("post-status") {
            switch status {
            case "draft": changes.status = .draft
            case "published": changes.status = .published
            default: throw MicropubError(.invalidRequest("post-status is \"\(LogText.clipped(status))\"; expected published or draft."))
            }
        }
        return changes
    }

    /// The header lines of the responses (`@in_reply_to` …), then of the properties bake does
    /// not map, each `@micropub_<name> [JSON]`. Responses that `responseHeader` refuses are
    /// left out; `changes` throws for them first.
    /// A property's name was checked when the request was read (`MicropubProperties.check`);
    /// a name the header could not hold is left out here all the same.
    var extraHeader: [(key: HeaderKey, value: String)] {
        let responses = (try? responseHeader()) ?? []
        return responses + properties.all.filter { !Self.mapped.contains($0.name) }.compactMap { property in
            HeaderKey(checked: Self.extraPrefix + property.name.replacingOccurrences(of: "-", with: "_")).map { ($0, JSONValue.array(property.values).text) }
        }
    }

    /// A header line for each response the properties hold: its URLs, checked as a build
    /// reads them (`ResponseKind.read`). A value may be a URL, `{"value": URL}` or an h-cite
    /// with a `url`; anything else, or a URL that is not `http` or `https`, is refused.
    func responseHeader() throws(MicropubError) -> [(key: HeaderKey, value: String)] {
        var lines: [(key: HeaderKey, value: String)] = []
        for kind in ResponseKind.allCases {
            guard let values = properties[kind.property] else { continue }
            var urls: [WebURL] = []
            for value in values {
                let text = MicropubProperties.text(value) ?? value.object?["properties"]?.object?["url"]?.array?.first?.string
                guard let text, let url = WebURL(text) else {
                    throw MicropubError(.invalidRequest("\(kind.property) is \"\(LogText.clipped(text ?? value.text))\"; expected an http or https URL such as https://example.com/2017/03/31/hello."))
                }
                urls.append(url)
            }
            let header = WebURL.listText(urls)
            // The build reads the line with its character references decoded: a URL holding
            // one (`&amp;`) would not be the URL sent.
            guard ResponseKind.read(header).map(WebURL.listText) == header else {
                throw MicropubError(.invalidRequest("\(kind.property) is \"\(LogText.clipped(header))\"; expected http or https URLs without character references such as &amp;."))
            }
            lines.append((kind.header, header))
        }
        return lines
    }

    /// The photos, as images at the end of a new post's body, so that readers see them.
    func photoMarkup(format: BodyFormat) -> String {
        (properties["photo"] ?? []).compactMap { value -> String? in
            guard let url = MicropubProperties.text(value), !url.isEmpty else { return nil }
            let alt = value.object?["alt"]?.string ?? ""
            switch format {
            case .html:
                return "\n\n<p><img src=\"\(MarkupEscaping.html(url))\" alt=\"\(MarkupEscaping.html(alt))\"></p>"
            case .markdown:
                let destination = url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" })
                    ? url.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.subtracting(CharacterSet(charactersIn: "()<>"))) ?? url
                    : url
                return "\n\n![\(Self.markdownText(alt))](\(destination))"
            }
        }.joined()
    }

    /// Applies the properties to `post`: bake's header lines and the body through
    /// `EditPost.applying` (as `editPost` does), then the `@micropub_` lines.
    func applied(to post: StoredPost, dates: PostDate) throws(MicropubError) -> StoredPost {
        let changes = try changes(dates: dates)
        var edited = EditPost.applying(changes, to: post, dates: dates)
        let extra = extraHeader
        for line in post.header.fields where line.key.hasPrefix(Self.extraPrefix) && !extra.contains(where: { $0.key.name == line.key }) {
            if let key = HeaderKey(checked: line.key) { edited.header = edited.header.setting(key, to: nil) }
        }
        for kind in ResponseKind.allCases where !extra.contains(where: { $0.key == kind.header }) {
            edited.header = edited.header.setting(kind.header, to: nil)
        }
        for line in extra where edited.header[line.key] != line.value {
            edited.header = edited.header.setting(line.key, to: line.value)
        }
        return edited
    }
}

private extension MicropubEntry {
    /// `text` as Markdown that reads back as exactly that text: every ASCII punctuation
    /// character is escaped with a backslash, as CommonMark allows for any of them, so that no
    /// `*`, `_`, `` ` ``, `[`, `&` or `<` in an alt text becomes emphasis, code, a link, an entity
    /// or a tag, and smart punctuation leaves its quotes and dashes as they were sent. Line
    /// breaks become spaces: a blank line would end the image before its `]`.
    static func markdownText(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character.isNewline {
                escaped.append(" ")
                continue
            }
            if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
