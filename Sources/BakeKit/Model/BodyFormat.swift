/// How a body is written: Markdown (`.markdown`, `.md`) or HTML (`.html`).
public enum BodyFormat: String, Sendable, Hashable {
    case markdown
    case html

    /// The format for a file name's extension, or nil for files that are not posts.
    public init?(fileName: String) {
        if fileName.hasSuffix(".markdown") || fileName.hasSuffix(".md") {
            self = .markdown
        } else if fileName.hasSuffix(".html") {
            self = .html
        } else {
            return nil
        }
    }

    /// The file name without its extension.
    public static func stem(of fileName: String) -> String {
        for ext in [".markdown", ".md", ".html"] where fileName.hasSuffix(ext) {
            return String(fileName.dropLast(ext.count))
        }
        return fileName
    }
}
