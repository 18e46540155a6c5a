import BakeIO
import BakeKit
import Foundation
import Hummingbird
import NIOCore

/// The Micropub endpoint (W3C Micropub): `POST /micropub` creates, updates, deletes and
/// undeletes posts; `GET /micropub?q=…` answers queries; `POST /micropub/media` stores a file.
///
/// A thin adapter: it decodes the request (`MicropubRequest`), checks the token
/// (`TokenCheck`), and hands the change to the blog's one writer through the same functions
/// as `metaWeblog.newPost`, `editPost`, `deletePost` and `newMediaObject`, so a post made or
/// changed either way is the same file, committed and re-baked the same way; the answer
/// comes once the change is saved.
struct MicropubEndpoint: Sendable {
    /// The blog, its writer, and the password check.
    let context: MethodContext
    /// The token check.
    let tokens: TokenCheck
    /// The largest body read.
    let maxBodySize: Int

    /// Registers `GET /micropub` (queries), `POST /micropub` (changes) and
    /// `POST /micropub/media` (files).
    func addRoutes(to group: RouterGroup<ShimRequestContext>) {
        group.get(RouterPath(ShimRoutes.micropub)) { request, context in
            await answer(context) { try await query(request, client: context.client) }
        }
        group.post(RouterPath(ShimRoutes.micropub)) { request, context in
            await answer(context) { try await post(request, client: context.client) }
        }
        group.post(RouterPath(ShimRoutes.micropubMedia)) { request, context in
            await answer(context) { try await media(request, client: context.client) }
        }
    }

    /// The answer to another method at a Micropub path: 405, saying which it takes.
    static func methodNotAllowed(_ request: Request) -> Response {
        let isMicropub = request.uri.path == ShimRoutes.micropub
        let message = "\(request.method.rawValue) is not allowed here; Micropub takes \(isMicropub ? "GET and POST" : "POST")."
        var response = ShimResponse.json(.methodNotAllowed, ShimResponse.errorJSON(.methodNotAllowed, message))
        response.headers[.allow] = isMicropub ? "GET, POST" : "POST"
        return response
    }

    /// The answer to a path under Micropub's that the shim does not serve: 404, in JSON.
    static func notFound(path: String) -> Response {
        ShimResponse.json(.notFound, ShimResponse.errorJSON(.notFound, "Nothing is at \(LogText.clipped(path)); Micropub is at \(ShimRoutes.micropub) and its media at \(ShimRoutes.micropubMedia)."))
    }

    /// The answer to an error: its status and the spec's JSON.
    static func errorResponse(_ error: MicropubError) -> Response {
        var response = ShimResponse.json(HTTPResponse.Status(code: error.status), error.body)
        switch error.reason {
        case .noToken:
            response.headers[.wwwAuthenticate] = "Bearer"
        case .badToken, .insufficientScope:
            response.headers[.wwwAuthenticate] = "Bearer error=\"\(error.code)\""
        case .tooManyBadTokens(let seconds):
            response.headers[.retryAfter] = String(seconds)
        default:
            break
        }
        return response
    }
}

private extension MicropubEndpoint {
    /// The answer of `work`, or of the error it throws: the spec's JSON for the client's
    /// mistakes, 413 for a body over the limit, and a bare 500 for the rest.
    func answer(_ requestContext: ShimRequestContext, _ work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch let error as MicropubError {
            requestContext.logger.info("Micropub request refused: \(LogText.clipped(error.message))")
            return Self.errorResponse(error)
        } catch let error as BodyTooLarge {
            return ShimResponse.tooLarge(error.limit, json: true)
        } catch {
            // Not the client's mistake: the details are for the log, not for whoever asked.
            requestContext.logger.error("Micropub request failed: \(LogText.clipped("\(error)"))")
            return ShimResponse.json(.internalServerError, .object(["error": .string("server_error"), "error_description": .string("the shim could not answer; its log says why")]))
        }
    }

    // MARK: Queries

