import Foundation

/// The `key=value` parameters of a header such as `Content-Type: multipart/form-data;
/// boundary=x` or `Content-Disposition: form-data; name="photo"; filename="a.jpg"`.
///
/// ```swift
/// let header = HeaderParameters("multipart/form-data; boundary=\"ab c\"")
/// header.value            // "multipart/form-data"
/// header["boundary"]      // "ab c"
/// ```
struct HeaderParameters: Sendable, Hashable {
    /// The part before the first `;`, lowercased.
    let value: String
    private let parameters: [String: String]

    init(_ header: String) {
        var rest = Substring(header)
        let first = rest.prefix { $0 != ";" }
        value = first.trimmingCharacters(in: .whitespaces).lowercased()
        rest = rest.dropFirst(first.count)
        var parameters: [String: String] = [:]
        while rest.first == ";" {
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            let key = rest.prefix { $0 != "=" && $0 != ";" }
            rest = rest.dropFirst(key.count)
            var text = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    while let character = rest.first, character != "\"" {
                        if character == "\\", rest.dropFirst().first != nil {
                            rest = rest.dropFirst()
                        }
                        text.append(rest.first!)
                        rest = rest.dropFirst()
                    }
                    rest = rest.dropFirst()
                    rest = rest.drop { $0 != ";" }
                } else {
                    let raw = rest.prefix { $0 != ";" }
                    text = raw.trimmingCharacters(in: .whitespaces)
                    rest = rest.dropFirst(raw.count)
                }
            }
            let name = key.trimmingCharacters(in: .whitespaces).lowercased()
            if !name.isEmpty, parameters[name] == nil { parameters[name] = text }
        }
        self.parameters = parameters
    }

    subscript(name: String) -> String? {
        parameters[name]
    }
}
