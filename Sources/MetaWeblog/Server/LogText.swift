/// Text from a request, made safe to log: one line, and short.
enum LogText {
    /// The most characters of one value that are logged.
    static let maxLength = 80

    /// `text` on one line (control characters shown as `?`), cut to `maxLength` characters
    /// with `…` and the full length when it is longer.
    static func clipped(_ text: String, maxLength: Int = LogText.maxLength) -> String {
        var shown = ""
        var count = 0
        for character in text {
            if count == maxLength {
                return shown + "… (\(text.count) characters)"
            }
            shown.append(character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "?" : character)
            count += 1
        }
        return shown
    }
}
