/// The `site.settings` keys of Wildcat, bake's Ruby ancestor, read as bake's own, and the
/// warning about a key bake does not know; both from `SettingKey`, the table of every key.
///
/// ```swift
/// SettingAliases.resolve(metadata)["output"]   // the value of `@output_folder`
/// SettingAliases.warnings(for: metadata)       // site.settings:3: warning: … did you mean `feed_title`?
/// ```
public enum SettingAliases {
    /// Wildcat's name → bake's name.
    public static let table: [(wildcat: String, bake: String)] = SettingKey.all.flatMap { key in
        key.aliases.map { (wildcat: $0, bake: key.name) }
    }

    /// Every key bake reads from `site.settings` under its own name.
    public static let known: Set<String> = Set(SettingKey.all.map(\.name))

    /// The settings with each Wildcat line followed by a copy under bake's name, on the same
    /// line (the Wildcat name stays, for themes that read `site.meta.<key>`). When a file has
    /// both names, bake's own wins wherever it stands.
    public static func resolve(_ metadata: PostMetadata) -> PostMetadata {
        let aliases = Dictionary(uniqueKeysWithValues: table.map { ($0.wildcat, $0.bake) })
        guard metadata.fields.contains(where: { aliases[$0.key] != nil }) else { return metadata }
        let own = Set(metadata.fields.map(\.key))
        var fields: [PostMetadata.Field] = []
        for field in metadata.fields {
            fields.append(field)
            if let bake = aliases[field.key], !own.contains(bake) {
                fields.append(.init(key: bake, value: field.value, line: field.line))
            }
        }
        return PostMetadata(fields: fields)
    }

    /// A warning for each key bake does not know, naming the nearest known key when one is close.
    public static func warnings(for metadata: PostMetadata, path: String = "site.settings") -> [Diagnostic] {
        let names = known.union(table.map(\.wildcat))
        return metadata.fields.filter { !names.contains($0.key) }.map { field in
            var message = "warning: bake does not know the setting `\(field.key)`; it is ignored"
            if let near = nearest(to: field.key, in: names) { message += " (did you mean `\(near)`?)" }
            return Diagnostic(path: path, line: field.line, message: message)
        }
    }

    /// The known key fewest edits away from `key`, if it is close enough to be a typing slip.
    static func nearest(to key: String, in names: Set<String>) -> String? {
        let limit = max(1, key.count / 4)
        var best: (name: String, distance: Int)?
        for name in names.sorted() {
            let distance = editDistance(Array(key), Array(name))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
