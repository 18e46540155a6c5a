import BakeKit
import Foundation

/// Runs the Liquid of a Jekyll body that means one thing whatever the site holds: `page.*` and
/// `site.*` values, filters such as `date`, `relative_url` and `escape`, and the tags `highlight`
/// (a fenced code block), `raw`, `comment`, `post_url` and `link` (the new URLs). The rest
/// (`include`, loops, conditions, plugins' tags, values Jekyll works out at build time) needs a
/// running Jekyll: it stays in the text, and `left` lists it.
///
/// URLs are written root-relative without the old `baseurl`, as bake puts the blog's own path in
/// front of root-relative links.
///
/// ```swift
/// let rendered = LiquidRenderer(context: context).render("# {{ page.title }}")
/// rendered.text  // "# Hello"
/// ```
struct LiquidRenderer {
    /// What the page may read.
    struct Context {
        /// `page.*`: front matter, with `title`, `date`, `url` and `slug` as Jekyll gives them.
        var page: [String: LiquidValue] = [:]
        /// `site.*`: `_config.yml`.
        var site: [String: LiquidValue] = [:]
        /// `post_url` names (`2010-10-18-slug`, or with its folder under `_posts`) → new URLs.
        var postURLs: [String: String] = [:]
        /// `link` paths (`_posts/2010-10-18-slug.md`, `about.md`) → new URLs.
        var links: [String: String] = [:]
        /// The body is HTML, not Markdown: `highlight` becomes `<pre><code>`.
        var isHTML = false
        /// For dates written as text, without an offset.
        var zone = TimeZone(identifier: "UTC")!
    }

    /// A body with its Liquid run.
    struct Rendered {
        let text: String
        /// The markup left as it was, in order.
        let left: [LiquidMarkup]
    }

    let context: Context

    func render(_ body: String) -> Rendered {
        render(LiquidReader.parts(of: body)[...])
    }
}

private extension LiquidRenderer {
    var baseurl: String {
        let base = context.site["baseurl"]?.text?.trimmingCharacters(in: CharacterSet(charactersIn: "/ ")) ?? ""
        return base.isEmpty ? "" : "/" + base
    }

    func render(_ parts: ArraySlice<LiquidReader.Part>) -> Rendered {
        var output = ""
        var left: [LiquidMarkup] = []
        var trimNext = false
        var index = parts.startIndex
        func leave(_ markup: LiquidMarkup) {
            output += markup.source
            left.append(markup)
            trimNext = false
        }
        func put(_ text: String, for markup: LiquidMarkup) {
            if markup.trimsBefore { while output.last?.isWhitespace == true { output.removeLast() } }
            output += text
            trimNext = markup.trimsAfter
        }
        while index < parts.endIndex {
            let part = parts[index]
            index += 1
            switch part {
            case .text(var text):
                if trimNext { text = String(text.drop { $0.isWhitespace }) }
                output += text
                trimNext = false
            case .output(let markup):
                let next = index < parts.endIndex ? parts[index] : nil
                let startsLink = switch next {
                case .text(let text): text.hasPrefix("/")
                case .tag(let tag): tag.name == "link" || tag.name == "post_url"
                default: false
                }
                let joined = if case .output = parts[safe: index - 2] { true } else { false }
                if let value = evaluate(markup.inner, startsLink: startsLink && !joined) {
                    put(value, for: markup)
                } else {
                    leave(markup)
                }
            case .tag(let markup):
                switch markup.name {
                case "raw", "comment", "highlight":
                    guard let end = self.end(of: markup.name, in: parts, from: index) else {
                        leave(markup)
                        continue
                    }
                    let inner = parts[index..<end]
                    index = end + 1
                    let closing = if case .tag(let closing) = parts[end] { closing } else { markup }
                    switch markup.name {
                    case "raw":
                        put(inner.map(\.source).joined(), for: markup)
                    case "comment":
                        put("", for: markup)
                    default:
                        let code = render(inner)
                        left += code.left
                        if markup.trimsBefore { while output.last?.isWhitespace == true { output.removeLast() } }
                        output += highlighted(code.text, language: markup.arguments, after: output, before: parts[safe: index])
                    }
                    trimNext = closing.trimsAfter
                case "post_url", "link":
                    // Jekyll takes either with or without a leading slash.
                    let name = String(markup.arguments.drop { $0 == "/" })
                    if let url = (markup.name == "link" ? context.links : context.postURLs)[name] { put(url, for: markup) } else { leave(markup) }
                default:
                    leave(markup)
                }
            }
        }
        return Rendered(text: output, left: left)
    }

