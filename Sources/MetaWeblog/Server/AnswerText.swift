/// Text of this machine made fit to answer a client with: no absolute path in it.
///
/// The messages of errors that reach an editor or an app name the blog's files by their
/// paths in the blog (`posts/2014/03/31/hello.markdown`). Some carry what a program or the
/// system said, which may name where the blog lives (rsync's `change_dir "/home/me/blog/site"
/// failed`); those paths are cut to their last part, so the answer still says which file,
/// but not where it is. The log keeps the whole text.
///
/// ```swift
/// AnswerText.withoutPaths("mkdir \"/home/me/blog/site\" failed")   // mkdir "site" failed
/// ```
enum AnswerText {
    /// `text` with each absolute path cut to its last part: a `/` that starts the text or
    /// follows a space, a quote, an opening bracket, `=` or `,` starts a path, which runs to
    /// its closing quote, or else to a space, a closing bracket, `,`, `;`, or a `:` or `.`
    /// that ends a clause.
    static func withoutPaths(_ text: String) -> String {
        let characters = Array(text)
        var shown = ""
        var index = 0
        while index < characters.count {
            let before = index > 0 ? characters[index - 1] : nil
            guard characters[index] == "/", before.map({ startsPath(after: $0) }) ?? true else {
                shown.append(characters[index])
                index += 1
                continue
            }
            let quote = before.flatMap { quotes.contains($0) ? $0 : nil }
            var end = index
            while end < characters.count, !endsPath(characters, at: end, quote: quote) {
                end += 1
            }
            let parts = characters[index..<end].split(separator: "/")
            shown += parts.last.map { String($0) } ?? String(characters[index..<end])
            index = end
        }
        return shown
    }
}

private extension AnswerText {
    static let quotes: Set<Character> = ["\"", "'", "`"]

    static func startsPath(after character: Character) -> Bool {
        character.isWhitespace || quotes.contains(character) || "([{<=,".contains(character)
    }

    static func endsPath(_ characters: [Character], at index: Int, quote: Character?) -> Bool {
        let character = characters[index]
        if character.isNewline { return true }
        if let quote { return character == quote }
        if character.isWhitespace || ")]}>,;".contains(character) { return true }
        guard character == ":" || character == "." else { return false }
        return index + 1 == characters.count || characters[index + 1].isWhitespace
    }
}
