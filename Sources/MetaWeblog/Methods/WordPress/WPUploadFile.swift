import XMLRPC

/// `wp.uploadFile(blog_id, username, password, data{name, type, bits, overwrite})`: stores the
/// file as `metaWeblog.newMediaObject` does (the same safe names and allowed kinds), and
/// answers `{id, file, url, type}`; the `id` is the file's path on the site, e.g.
/// `media/2026/11/photo.jpg`, since bake keeps no attachment records.
struct WPUploadFile: XMLRPCMethod {
    var name: String { "wp.uploadFile" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let stored = try await NewMediaObject().call(parameters, context: context)
        guard let members = stored.structValue, let url = members["url"]?.stringValue else { return stored }
        let site = context.configuration.site.url + "/"
        let id = url.hasPrefix(site) ? String(url.dropFirst(site.count)) : url
        return .struct(XMLRPCStruct(members: [XMLRPCStruct.Member(name: "id", value: .string(id))] + members.members))
    }
}