    func query(_ request: Request, client: String) async throws -> Response {
        let fields = FormFields(request.uri.query ?? "")
        _ = try await authenticate(request, bodyToken: nil, client: client, scope: nil)
        switch fields["q"] ?? "" {
        case "config":
            let endpoints = endpoints(request)
            return ShimResponse.json(.ok, .object([
                "media-endpoint": .string(endpoints.media),
                "syndicate-to": .array([]),
                "post-types": .array([("note", "Note"), ("article", "Article"), ("photo", "Photo")].map {
                    .object(["type": .string($0.0), "name": .string($0.1)])
                }),
                "q": .array(["config", "source", "category", "syndicate-to"].map(JSONValue.string)),
            ]))
        case "syndicate-to":
            return ShimResponse.json(.ok, .object(["syndicate-to": .array([])]))
        case "category":
            var names = try blog { () throws(MetaWeblogError) in try context.catalog.categories() }
            if let filter = fields["filter"], !filter.isEmpty {
                names = names.filter { $0.localizedCaseInsensitiveContains(filter) }
            }
            return ShimResponse.json(.ok, .object(["categories": .array(names.map(JSONValue.string))]))
        case "source":
            guard let url = fields["url"], !url.isEmpty else {
                throw MicropubError(.invalidRequest("q=source needs the url of a post (or q=source&url=…)."))
            }
            let post = try existingPost(url)
            let urls = postURLs
            let entry = MicropubEntry(post: post, permalink: urls.absoluteURL(urls.post(post.id.permalink)), dates: context.dates)
            let selected = fields.values("properties")
            if selected.isEmpty {
                return ShimResponse.json(.ok, .object(["type": .array([.string("h-entry")]), "properties": entry.properties.json]))
            }
            return ShimResponse.json(.ok, .object(["properties": entry.properties.selecting(selected).json]))
        case "":
            throw MicropubError(.invalidRequest("A GET needs a query: q=config, q=source, q=category or q=syndicate-to."))
        case let other:
            throw MicropubError(.invalidRequest("Unknown query q=\(LogText.clipped(other)); expected config, source, category or syndicate-to."))
        }
    }

    // MARK: Changes

    func post(_ request: Request, client: String) async throws -> Response {
        try await checkHeaderToken(request, client: client)
        let body = try await collect(request)
        let decoded = try MicropubRequest(contentType: request.headers[.contentType] ?? "", body: body, allowSVG: context.configuration.uploadSVG)
        let now = context.now()
        switch decoded.action {
        case .create(let properties, let commands, let files):
            _ = try await authenticate(request, bodyToken: decoded.bodyToken, client: client, scope: .create)
            let created = try await create(properties, commands: commands, files: files, now: now)
            return Self.saved(.created, url: created.value, warnings: created.warnings)
        case .update(let url, let update):
            _ = try await authenticate(request, bodyToken: decoded.bodyToken, client: client, scope: .update)
            let permalink = try permalink(url)
            let dates = context.dates
            let baked = try await performTelling { tree throws(MetaWeblogError) -> TreeChange<Result<StoredPost, MicropubError>> in
                guard let original = try tree.post(at: permalink) else {
                    return TreeChange(value: .failure(Self.notAPost(url)), record: nil)
                }
                let entry = MicropubEntry(post: original, permalink: url, dates: dates)
                let updated = MicropubEntry(update.applied(to: entry.properties))
                let changes: PostChanges
                do throws(MicropubError) {
                    changes = try updated.changes(dates: dates)
                } catch {
                    return TreeChange(value: .failure(error), record: nil)
                }
                var failure: MicropubError?
                let change = try EditPost.save(original, status: changes.status, now: now, in: tree) { post in
                    do throws(MicropubError) {
                        return try updated.applied(to: post, dates: dates)
                    } catch {
                        failure = error
                        return post
                    }
                }
                if let failure { return TreeChange(value: .failure(failure), record: nil) }
                return TreeChange(value: .success(change.value), record: change.record)
            }
            let saved = try baked.value.get()
            // Every update names the post, as Indiekit and Micro.blog do: a client may open it
            // (entries does). 201 when its URL changed, as the spec says; 200 otherwise.
            let newURL = postURLs.absoluteURL(postURLs.post(saved.id.permalink))
            let moved = newURL != postURLs.absoluteURL(postURLs.post(permalink))
            return Self.saved(moved ? .created : .ok, url: newURL, warnings: baked.warnings)
        case .delete(let url):
            _ = try await authenticate(request, bodyToken: decoded.bodyToken, client: client, scope: .delete)
            let permalink = try permalink(url)
            try await perform { tree throws(MetaWeblogError) -> TreeChange<Result<Void, MicropubError>> in
                guard let post = try tree.post(at: permalink) else { return TreeChange(value: .failure(Self.notAPost(url)), record: nil) }
                return TreeChange(value: .success(()), record: try tree.delete(post))
            }.get()
            return Response(status: .noContent)
        case .undelete(let url):
            _ = try await authenticate(request, bodyToken: decoded.bodyToken, client: client, scope: .delete)
            let permalink = try permalink(url)
            try await perform { tree throws(MetaWeblogError) -> TreeChange<Result<Void, MicropubError>> in
                if try tree.post(at: permalink) != nil {
                    return TreeChange(value: .failure(MicropubError(.invalidRequest("\(url) is a post already; there is nothing to undelete."))), record: nil)
                }
                guard let trashed = tree.trashedPost(at: permalink) else {
                    return TreeChange(value: .failure(MicropubError(.invalidRequest("\(url) is not a deleted post of this blog; nothing in .trash/ has that permalink."))), record: nil)
                }
                return TreeChange(value: .success(()), record: try tree.undelete(trashed))
            }.get()
            return Response(status: .noContent)
        }
    }

