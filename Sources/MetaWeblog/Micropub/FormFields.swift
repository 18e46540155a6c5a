/// The fields of an `application/x-www-form-urlencoded` body or a query string, in order.
///
/// ```swift
/// FormFields("h=entry&category[]=a&category[]=b+c").values("category")   // ["a", "b c"]
/// ```
struct FormFields: Sendable, Hashable {
    /// Each name and value, decoded, in the order sent.
    let pairs: [(name: String, value: String)]
    /// The positions in `pairs` of each name without its `[]`, so that looking a name up
    /// costs the same however many fields were sent: the whole form reads in linear time.
    private let positions: [String: [Int]]

    /// The fields in `text`; a `+` is a space, and `%XX` a byte. A name ending in `[]` is
    /// kept as sent; `values` finds it under both names.
    init(_ text: String) {
        self.init(pairs: text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        })
    }

    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
        var positions: [String: [Int]] = [:]
        for (index, pair) in pairs.enumerated() {
            positions[Self.base(pair.name), default: []].append(index)
        }
        self.positions = positions
    }

    /// Every value of `name` and of `name[]`, in order.
    func values(_ name: String) -> [String] {
        (positions[Self.base(name)] ?? []).lazy.map { pairs[$0] }.filter { $0.name == name || $0.name == name + "[]" }.map(\.value)
    }

    /// The first value of `name`.
    subscript(name: String) -> String? {
        values(name).first
    }

    /// The field names, without `[]`, once each, in order.
    var names: [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for pair in pairs {
            let name = Self.base(pair.name)
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.map(\.name) == rhs.pairs.map(\.name) && lhs.pairs.map(\.value) == rhs.pairs.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }
}

private extension FormFields {
    /// A field's name without its `[]`.
    static func base(_ name: String) -> String {
        name.hasSuffix("[]") ? String(name.dropLast(2)) : name
    }

    /// Percent-decoding; a `%` not followed by two hex digits stays as it is, and bytes that
    /// are not UTF-8 become U+FFFD.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
