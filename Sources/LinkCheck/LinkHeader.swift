import Foundation

/// The targets of an HTTP `Link` header (RFC 8288) for one relation, read in one pass:
/// `<https://app.example/cb>; rel="redirect_uri other", </b>; rel=next` → `["https://app.example/cb"]`.
public enum LinkHeader {
    public static func targets(_ header: String, relation: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // The parameters run to the next comma outside quotes.
            var parameters = ""
            var quoted = false
            var end = rest.endIndex
            for index in rest.indices {
                let character = rest[index]
                if character == "\"" { quoted.toggle() }
                if character == ",", !quoted {
                    end = index
                    break
                }
                parameters.append(character)
            }
            rest = rest[end...]
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let words = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased().split(whereSeparator: \.isWhitespace)
                if words.contains(Substring(relation)) { targets.append(target) }
            }
        }
        return targets
    }
}