    /// Writes a new post, and the files sent with it, in one change; returns its permalink,
    /// with the bake's warnings.
    func create(_ properties: MicropubProperties, commands: MicropubProperties, files: [String: [MultipartForm.Part]], now: Timestamp) async throws -> Baked<String> {
        let dates = context.dates
        let month = dates.monthFolder(now)
        let siteURL = context.configuration.site.url
        var changes = try MicropubEntry(properties).changes(dates: dates)
        if let slug = commands.text("mp-slug"), !slug.isEmpty { changes.slug = slug }
        // Named from the text as written, before the photos are added to the body.
        changes.slug = PostSlug(requested: changes.slug, title: changes.title, body: changes.description).text
        let publish = changes.status != .draft
        let requested = changes
        // Every file is checked before anything is stored.
        var named: [(property: String, name: String, bytes: [UInt8])] = []
        for (name, parts) in files.sorted(by: { $0.key < $1.key }) {
            for part in parts {
                named.append((name, try await uploadName(part.fileName ?? name, type: part.contentType ?? "", bytes: part.body), part.body))
            }
        }
        let uploads = named
        let postID = try await performTelling { tree throws(MetaWeblogError) -> TreeChange<PostID> in
            var properties = properties
            var paths: [String] = []
            for (name, fileName, bytes) in uploads {
                let stored = try NewMediaObject.store(bytes, named: fileName, month: month, overwrite: false, in: tree)
                paths.append(stored.value)
                properties[name] = (properties[name] ?? []) + [.string(siteURL + "/" + stored.value.dropFirst("static/".count))]
            }
            // Micro.blog's apps send each photo's alt text beside it, as mp-photo-alt.
            let alts = commands.texts("mp-photo-alt")
            if !alts.isEmpty, let photos = properties["photo"] {
                properties["photo"] = photos.enumerated().map { index, photo in
                    guard index < alts.count, !alts[index].isEmpty, let url = photo.string else { return photo }
                    return .object(["value": .string(url), "alt": .string(alts[index])])
                }
            }
            let entry = MicropubEntry(properties)
            var changes = requested
            changes.description = (changes.description ?? "") + entry.photoMarkup(format: changes.format ?? .markdown)
            let created = try NewPost.create(changes, publish: publish, now: now, extraHeader: entry.extraHeader, in: tree)
            guard let id = PostID(created.value) else { throw MetaWeblogError(.postNotFound(postID: created.value)) }
            let record = created.record.map {
                ChangeRecord(saved: $0.saved, paths: paths + $0.paths, message: $0.message + (paths.isEmpty ? "" : " with \(paths.joined(separator: ", "))"))
            }
            return TreeChange(value: id, record: record ?? (paths.isEmpty ? nil : ChangeRecord(saved: paths[0], paths: paths, message: "newMediaObject: \(paths.joined(separator: ", "))")))
        }
        return Baked(value: postURLs.absoluteURL(postURLs.post(postID.value.permalink)), warnings: postID.warnings)
    }

    // MARK: Media

