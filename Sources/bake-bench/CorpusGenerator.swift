import BakeIO
import BakeKit
import Foundation

/// Writes a deterministic blog of `posts` realistic posts: 80–400 words of Markdown with
/// headings, links, lists, code blocks in Swift, Python and shell (nearly every one its own),
/// some tables and non-ASCII text; about 10% untitled and 15% link posts; two pages. The
/// same seed, count and `highlight` always give the same bytes.
struct CorpusGenerator {
    let posts: Int
    let seed: UInt64
    /// Whether the blog's code is highlighted (without, its settings say `@highlight false`).
    var highlight = true

    func write(to root: String) throws {
        var random = SplitMix64(seed: seed)
        try FileIO.writeAtomically(Array(settings.utf8), to: root + "/site.settings", durable: false)
        try FileIO.writeAtomically(Array("@title About\n\nA generated blog for measuring bake.\n".utf8), to: root + "/pages/about.markdown", durable: false)
        try FileIO.writeAtomically(Array("@title Colophon\n\nBaked by bake.\n".utf8), to: root + "/pages/colophon.markdown", durable: false)
        // One post about every 13 hours, ending in 2026, so 10,000 posts span about 15 years.
        let end: Int64 = 1_790_000_000
        let step: Int64 = 47_000
        for index in 0..<posts {
            let seconds = end - Int64(posts - index) * step + Int64(random.next() % 3600)
            let file = post(number: index, at: Timestamp(seconds: seconds), random: &random)
            try FileIO.writeAtomically(Array(file.text.utf8), to: root + "/" + file.path, durable: false)
        }
    }

    /// One post: its path relative to the blog, and its text.
    func post(number: Int, at date: Timestamp, random: inout SplitMix64) -> (path: String, text: String) {
        let civil = date.civil(in: zone)
        let roll = random.next() % 100
        let untitled = roll < 10
        let isLink = roll >= 10 && roll < 25
        let title = untitled ? "" : sentence(words: 3 + Int(random.next() % 6), random: &random, capitalized: true)
        let slug = untitled ? "note-\(number)" : Slug.make(from: title) + "-\(number)"
        var fields: [(key: String, value: String)] = []
        if !untitled { fields.append((HeaderKey.title.name, title)) }
        fields.append((HeaderKey.pubDate.name, civil.rfc3339))
        if isLink { fields.append((HeaderKey.link.name, "https://example.org/\(Slug.make(from: title))")) }
        if random.next() % 3 == 0 {
            fields.append((HeaderKey.categoryArray.name, (0..<(1 + Int(random.next() % 3))).map { _ in Self.categories[Int(random.next() % UInt64(Self.categories.count))] }.joined(separator: ", ")))
        }
        fields.append((HeaderKey.dbid.name, String(100_000 + number)))
        let body = self.body(words: 80 + Int(random.next() % 321), random: &random)
        let path = "posts/\(civil.year)/\(two(civil.month))/\(two(civil.day))/\(slug).markdown"
        return (path, PostFile(fields: fields, body: body).text)
    }

    func body(words target: Int, random: inout SplitMix64) -> String {
        var text = ""
        var written = 0
        while written < target {
            switch random.next() % 12 {
            case 0:
                text += "## \(sentence(words: 3 + Int(random.next() % 4), random: &random, capitalized: true))\n\n"
                written += 4
            case 1:
                for _ in 0..<(2 + Int(random.next() % 4)) {
                    text += "- \(sentence(words: 4 + Int(random.next() % 6), random: &random, capitalized: true))\n"
                    written += 6
                }
                text += "\n"
            case 2:
                text += codeBlock(random: &random)
                written += 15
            case 3 where random.next() % 3 == 0:
                text += "| Tool | Posts | Time |\n|:-----|------:|-----:|\n"
                for _ in 0..<3 {
                    text += "| \(Self.words[Int(random.next() % UInt64(Self.words.count))]) | \(random.next() % 10_000) | \(random.next() % 100) ms |\n"
                }
                text += "\n"
                written += 12
            case 4:
                text += "> \(sentence(words: 10 + Int(random.next() % 10), random: &random, capitalized: true)).\n\n"
                written += 15
            default:
                var paragraph = ""
                let count = 20 + Int(random.next() % 40)
                for index in 0..<count {
                    var word = Self.words[Int(random.next() % UInt64(Self.words.count))]
                    if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                    switch random.next() % 40 {
                    case 0: word = "[\(word)](https://example.com/\(word))"
                    case 1: word = "*\(word)*"
                    case 2: word = "**\(word)**"
                    case 3: word = "`\(word)`"
                    case 4: word = "[\(word)](/\(word).html)"
                    default: break
                    }
                    paragraph += (index == 0 ? "" : " ") + word
                }
                text += paragraph + ".\n\n"
                written += count
            }
        }
        return text
    }

