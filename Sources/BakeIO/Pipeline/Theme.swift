import BakeKit
import Foundation
import DefaultTheme

/// The theme's files merged with the blog's `templates/` and `static/` overrides: templates
/// by name, static files by path.
public struct Theme: Sendable {
    /// The templates, blog's own first.
    public let templates: [TemplateSet.Source]
    /// Static files of the theme, by path relative to the theme's `static/`.
    public let staticFiles: [String: [UInt8]]

    /// The theme compiled into bake, or the one in `folder` when given.
    public init(folder: String?) throws(BuildFailure) {
        var files: [String: [UInt8]] = [:]
        if let folder {
            guard FileIO.isFolder(folder) else {
                throw BuildFailure([Diagnostic(path: folder, line: nil, message: "is not a folder; expected a theme folder with templates/ and static/")])
            }
            do {
                for entry in try FileTree.scan(folder) {
                    files[entry.path] = try FileIO.read(folder + "/" + entry.path)
                }
            } catch {
                throw BuildFailure([error.diagnostic()])
            }
        } else {
            files = DefaultTheme.files
        }
        var templates: [TemplateSet.Source] = []
        var staticFiles: [String: [UInt8]] = [:]
        var problems: [Diagnostic] = []
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            if path.hasPrefix("templates/"), path.hasSuffix(".mustache") {
                let name = String(path.dropFirst("templates/".count).dropLast(".mustache".count))
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    problems.append(TemplateError(path: path, line: nil, reason: .invalidUTF8).diagnostic)
                    continue
                }
                templates.append(TemplateSet.Source(name: name, path: (folder.map { $0 + "/" } ?? "(default theme) ") + path, text: text))
            } else if path.hasPrefix("static/") {
                staticFiles[String(path.dropFirst("static/".count))] = bytes
            }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        if folder != nil {
            templates += Self.defaultListTemplates(missingFrom: Set(templates.map(\.name)))
        }
        self.templates = templates
        self.staticFiles = staticFiles
    }

    /// For a theme written before categories and year pages, the default theme's templates of
    /// those pages, with the partials they use (`layout`, `article`, `pager`…) renamed
    /// `bake_default_…`: the theme may have partials of the same names made for other blocks and
    /// contexts, or none at all.
    static let defaultPrefix = "bake_default_"

    static func defaultListTemplates(missingFrom names: Set<String>) -> [TemplateSet.Source] {
        var sources: [TemplateSet.Source] = []
        var queue = TemplateSet.listNames.filter { !names.contains($0) }.map { (name: $0, as: $0) }
        var seen = Set(queue.map(\.name))
        while let (name, newName) = queue.popLast() {
            let path = "templates/\(name).mustache"
            guard let bytes = DefaultTheme.files[path], let text = String(validating: bytes, as: UTF8.self) else { continue }
            let (rewritten, partials) = Self.namespacingPartials(text)
            sources.append(TemplateSet.Source(name: newName, path: "(default theme) " + path, text: rewritten))
            for partial in partials where seen.insert(partial).inserted {
                queue.append((partial, Self.defaultPrefix + partial))
            }
        }
        return sources
    }

    /// `text` with each `{{> name}}` and `{{< name}}` (and the `{{/name}}` closing a parent)
    /// naming `bake_default_name`, and those names.
    static func namespacingPartials(_ text: String) -> (text: String, partials: [String]) {
        var output = ""
        var partials: [String] = []
        var parents: Set<String> = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            output += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let kind = rest.first, kind == ">" || kind == "<" || kind == "/", let close = rest.range(of: "}}") else { continue }
            let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.hasPrefix("*"), kind != "/" || parents.contains(name) else { continue }
            if kind == "<" { parents.insert(name) }
            if kind != "/" { partials.append(name) }
            output += "\(kind)\(Self.defaultPrefix)\(name)"
            rest = rest[close.lowerBound...]
        }
        output += rest
        return (output, partials)
    }

    /// The theme's templates with the blog's `templates/` files in place of those of the same name.
    public func templates(overriddenBy overrides: [TemplateSet.Source]) -> [TemplateSet.Source] {
        let names = Set(overrides.map(\.name))
        return templates.filter { !names.contains($0.name) } + overrides
    }
}