    func media(_ request: Request, client: String) async throws -> Response {
        try await checkHeaderToken(request, client: client)
        let body = try await collect(request)
        let header = HeaderParameters(request.headers[.contentType] ?? "")
        guard header.value == "multipart/form-data", let boundary = header["boundary"] else {
            throw MicropubError(.invalidRequest("The media endpoint takes multipart/form-data with a file part named file."))
        }
        let form: MultipartForm
        do {
            form = try MultipartForm(body: body, boundary: boundary)
        } catch {
            throw MicropubError(.invalidRequest("The multipart body cannot be read: \(error.message)."))
        }
        let token = try await authenticate(request, bodyToken: form.fields["access_token"], client: client, scope: nil)
        guard token.scopes.contains(.media) || token.scopes.contains(.create) else {
            throw MicropubError(.insufficientScope(needed: .media))
        }
        guard let file = form.files("file").first else {
            throw MicropubError(.invalidRequest("The body has no file part named file."))
        }
        let name = try await uploadName(file.fileName ?? "file", type: file.contentType ?? "", bytes: file.body)
        let month = context.dates.monthFolder(context.now())
        let path = try await perform { tree throws(MetaWeblogError) in
            try NewMediaObject.store(file.body, named: name, month: month, overwrite: false, in: tree)
        }
        let url = context.configuration.site.url + "/" + path.dropFirst("static/".count)
        var response = Response(status: .created, headers: [.location: url, .contentType: "application/json"])
        response.body = ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(["url": .string(url)]).text))
        return response
    }

    // MARK: Helpers

    /// Checks a token sent in the `Authorization` header before the body is read, so that a
    /// request without a good one costs no parsing; its scope is checked once the body says
    /// what the request does. A token in the body can only be checked after reading it.
    func checkHeaderToken(_ request: Request, client: String) async throws(MicropubError) {
        guard Self.bearer(request.headers[.authorization]) != nil else { return }
        _ = try await authenticate(request, bodyToken: nil, client: client, scope: nil)
    }

    /// The token's record, when the request has a good one with `scope`.
    func authenticate(_ request: Request, bodyToken: String?, client: String, scope: TokenScope?) async throws(MicropubError) -> AccessToken {
        let headerToken = Self.bearer(request.headers[.authorization])
        if headerToken != nil, bodyToken != nil {
            throw MicropubError(.invalidRequest("The access token came both in the Authorization header and in the body; send it once."))
        }
        guard let token = headerToken ?? bodyToken, !token.isEmpty else { throw MicropubError(.noToken) }
        let outcome: TokenCheck.Outcome
        do {
            outcome = try await tokens.check(token, client: client)
        } catch {
            throw MicropubError(.tokens(error))
        }
        switch outcome {
        case .passed(let record):
            if let scope, !record.scopes.contains(scope) { throw MicropubError(.insufficientScope(needed: scope)) }
            return record
        case .failed:
            context.report(.badToken(client: client))
            throw MicropubError(.badToken)
        case .refused(let wait):
            context.report(.badToken(client: client))
            throw MicropubError(.tooManyBadTokens(retryAfterSeconds: MethodContext.wholeSeconds(wait)))
        }
    }

    static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    func collect(_ request: Request) async throws -> [UInt8] {
        Array(try await request.collectBody(upTo: maxBodySize).readableBytesView)
    }

    /// The name a file sent is stored under, once its bytes are checked; a refusal is `400
    /// invalid_request` naming the file.
    func uploadName(_ requested: String, type: String, bytes: [UInt8]) async throws(MicropubError) -> String {
        do throws(MediaUpload.Refusal) {
            return try await context.upload(requested, type: type, bytes: bytes)
        } catch {
            throw MicropubError(.invalidRequest(error.message + "."))
        }
    }

    /// Runs a change on the writer; a blog failure becomes a Micropub one.
    func perform<Value: Sendable>(_ work: @escaping @Sendable (BlogTree) throws(MetaWeblogError) -> TreeChange<Value>) async throws(MicropubError) -> Value {
        try await performTelling(work).value
    }

    /// `perform`, with what the bake warned of.
    func performTelling<Value: Sendable>(_ work: @escaping @Sendable (BlogTree) throws(MetaWeblogError) -> TreeChange<Value>) async throws(MicropubError) -> Baked<Value> {
        do {
            return try await context.writer.performTelling(work)
        } catch {
            throw MicropubError(.blog(error))
        }
    }

    /// The answer to a post created or updated: its URL in `Location` and in the body, and
    /// the bake's warnings (a picture it cannot read, by file and line), for the app to show.
    static func saved(_ status: HTTPResponse.Status, url: String, warnings: [Diagnostic]) -> Response {
        var fields: [String: JSONValue] = ["url": .string(url)]
        if !warnings.isEmpty { fields["warnings"] = .array(warnings.map { .string($0.description) }) }
        var response = Response(status: status, headers: [.location: url, .contentType: "application/json"])
        response.body = ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(fields).text))
        return response
    }

    func blog<Value>(_ work: () throws(MetaWeblogError) -> Value) throws(MicropubError) -> Value {
        do {
            return try work()
        } catch {
            throw MicropubError(.blog(error))
        }
    }

    var postURLs: SitePaths {
        SitePaths(settings: context.configuration.site)
    }

    func permalink(_ url: String) throws(MicropubError) -> Permalink {
        guard let permalink = postURLs.permalink(ofPostURL: url) else { throw Self.notAPost(url) }
        return permalink
    }

    func existingPost(_ url: String) throws(MicropubError) -> StoredPost {
        let permalink = try permalink(url)
        guard let post = try blog({ () throws(MetaWeblogError) in try context.tree.post(at: permalink) }) else { throw Self.notAPost(url) }
        return post
    }

    static func notAPost(_ url: String) -> MicropubError {
        MicropubError(.invalidRequest("\(LogText.clipped(url)) is not one of this blog's posts; expected a permalink such as https://example.com/2014/03/31/hello.html."))
    }

    /// The shim's endpoints: from the settings, else from the address the request came to.
    func endpoints(_ request: Request) -> EditingEndpoints {
        EditingEndpoints(settings: context.configuration.site)
            ?? EditingEndpoints(micropub: "http://\(request.head.authority ?? "127.0.0.1:\(MetaWeblogOptions.defaultPort)")\(ShimRoutes.micropub)")
    }
}
