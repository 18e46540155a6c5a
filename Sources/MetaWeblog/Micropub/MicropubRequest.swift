import BakeKit
/// A Micropub POST, decoded from any of its three encodings into one value.
///
/// | encoding | create | other actions |
/// | -------- | ------ | ------------- |
/// | form (`application/x-www-form-urlencoded`) | `h=entry` and properties as fields, `category[]` for several | `action=delete\|undelete&url=…` |
/// | JSON | `{"type": ["h-entry"], "properties": {…}}` | `{"action": "update", "url": …, "replace"/"add"/"delete": …}`, delete, undelete |
/// | multipart (`multipart/form-data`) | as form, with `photo` files | as form |
///
/// `access_token` and every `mp-` command are taken out of the properties; the token is
/// never stored.
struct MicropubRequest: Sendable, Hashable {
    /// What the request asks for.
    enum Action: Sendable, Hashable {
        /// A new post: its properties, and the files sent with it, by property name.
        case create(properties: MicropubProperties, commands: MicropubProperties, files: [String: [MultipartForm.Part]])
        /// A change to the post at `url`.
        case update(url: String, MicropubUpdate)
        case delete(url: String)
        case undelete(url: String)
    }

    let action: Action
    /// The `access_token` field, when the token came in the body.
    let bodyToken: String?

    /// Decodes a body of `contentType`; throws `invalid_request` naming what is wrong.
    /// With `allowSVG` (`@upload_svg`), SVG files are taken as pictures.
    init(contentType: String, body: [UInt8], allowSVG: Bool = false) throws(MicropubError) {
        let header = HeaderParameters(contentType)
        switch header.value {
        case "application/json":
            guard let json = JSONValue.parse(body), let object = json.object else {
                throw MicropubError(.invalidRequest("The body is not a JSON object; expected {\"type\": [\"h-entry\"], \"properties\": {…}} or {\"action\": …, \"url\": …}."))
            }
            try self.init(json: object)
        case "application/x-www-form-urlencoded":
            try self.init(form: FormFields(String(decoding: body, as: UTF8.self)), files: [:])
        case "multipart/form-data":
            guard let boundary = header["boundary"] else {
                throw MicropubError(.invalidRequest("The multipart body has no boundary in its Content-Type."))
            }
            let form: MultipartForm
            do {
                form = try MultipartForm(body: body, boundary: boundary)
            } catch {
                throw MicropubError(.invalidRequest("The multipart body cannot be read: \(error.message)."))
            }
            var files: [String: [MultipartForm.Part]] = [:]
            for part in form.parts where part.fileName != nil {
                let name = part.name.hasSuffix("[]") ? String(part.name.dropLast(2)) : part.name
                // A file's property is stored like a field's, so its name is checked the same way.
                try MicropubProperties.check(name)
                // Refused here by its name and first bytes; decoded by the endpoint.
                do throws(MediaUpload.Refusal) {
                    _ = try MediaUpload.name(for: part.fileName ?? name, type: part.contentType ?? "", bytes: part.body, allowSVG: allowSVG)
                } catch {
                    throw MicropubError(.invalidRequest(error.message + "."))
                }
                files[name, default: []].append(part)
            }
            try self.init(form: form.fields, files: files)
        default:
            throw MicropubError(.invalidRequest(
                "The body is \(header.value.isEmpty ? "of no type" : header.value); expected application/x-www-form-urlencoded, application/json or multipart/form-data."
            ))
        }
    }
}

private extension MicropubRequest {
    init(form: FormFields, files: [String: [MultipartForm.Part]]) throws(MicropubError) {
        bodyToken = form["access_token"]
        if let action = form["action"] {
            guard let url = form["url"], !url.isEmpty else { throw MicropubError(.invalidRequest("The \(action) action needs a url.")) }
            switch action {
            case "delete": self.action = .delete(url: url)
            case "undelete": self.action = .undelete(url: url)
            case "update": throw MicropubError(.invalidRequest("An update is sent as JSON; expected Content-Type: application/json."))
            default: throw MicropubError(.invalidRequest("Unknown action \"\(LogText.clipped(action))\"; expected update, delete or undelete."))
            }
            return
        }
        let type = form["h"] ?? "entry"
        guard type == "entry" else { throw MicropubError(.invalidRequest("h=\(LogText.clipped(type)) cannot be posted here; expected h=entry.")) }
        var properties = MicropubProperties()
        var commands = MicropubProperties()
        for name in form.names where !["h", "access_token", "action", "url"].contains(name) {
            let values = form.values(name).map(JSONValue.string)
            if name.hasPrefix("mp-") {
                commands[name] = values
            } else {
                try MicropubProperties.check(name)
                properties[name] = values
            }
        }
        try MicropubProperties.checkCount(properties, commands)
        action = .create(properties: properties, commands: commands, files: files)
    }

    init(json: [String: JSONValue]) throws(MicropubError) {
        bodyToken = json["access_token"]?.string
        if let actionValue = json["action"] {
            guard let action = actionValue.string else { throw MicropubError(.invalidRequest("action is not a string; expected update, delete or undelete.")) }
            guard let url = json["url"]?.string, !url.isEmpty else { throw MicropubError(.invalidRequest("The \(LogText.clipped(action)) action needs a url string.")) }
            switch action {
            case "delete": self.action = .delete(url: url)
            case "undelete": self.action = .undelete(url: url)
            case "update": self.action = .update(url: url, try MicropubUpdate(json: json))
            default: throw MicropubError(.invalidRequest("Unknown action \"\(LogText.clipped(action))\"; expected update, delete or undelete."))
            }
            return
        }
        guard let types = json["type"]?.array, types.contains(.string("h-entry")) else {
            throw MicropubError(.invalidRequest("The JSON has no action and no type [\"h-entry\"]; expected one of them."))
        }
        guard let members = (json["properties"] ?? .object([:])).object else {
            throw MicropubError(.invalidRequest("properties is not an object; expected {\"name\": [values], …}."))
        }
        var properties = MicropubProperties()
        var commands = MicropubProperties()
        for (name, value) in members.sorted(by: { $0.key < $1.key }) where name != "access_token" {
            guard let values = value.array else {
                throw MicropubError(.invalidRequest("The property \(LogText.clipped(name)) is not an array; expected \"\(LogText.clipped(name))\": [values]."))
            }
            if name.hasPrefix("mp-") {
                commands[name] = values
            } else {
                try MicropubProperties.check(name)
                properties[name] = values
            }
        }
        try MicropubProperties.checkCount(properties, commands)
        action = .create(properties: properties, commands: commands, files: [:])
    }
}