    /// A fenced block of Swift, Python or shell, with names and numbers drawn for it.
    func codeBlock(random: inout SplitMix64) -> String {
        let name = Self.identifiers[Int(random.next() % UInt64(Self.identifiers.count))]
        let other = Self.identifiers[Int(random.next() % UInt64(Self.identifiers.count))]
        let number = random.next() % 100_000
        switch random.next() % 3 {
        case 0:
            return "```swift\nlet \(name) = try await site.load(\"\(number)\")\nfor post in \(name) where post.\(other) {\n    print(post.title, \(number % 97))\n}\n```\n\n"
        case 1:
            return "```python\ndef \(name)_\(number)(posts):\n    \"\"\"Posts about \(other).\"\"\"\n    return [p for p in posts if \"\(other)\" in p.tags and p.year >= \(1990 + number % 40)]\n```\n\n"
        default:
            return "```sh\nbake build ~/\(name) --output /tmp/\(other)-\(number)\nrsync -av /tmp/\(other)-\(number)/ me@example.com:www/\(name)/  # \(number % 13) files\n```\n\n"
        }
    }

    func sentence(words count: Int, random: inout SplitMix64, capitalized: Bool) -> String {
        var words: [String] = []
        for _ in 0..<count { words.append(Self.words[Int(random.next() % UInt64(Self.words.count))]) }
        var text = words.joined(separator: " ")
        if capitalized { text = text.prefix(1).uppercased() + text.dropFirst() }
        return text
    }

    var settings: String {
        """
        @site_name Generated Blog
        @site_url https://bench.example.com
        @site_description \(posts) generated posts for measuring bake
        @author Bench
        @time_zone America/Los_Angeles
        @home_post_count 8
        @feed_post_count 20
        \(highlight ? "" : "@highlight false\n")
        """
    }

    let zone = TimeZone(identifier: "America/Los_Angeles")!

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static let categories = ["Swift", "Writing", "Web", "Tools", "Photos", "Links", "Café"]
    static let words = [
        "the", "a", "blog", "post", "write", "own", "words", "server", "static", "site", "feed", "reader", "markdown",
        "calendar", "folder", "editor", "draft", "publish", "link", "archive", "month", "year", "swift", "fast", "quiet",
        "page", "template", "theme", "typography", "coffee", "morning", "evening", "notes", "idea", "paper", "garden",
        "river", "mountain", "city", "library", "music", "café", "naïve", "résumé", "jalapeño", "über", "straße", "東京",
        "日本語", "emoji 🎉", "tea ☕️", "and", "of", "to", "in", "is", "that", "for", "it", "with", "as", "was", "on",
        "be", "at", "by", "this", "from", "or", "have", "an", "but", "not", "what", "all", "were", "when", "we", "there",
        "can", "your", "which", "their", "said", "if", "do", "will", "each", "about", "how", "up", "out", "them", "then",
    ]
    /// The words that can name things in code.
    static let identifiers = words.filter { $0.count > 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
}

/// A small, fast, deterministic pseudo-random generator (Steele, Lea & Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
