/// Finds Liquid tags (`{% … %}`) and output markup (`{{ … }}`) in a Jekyll body, which bake
/// does not run: they stay as text and the import report lists each one.
enum LiquidTags {
    /// Each tag's text and 1-based line within `body`.
    static func find(in body: String) -> [(text: String, line: Int)] {
        var found: [(text: String, line: Int)] = []
        let characters = Array(body)
        var line = 1
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1 }
            if character == "{", index + 1 < characters.count, characters[index + 1] == "%" || characters[index + 1] == "{" {
                let closing: [Character] = characters[index + 1] == "%" ? ["%", "}"] : ["}", "}"]
                var end = index + 2
                while end + 1 < characters.count, !(characters[end] == closing[0] && characters[end + 1] == closing[1]) { end += 1 }
                if end + 1 < characters.count {
                    let text = String(characters[index...(end + 1)])
                    found.append((text.count > 80 ? String(text.prefix(77)) + "…" : text, line))
                    line += characters[index...end].count(where: { $0 == "\n" })
                    index = end + 2
                    continue
                }
            }
            index += 1
        }
        return found
    }
}