    /// The index of the tag that ends the block `name` opened just before `start`.
    func end(of name: String, in parts: ArraySlice<LiquidReader.Part>, from start: Int) -> Int? {
        var depth = 0
        for index in start..<parts.endIndex {
            guard case .tag(let markup) = parts[index] else { continue }
            if markup.name == name, name == "comment" { depth += 1 }
            if markup.name == "end" + name {
                if depth == 0 { return index }
                depth -= 1
            }
        }
        return nil
    }

    /// A fenced code block (an escaped `<pre><code>` in HTML), alone on its lines.
    func highlighted(_ code: String, language: String, after output: String, before next: LiquidReader.Part?) -> String {
        var code = Substring(code)
        while code.first == "\n" || code.first == "\r" || code.first == "\r\n" { code = code.dropFirst() }
        while code.last == "\n" || code.last == "\r" || code.last == "\r\n" { code = code.dropLast() }
        let name = String(language.prefix { !$0.isWhitespace }.filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) })
        let lineStart = output.isEmpty || output.hasSuffix("\n") ? "" : "\n"
        let lineEnd = if case .text(let text) = next, text.hasPrefix("\n") || text.hasPrefix("\r\n") { "" } else { "\n" }
        if context.isHTML {
            let attribute = name.isEmpty ? "" : #" class="language-\#(name)""#
            return "\(lineStart)<pre><code\(attribute)>\(MarkupEscaping.html(String(code)))</code></pre>\(lineEnd)"
        }
        var longest = 0
        var run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(lineStart)\(fence)\(name)\n\(code)\n\(fence)\(lineEnd)"
    }

    /// What `{{ inner }}` shows, or nil when it depends on a running Jekyll.
    /// - Parameter startsLink: The markup is followed by `/` and not preceded by other output:
    ///   `{{ site.baseurl }}` there starts a root-relative link, which bake writes without it.
    func evaluate(_ inner: String, startsLink: Bool) -> String? {
        let pieces = Self.split(inner, at: "|")
        guard let first = pieces.first?.trimmingCharacters(in: .whitespaces), !first.isEmpty else { return nil }
        if first == "site.baseurl", pieces.count == 1, startsLink { return "" }
        guard var value = self.value(first) else { return nil }
        for filter in pieces.dropFirst() {
            guard let result = apply(filter.trimmingCharacters(in: .whitespacesAndNewlines), to: value) else { return nil }
            value = result
        }
        return value.text
    }

    /// A literal or a `page.`/`site.` variable.
    func value(_ expression: String) -> LiquidValue? {
        if expression.count >= 2, let quote = expression.first, quote == "\"" || quote == "'", expression.last == quote {
            return .text(String(expression.dropFirst().dropLast()))
        }
        if expression.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }), expression.first?.isNumber == true || expression.first == "-" {
            return .text(expression)
        }
        let path = expression.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.count >= 2, path.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) else { return nil }
        var value: LiquidValue
        switch path[0] {
        case "page": value = .map(context.page)
        case "site": value = .map(context.site)
        default: return nil
        }
        for key in path.dropFirst() {
            guard case .map(let values) = value, let next = values[key] else { return nil }
            value = next
        }
        return value
    }

    /// `value` through one filter, e.g. `date: "%b %-d, %Y"`; nil for an unknown filter.
    func apply(_ filter: String, to value: LiquidValue) -> LiquidValue? {
        let name: String
        var arguments: [LiquidValue] = []
        if let colon = filter.firstIndex(of: ":") {
            name = filter[..<colon].trimmingCharacters(in: .whitespaces)
            for argument in Self.split(String(filter[filter.index(after: colon)...]), at: ",") {
                guard let argument = self.value(argument.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
                arguments.append(argument)
            }
        } else {
            name = filter
        }
        let argumentTexts = arguments.compactMap(\.text)
        guard argumentTexts.count == arguments.count else { return nil }
        switch (name, argumentTexts.count) {
        case ("date", 1):
            guard let date = date(value), let text = StrftimeFormat(argumentTexts[0])?.format(date) else { return nil }
            return .text(text)
        case ("date_to_string", 0...2), ("date_to_long_string", 0...2):
            guard let date = date(value) else { return nil }
            return Self.dateToString(date, long: name == "date_to_long_string", type: argumentTexts.first, style: argumentTexts.dropFirst().first).map(LiquidValue.text)
        case ("date_to_xmlschema", 0):
            return date(value).map { .text($0.rfc3339) }
        case ("date_to_rfc822", 0):
            return date(value).map { .text($0.rfc822) }
        case ("relative_url", 0):
            return value.text.map { .text(relativeURL($0)) }
        case ("absolute_url", 0):
            return value.text.map { .text(absoluteURL($0)) }
        case ("escape", 0):
            return value.text.map { .text(MarkupEscaping.html($0)) }
        case ("xml_escape", 0):
            // Ruby's `encode(xml: :attr)` leaves the apostrophe be.
            return value.text.map { .text(MarkupEscaping.html($0).replacingOccurrences(of: "&#39;", with: "'")) }
        case ("upcase", 0):
            return value.text.map { .text($0.uppercased()) }
        case ("downcase", 0):
            return value.text.map { .text($0.lowercased()) }
        case ("capitalize", 0):
            return value.text.map { .text($0.prefix(1).uppercased() + $0.dropFirst().lowercased()) }
        case ("strip", 0):
            return value.text.map { .text($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        case ("append", 1):
            return value.text.map { .text($0 + argumentTexts[0]) }
        case ("prepend", 1):
            return value.text.map { .text(argumentTexts[0] + $0) }
        case ("default", 1):
            let isBlank = value == .empty || value == .text("") || value == .text("false") || value == .list([])
            return isBlank ? arguments[0] : value
        case ("join", 0...1):
            guard case .list(let values) = value else { return nil }
            let texts = values.compactMap(\.text)
            return texts.count == values.count ? .text(texts.joined(separator: argumentTexts.first ?? " ")) : nil
        default:
            return nil
        }
    }

    /// A date, or text that reads as one; never `now` or `today`, which a build decides.
    func date(_ value: LiquidValue) -> CivilTime? {
        switch value {
        case .date(let date): date
        case .text(let text): ImportDate.civil(text, zone: context.zone)
        default: nil
        }
    }

    /// Jekyll's `relative_url`, without the old `baseurl`: bake adds the blog's own path.
    func relativeURL(_ input: String) -> String {
        if Self.isAbsolute(input) { return input }
        return input.hasPrefix("/") ? input : "/" + input
    }

    /// Jekyll's `absolute_url`: the old site's URL, `baseurl` and the path.
    func absoluteURL(_ input: String) -> String {
        if Self.isAbsolute(input) { return input }
        guard var url = context.site["url"]?.text, !url.isEmpty else { return relativeURL(input) }
        while url.hasSuffix("/") { url.removeLast() }
        return url + baseurl + relativeURL(input)
    }

    static func isAbsolute(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } && url.first?.isLetter == true
    }

    /// Jekyll's `date_to_string` (`07 Nov 2008`) and `date_to_long_string` (`07 November 2008`),
    /// with the `ordinal` type (`7th Nov 2008`) and its `US` style (`Nov 7th, 2008`).
    static func dateToString(_ date: CivilTime, long: Bool, type: String?, style: String?) -> String? {
        let month = long ? CivilTime.monthNames[date.month - 1] : String(CivilTime.monthNames[date.month - 1].prefix(3))
        guard type == "ordinal" else { return StrftimeFormat("%d \(long ? "%B" : "%b") %Y")?.format(date) }
        let suffix = switch date.day % 100 {
        case 11, 12, 13: "th"
        default: [1: "st", 2: "nd", 3: "rd"][date.day % 10] ?? "th"
        }
        let day = "\(date.day)\(suffix)"
        return style == "US" ? "\(month) \(day), \(date.year)" : "\(day) \(month) \(date.year)"
    }

    /// `text` split at `separator`s outside quotes.
    static func split(_ text: String, at separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == separator {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }
}

extension LiquidReader.Part {
    /// The part as it was written.
    var source: String {
        switch self {
        case .text(let text): text
        case .output(let markup), .tag(let markup): markup.source
        }
    }
}

private extension ArraySlice {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
