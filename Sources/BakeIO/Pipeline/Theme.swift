import BakeKit
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
            // A theme written before categories and year pages gets the default theme's.
            let names = Set(templates.map(\.name))
            for name in TemplateSet.listNames where !names.contains(name) {
                let path = "templates/\(name).mustache"
                if let bytes = DefaultTheme.files[path], let text = String(validating: bytes, as: UTF8.self) {
                    templates.append(TemplateSet.Source(name: name, path: "(default theme) " + path, text: text))
                }
            }
        }
        self.templates = templates
        self.staticFiles = staticFiles
    }

    /// The theme's templates with the blog's `templates/` files in place of those of the same name.
    public func templates(overriddenBy overrides: [TemplateSet.Source]) -> [TemplateSet.Source] {
        let names = Set(overrides.map(\.name))
        return templates.filter { !names.contains($0.name) } + overrides
    }
}
