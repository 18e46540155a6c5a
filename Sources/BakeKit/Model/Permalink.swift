/// Where a post lives for good: `YYYY/MM/DD/<slug>.html`, fixed by the post's folder and file name.
public struct Permalink: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int
    /// The file name without its extension.
    public let slug: String
    /// The output path, e.g. `2014/03/31/mark_all_as_read.html`; made once, as every page
    /// that links to the post needs it.
    public let path: String

    public init(year: Int, month: Int, day: Int, slug: String) {
        self.year = year
        self.month = month
        self.day = day
        self.slug = slug
        self.path = "\(Self.fourDigits(year))/\(Self.twoDigits(month))/\(Self.twoDigits(day))/\(slug).html"
    }

    /// The permalink of a file at `YYYY/MM/DD/<slug>.<ext>` (relative to `posts/`), or nil.
    public init?(calendarPath: String) {
        let parts = calendarPath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4,
              parts[0].count == 4, let year = Int(parts[0]),
              parts[1].count == 2, let month = Int(parts[1]),
              parts[2].count == 2, let day = Int(parts[2]),
              CivilTime.isValid(year: year, month: month, day: day)
        else { return nil }
        let slug = BodyFormat.stem(of: String(parts[3]))
        guard !slug.isEmpty else { return nil }
        self.init(year: year, month: month, day: day, slug: slug)
    }

    /// The month's folder, e.g. `2014/03/`.
    public var monthFolder: String { "\(Self.fourDigits(year))/\(Self.twoDigits(month))/" }

    /// The month this permalink belongs to.
    public var monthKey: MonthKey { MonthKey(year: year, month: month) }

    public static func < (lhs: Permalink, rhs: Permalink) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.slug) < (rhs.year, rhs.month, rhs.day, rhs.slug)
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A year as its calendar folder names it, `0999` for 999, so that a path made from a
    /// permalink reads back as the same permalink.
    public static func fourDigits(_ year: Int) -> String {
        let digits = String(year)
        return digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
    }
}

/// A calendar month, the unit of the archive.
public struct MonthKey: Sendable, Hashable, Comparable, Encodable {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The archive page's folder, e.g. `2014/03/`.
    public var folder: String { "\(Permalink.fourDigits(year))/\(Permalink.twoDigits(month))/" }

    /// E.g. `March 2014`.
    public var label: String { "\(CivilTime.monthNames[month - 1]) \(year)" }

    public static func < (lhs: MonthKey, rhs: MonthKey) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
