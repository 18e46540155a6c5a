import BakeKit
import Yams

/// The YAML block between `---` lines at the top of a Jekyll file, and the body after it.
struct FrontMatter {
    /// The top-level keys, with their values and 1-based lines in the file.
    let values: [String: (node: Node, line: Int)]
    /// The keys in the order they appear.
    let keys: [String]
    let body: String
    /// The file's line where the body starts.
    let bodyLine: Int

    /// The front matter of `text`, or nil when the file has none (Jekyll then copies it as it is).
    /// - Throws: An `ImportError` naming `path` and the line, for an unclosed block or bad YAML.
    static func parse(_ text: String, path: String) throws(ImportError) -> FrontMatter? {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, isFence(first, opening: true) else { return nil }
        guard let closing = lines.indices.dropFirst().first(where: { isFence(lines[$0], opening: false) }) else {
            throw ImportError(path: path, line: 1, message: "the front matter that starts here never ends; expected a closing `---` line after the YAML")
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        let body = lines[(closing + 1)...].joined(separator: "\n") + (text.hasSuffix("\n") && closing + 1 < lines.count ? "\n" : "")
        return try FrontMatter(yaml: yaml, path: path, firstLine: 2, body: body, bodyLine: closing + 2)
    }

    /// A whole file of YAML, such as `_config.yml`, read as front matter with no body.
    static func parse(yamlFile text: String, path: String) throws(ImportError) -> FrontMatter {
        try FrontMatter(yaml: text, path: path, firstLine: 1, body: "", bodyLine: 0)
    }

    /// - Parameter firstLine: The file's line where the YAML starts.
    private init(yaml: String, path: String, firstLine: Int, body: String, bodyLine: Int) throws(ImportError) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw Self.error(error, path: path, firstLine: firstLine)
        } catch {
            throw ImportError(path: path, line: firstLine, message: "cannot read the front matter (\(error)); expected YAML `key: value` lines")
        }
        var values: [String: (node: Node, line: Int)] = [:]
        var keys: [String] = []
        if let root, root.null == nil {
            guard let mapping = root.mapping else {
                throw ImportError(path: path, line: (root.mark?.line ?? 1) + firstLine - 1, message: "the YAML is not a list of keys; expected `key: value` lines")
            }
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                keys.append(name)
                values[name] = (value, (value.mark?.line ?? key.mark?.line ?? 1) + firstLine - 1)
            }
        }
        self.values = values
        self.keys = keys
        self.body = body
        self.bodyLine = bodyLine
    }

    /// The body from its first line with text (Jekyll bodies usually start with a blank line
    /// after the front matter), and the file's line where that is.
    var bodyWithoutLeadingBlankLines: (body: Substring, line: Int) {
        var body = Substring(self.body)
        var line = bodyLine
        while let newline = body.firstIndex(of: "\n"), body[..<newline].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            body = body[body.index(after: newline)...]
            line += 1
        }
        return (body, line)
    }

    /// The text of a scalar value, or nil when absent or null.
    func text(_ key: String) -> String? {
        guard let value = values[key]?.node, value.null == nil, let scalar = value.scalar else { return nil }
        return scalar.string
    }

    /// A list value: a YAML sequence, or a scalar split at spaces as Jekyll splits `categories: a b`.
    func list(_ key: String, splittingScalars: Bool = true) -> [String] {
        guard let value = values[key]?.node, value.null == nil else { return [] }
        if let sequence = value.sequence {
            return sequence.compactMap { $0.scalar?.string }.filter { !$0.isEmpty }
        }
        guard let text = value.scalar?.string else { return [] }
        return splittingScalars ? text.split(whereSeparator: \.isWhitespace).map(String.init) : [text]
    }
}

private extension FrontMatter {
    static func isFence(_ line: Substring, opening: Bool) -> Bool {
        var line = line
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
        return line == "---" || (!opening && line == "...")
    }

    static func error(_ error: YamlError, path: String, firstLine: Int) -> ImportError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ImportError(path: path, line: mark.line + firstLine - 1, message: "cannot read the front matter: \(problem); expected YAML `key: value` lines")
        default:
            return ImportError(path: path, line: firstLine, message: "cannot read the front matter (\(error)); expected YAML `key: value` lines")
        }
    }
}
