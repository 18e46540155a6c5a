import BakeKit
import Foundation
import XMLRPC

/// What an editor's post struct asks to change. A member the struct leaves out is nil, and
/// leaves that part of the post as it is.
///
/// | member | file |
/// | ------ | ---- |
/// | `title` | `@title` |
/// | `description` (and `mt_text_more`, after a `<!--more-->` line) | the body |
/// | `link` | `@link` |
/// | `dateCreated` (or `date_created_gmt`) | `@pubDate` |
/// | `categories` | `@categoryArray` |
/// | `mt_keywords`, `mt_excerpt` | `@mt_keywords`, `@mt_excerpt` |
/// | `wp_slug` or `mt_basename` | the file name of a new post |
/// | `mt_convert_breaks` | `.markdown` or `.html` for a new post (see `TextFilter`) |
/// | `post_status` | `publish` or `draft` (`future` and `pending`, `private` read as those); wins over the publish flag |
struct PostChanges: Sendable {
    var title: String?
    var description: String?
    var textMore: String?
    var link: String?
    var dateCreated: Timestamp?
    var categories: [String]?
    var keywords: String?
    var excerpt: String?
    var slug: String?
    var format: BodyFormat?
    var status: Post.Status?

    /// No changes: every part of the post stays as it is.
    init() {}

    /// Reads the struct that is parameter `index` of a call; throws -32602 for a member of the
    /// wrong type, or for a date whose year in the site's zone is not 0–9999 (no file can hold it).
    init(_ members: XMLRPCStruct, parameter index: Int, of parameters: Parameters, dates: PostDate) throws(MetaWeblogError) {
        let reader = MemberReader(members: members, index: index, parameters: parameters)
        title = try reader.text("title")
        description = try reader.text("description")
        textMore = try reader.text("mt_text_more")
        link = try reader.text("link")
        // WordPress takes the keywords as one comma-separated string or as an array of them.
        keywords = try reader.textArray("mt_keywords").map { $0.joined(separator: ", ") }
        excerpt = try reader.text("mt_excerpt")
        let wordPressSlug = try reader.text("wp_slug")
        let basename = try reader.text("mt_basename")
        slug = [wordPressSlug, basename].compactMap { $0 }.first { !$0.isEmpty }
        categories = try reader.textArray("categories")
        dateCreated = try reader.timestamp("dateCreated", readIn: dates, site: dates)
        if dateCreated == nil {
            dateCreated = try reader.timestamp("date_created_gmt", readIn: PostDate(timeZone: TimeZone(identifier: "UTC")!), site: dates)
        }
        status = try reader.status("post_status")
        if let value = reader.value("mt_convert_breaks") {
            guard let format = TextFilter.format(for: value) else {
                throw parameters.invalid(index, "content", "has mt_convert_breaks \(value.shortDescription); expected markdown, html, 1 or 0 (see mt.supportedTextFilters)")
            }
            self.format = format
        }
    }

    /// The body: the description, then the extended text after a `<!--more-->` line when there is any.
    static func body(description: String, more: String) -> String {
        more.isEmpty ? description : description + moreSeparator + more
    }

    /// What stands between a description and its extended text in the file.
    static let moreSeparator = "\n\n<!--more-->\n\n"
}

/// Reads the members of one struct parameter, naming the member in faults.
struct MemberReader {
    let members: XMLRPCStruct
    let index: Int
    let parameters: Parameters

    /// The member, or nil when it is absent or `<nil/>`.
    func value(_ name: String) -> XMLRPCValue? {
        guard let value = members[name], !value.isNil else { return nil }
        return value
    }

    func text(_ name: String) throws(MetaWeblogError) -> String? {
        guard let value = value(name) else { return nil }
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: throw wrongType(name, value, expected: "a string")
        }
    }

    /// `publish` or `draft` (`future` and `pending`, `private` read as those), or nil when absent or empty.
    func status(_ name: String) throws(MetaWeblogError) -> Post.Status? {
        guard let value = try text(name), !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "publish", "future": return .published
        case "draft", "pending", "private": return .draft
        default: throw parameters.invalid(index, "content", "has \(name) \"\(LogText.clipped(value))\"; expected publish or draft")
        }
    }

    func textArray(_ name: String) throws(MetaWeblogError) -> [String]? {
        guard let value = value(name) else { return nil }
        // A lone string is taken as a one-element list, as some clients send it.
        if case .string(let text) = value { return [text] }
        guard let elements = value.arrayValue else { throw wrongType(name, value, expected: "an array of strings") }
        var names: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw wrongType(name, element, expected: "an array of strings", element: true) }
            names.append(text)
        }
        return names
    }

    func dateTime(_ name: String) throws(MetaWeblogError) -> XMLRPCDateTime? {
        guard let value = value(name) else { return nil }
        switch value {
        case .dateTime(let dateTime): return dateTime
        // Some clients send the date as a string; an empty one means none.
        case .string(let text) where text.isEmpty: return nil
        case .string(let text):
            guard let dateTime = XMLRPCDateTime(iso8601: text) else {
                throw parameters.invalid(index, "content", "has \(name) \(value.shortDescription); expected a dateTime.iso8601 such as 20140331T20:16:46")
            }
            return dateTime
        default: throw wrongType(name, value, expected: "a dateTime.iso8601")
        }
    }

    /// The moment a date member names, read in `zone` when it has no offset; it must fall in a
    /// year the site's calendar folders and `@pubDate` can name.
    func timestamp(_ name: String, readIn zone: PostDate, site: PostDate) throws(MetaWeblogError) -> Timestamp? {
        guard let dateTime = try dateTime(name) else { return nil }
        guard let timestamp = zone.timestamp(dateTime), site.canFile(timestamp) else {
            throw parameters.invalid(
                index, "content",
                "has \(name) \(dateTime.iso8601); expected a date in the years 0 to 9999 in the site's time zone (\(site.timeZone.identifier))"
            )
        }
        return timestamp
    }

    func wrongType(_ name: String, _ value: XMLRPCValue, expected: String, element: Bool = false) -> MetaWeblogError {
        parameters.invalid(index, "content", "has \(element ? "an element of " : "")\(name) that is \(value.typeDescription); expected \(expected)")
    }
}
