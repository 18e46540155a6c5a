import BakeKit
import XMLRPC

/// `metaWeblog.newMediaObject(blogid, username, password, {name, type, bits, overwrite})`:
/// stores a file under `static/media/YYYY/MM/<safe name>` and returns its public `url`.
///
/// The name is made safe first (see `MediaName`), and must be of a kind editors may upload
/// (see `MediaKind`); a picture is known by its bytes, and one bake cannot read is refused
/// (see `MediaUpload`). A name already taken that month gets `-2`, `-3` … before its
/// extension, unless `overwrite` is true.
struct NewMediaObject: XMLRPCMethod {
    var name: String { "metaWeblog.newMediaObject" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        let media = try parameters.structure(3, "media")
        guard let requested = media["name"]?.stringValue else {
            throw parameters.invalid(3, "media", "has no name string; expected a struct with name, type and bits")
        }
        guard let bits = media["bits"]?.dataValue else {
            throw parameters.invalid(3, "media", "has no bits in base64; expected a struct with name, type and bits")
        }
        let type = media["type"]?.stringValue ?? ""
        let overwrite = media["overwrite"]?.boolValue ?? false
        let fileName: String
        do throws(MediaUpload.Refusal) {
            fileName = try await context.upload(requested, type: type, bytes: Array(bits))
        } catch {
            throw parameters.invalid(3, "media", "is refused: " + error.message)
        }
        let month = context.dates.monthFolder(context.now())
        let path = try await context.writer.perform { tree throws(MetaWeblogError) in
            try Self.store(Array(bits), named: fileName, month: month, overwrite: overwrite, in: tree)
        }
        let publicPath = String(path.dropFirst("static/".count))
        return .struct([
            "url": .string(context.configuration.site.url + "/" + publicPath),
            "file": .string(String(publicPath.split(separator: "/").last ?? "")),
            "type": .string(type),
        ])
    }

    /// Writes a media file as `static/media/<month>/<name>` (`-2`, `-3` … added to a name
    /// taken, unless `overwrite`); returns its path in the blog. Shared with Micropub's media
    /// endpoint and photos. Runs on the writer.
    static func store(_ bytes: [UInt8], named fileName: String, month: String, overwrite: Bool, in tree: BlogTree) throws(MetaWeblogError) -> TreeChange<String> {
        let wanted = "\(MetaWeblogServer.mediaFolder)/\(month)/\(fileName)"
        let path = overwrite ? wanted : tree.freePath(wanted)
        try tree.write(bytes, to: path)
        return TreeChange(value: path, record: ChangeRecord(saved: path, paths: [path], message: "newMediaObject: \(path)"))
    }
}
