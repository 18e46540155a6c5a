import Foundation

/// A media file name that is safe to write and to put in a URL: one path component of
/// ASCII letters, digits, `-`, `_` and `.`, never hidden, never `..`.
///
/// Only the last component of the name an editor sends is kept; accents are folded, other
/// characters become `-`, runs of dots become one, and leading dots and dashes go.
///
/// ```swift
/// MediaName("../../etc/passwd").text      // "passwd"
/// MediaName(".htaccess").text             // "htaccess"
/// MediaName("Café Menu.JPG").text         // "Cafe-Menu.JPG"
/// MediaName("..").text                    // "media"
/// ```
struct MediaName: Sendable, Hashable {
    /// The longest name, in characters; longer ones are cut before the extension.
    static let maxLength = 100

    /// The safe name.
    let text: String

    init(_ requested: String) {
        let last = requested.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let folded = last.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var name = ""
        for scalar in folded.unicodeScalars {
            let character: Character
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-" {
                character = Character(scalar)
            } else if scalar == "." {
                character = "."
            } else {
                character = "-"
            }
            // No runs of dots or dashes: ".." can never appear, and names stay readable.
            if (character == "." || character == "-"), let previous = name.last, previous == "." || previous == "-" {
                if character == "." { name.removeLast(); name.append(".") }
                continue
            }
            name.append(character)
        }
        while let first = name.first, first == "." || first == "-" { name.removeFirst() }
        while let last = name.last, last == "." || last == "-" { name.removeLast() }
        text = Self.shortened(name.isEmpty ? "media" : name)
    }
}

private extension MediaName {
    /// Cuts a long name before its extension (an extension of up to 10 characters is kept).
    static func shortened(_ name: String) -> String {
        guard name.count > maxLength else { return name }
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) }.flatMap { $0.count <= 10 ? $0 : nil } ?? ""
        var stem = String(name.dropLast(ext.count).prefix(maxLength - ext.count))
        while let last = stem.last, last == "." || last == "-" { stem.removeLast() }
        return (stem.isEmpty ? "media" : stem) + ext
    }
}
