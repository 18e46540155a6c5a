import BakeKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// IndieAuth for the blog's one user, so apps such as iA Writer and Quill can sign in and get
/// a Micropub token without the user copying one:
///
/// - `GET /auth` shows the authorization page: the app, the scopes it asks for, and a field
///   for the shim's password. PKCE S256 is required.
/// - `POST /auth` checks the password (as `LoginCheck` checks editors' passwords) and sends
///   the browser back to the app's `redirect_uri` with a code: single-use, short-lived, and
///   bound to the app, the redirect URI and the PKCE challenge. With `grant_type`, it redeems
///   a code for the user's profile URL only.
/// - `POST /token` redeems a code for an access token, recorded like `new-token`'s (named
///   after the app), and answers `{access_token, token_type: "Bearer", scope, me}`.
/// - `GET /.well-known/oauth-authorization-server` gives the server's metadata.
///
/// `me`, the user's URL, is the site's URL with a trailing slash.
struct IndieAuthEndpoint: Sendable {
    /// The largest form read; sign-in forms are small.
    static let maxBodySize = 64 * 1024

    let context: MethodContext
    let tokens: TokenStore
    let codes: AuthorizationCodes
    /// The token check Micropub uses, with its back-off per caller: `GET /token` checks
    /// tokens too, and must not be a way round it.
    let tokenCheck: TokenCheck
    /// The sign-in page's own password check, apart from the editors' (`context.login`): wrong
    /// passwords here back off sign-in only, never an editor's XML-RPC calls.
    let login: LoginCheck
    /// Reads an app's page for the redirects it publishes.
    let redirects: PublishedRedirects
    /// The largest form read: `maxBodySize`, or the server's limit when that is smaller (the
    /// rest of a body over the server's limit is dropped before it arrives here).
    let maxFormSize: Int

    /// Registers `GET` and `POST /auth`, `GET` and `POST /token`, and `GET` of the metadata.
    func addRoutes(to group: RouterGroup<ShimRequestContext>) {
        group.get(RouterPath(ShimRoutes.metadata)) { request, context in
            await answer(context) { metadata(request) }
        }
        group.get(RouterPath(ShimRoutes.authorization)) { request, context in
            let fields = FormFields(request.uri.query ?? "")
            return await answer(context) {
                do {
                    return try await page(checked(AuthorizationRequest(fields)), problem: nil, status: .ok)
                } catch let error as IndieAuthError where Self.wantsPage(request) {
                    // A person reads this page: it says which app, what it lacks, and what to do.
                    context.logger.info("IndieAuth sign-in page refused: \(LogText.clipped(error.message))")
                    return refusal(error, fields: fields)
                }
            }
        }
        group.post(RouterPath(ShimRoutes.authorization)) { request, context in
            await answer(context) {
                let form = try await form(request)
                if form["grant_type"] != nil {
                    _ = try await redeem(form)
                    return ShimResponse.json(.ok, .object(["me": .string(me)]))
                }
                return try await approve(form, request: request, client: context.client)
            }
        }
        group.get(RouterPath(ShimRoutes.token)) { request, context in
            await answer(context) { try await verify(request, client: context.client) }
        }
        group.post(RouterPath(ShimRoutes.token)) { request, context in
            await answer(context) { try await token(try await form(request), logger: context.logger) }
        }
    }

    /// The answer to another method at an IndieAuth path: 405, saying which it takes.
    static func methodNotAllowed(_ request: Request) -> Response {
        var response = ShimResponse.json(.methodNotAllowed, ShimResponse.errorJSON(.methodNotAllowed, "\(request.method.rawValue) is not allowed here."))
        response.headers[.allow] = request.uri.path == ShimRoutes.metadata ? "GET" : "GET, POST"
        return response
    }
}

/// The parameters of an authorization request, checked.
struct AuthorizationRequest: Sendable, Hashable {
    let clientID: String
    let redirectURI: String
    let state: String
    let codeChallenge: String
    let scopes: [TokenScope]
    /// The scope text as the app sent it, passed back in the form.
    let scopeText: String
    /// Where the browser goes back to once the password is right.
    let redirect: ClientAddress
    /// The app, read strictly.
    let client: ClientAddress
    /// Whether the redirect is the app's (see `PublishedRedirects`): set by the endpoint
    /// once it has read the app's page, when the redirect is on another site.
    var trust: PublishedRedirects.Trust = .ownSite
    /// The user ticked the box that trusts a redirect the app's page could not confirm.
    let userTrustsRedirect: Bool

    /// The longest `client_id`: the token made for it is named after it.
    static let maxClientIDLength = TokenStore.maxNameLength - 10

    init(_ fields: FormFields) throws(IndieAuthError) {
        let responseType = fields["response_type"] ?? "code"
        guard responseType == "code" || responseType == "id" else {
            throw IndieAuthError(.invalidRequest("response_type is \"\(LogText.clipped(responseType))\"; expected code"),
                                 advice: "The app asked for a kind of sign-in that IndieAuth does not have. Update the app, or tell its maker.")
        }
        guard let clientID = fields["client_id"].flatMap(ClientAddress.init), clientID.isWeb else {
            throw IndieAuthError(.invalidRequest("client_id is missing or not an http(s) URL"),
                                 advice: "The app did not say which app it is: IndieAuth apps name themselves by the address of their web page. Start the sign-in from the app again; if this page comes back, the app cannot sign in to this blog.")
        }
        // The token is named after the app; a name that could not be recorded must be refused
        // now, not after the code was spent (room is left for the " (2)" of a second token).
        guard clientID.text.count <= Self.maxClientIDLength else {
            throw IndieAuthError(.invalidRequest("client_id is longer than \(Self.maxClientIDLength) characters"),
                                 advice: "The address the app gave for itself is too long to be recorded. Tell the app's maker.")
        }
        guard let redirect = fields["redirect_uri"].flatMap(ClientAddress.init) else {
            throw IndieAuthError(.invalidRequest("redirect_uri is missing or not a URL; expected an http(s) URL or an app's own scheme"),
                                 advice: "The app did not say where to send you back once you have signed in. Start the sign-in from the app again; if this page comes back, tell the app's maker.")
        }
        guard let challenge = fields["code_challenge"], (43...128).contains(challenge.utf8.count) else {
            throw IndieAuthError(.invalidRequest("code_challenge is missing; this server requires PKCE with S256"),
                                 advice: "The app asked without PKCE (a code_challenge), which IndieAuth requires of every app, so that a sign-in caught on its way back to the app is of no use to whoever caught it. This blog does not let an app sign in without it. Update the app, or ask its maker to add PKCE, or use an app that has it. If the app lets you paste a token instead, make one with bake-metaweblog new-token.")
        }
        guard (fields["code_challenge_method"] ?? "") == "S256" else {
            throw IndieAuthError(.invalidRequest("code_challenge_method must be S256"),
                                 advice: "The app asked with a kind of PKCE that IndieAuth no longer allows (only S256 is). Update the app, or ask its maker to use S256.")
        }
        self.clientID = clientID.text
        self.redirectURI = redirect.text
        self.redirect = redirect
        client = clientID
        userTrustsRedirect = fields[AuthorizationPage.trustField] == "yes"
        state = fields["state"] ?? ""
        codeChallenge = challenge
        scopeText = fields["scope"] ?? ""
        scopes = TokenScope.parse(scopeText)
    }
}

private extension IndieAuthEndpoint {
    /// The answer of `work`, or of the error it throws: the spec's JSON for the client's
    /// mistakes, 413 for a form over the limit, and a bare 500 for the rest.
    func answer(_ requestContext: ShimRequestContext, _ work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch let error as IndieAuthError {
            requestContext.logger.info("IndieAuth request refused: \(LogText.clipped(error.message))")
            return ShimResponse.json(.badRequest, .object(["error": .string(error.code), "error_description": .string(error.message)]))
        } catch let error as BodyTooLarge {
            return ShimResponse.tooLarge(error.limit, json: true)
        } catch {
            // The details are for the log, not for whoever asked.
            requestContext.logger.error("IndieAuth request failed: \(LogText.clipped("\(error)"))")
            return ShimResponse.json(.internalServerError, .object(["error": .string("server_error"), "error_description": .string("the shim could not answer; its log says why")]))
        }
    }

    var me: String {
        context.configuration.site.url + "/"
    }

    func endpoints(_ request: Request) -> EditingEndpoints {
        EditingEndpoints(settings: context.configuration.site)
            ?? EditingEndpoints(micropub: "http://\(request.head.authority ?? "127.0.0.1:\(MetaWeblogOptions.defaultPort)")\(ShimRoutes.micropub)")
    }

    func metadata(_ request: Request) -> Response {
        let endpoints = endpoints(request)
        let issuer = String(endpoints.authorization.dropLast(ShimRoutes.authorization.count)) + "/"
        return ShimResponse.json(.ok, .object([
            "issuer": .string(issuer),
            "authorization_endpoint": .string(endpoints.authorization),
            "token_endpoint": .string(endpoints.token),
            "code_challenge_methods_supported": .array([.string("S256")]),
            "grant_types_supported": .array([.string("authorization_code")]),
            "response_types_supported": .array([.string("code")]),
            "scopes_supported": .array(TokenScope.allCases.map { .string($0.rawValue) }),
        ]))
    }

    /// The request, with what is known of its redirect; refused when the app's page answers
    /// without listing a redirect on another site.
    func checked(_ request: AuthorizationRequest) async throws(IndieAuthError) -> AuthorizationRequest {
        var request = request
        request.trust = await redirects.check(clientID: request.client, redirect: request.redirect)
        if request.trust == .notListed {
            throw IndieAuthError(.invalidRequest("redirect_uri is on another site than client_id, and the app's page at client_id does not list it as a redirect_uri"),
                                 advice: "The app would send you back to another site than its own, and its own page does not list that site. This is how a sign-in is stolen: if you did not start it from the app yourself, close this page. Otherwise tell the app's maker.")
        }
        return request
    }

    /// Checks the password; then sends the browser back to the app with a code.
    func approve(_ form: FormFields, request: Request, client: String) async throws -> Response {
        let authorization = try await checked(AuthorizationRequest(form))
        if case .unconfirmed = authorization.trust, !authorization.userTrustsRedirect {
            return page(authorization, problem: "Tick the box to confirm where the app is sent back to, or leave this page.", status: .badRequest)
        }
        let outcome = await login.check(user: context.configuration.credentials.user, password: form["password"] ?? "", client: client)
        switch outcome {
        case .passed:
            break
        case .failed, .refused:
            context.report(.badSignIn(client: client))
            let problem = outcome == .failed ? "The password is wrong." : "Too many wrong passwords: this one was not checked. Wait a little, then try again."
            return page(authorization, problem: problem, status: .forbidden)
        }
        let code = await codes.issue(AuthorizationCodes.Grant(
            clientID: authorization.clientID, redirectURI: authorization.redirectURI,
            codeChallenge: authorization.codeChallenge, scopes: authorization.scopes
        ))
        var query = "code=\(Self.encode(code))&iss=\(Self.encode(String(endpoints(request).authorization.dropLast(ShimRoutes.authorization.count)) + "/"))"
        if !authorization.state.isEmpty { query += "&state=\(Self.encode(authorization.state))" }
        let separator = authorization.redirectURI.contains("?") ? "&" : "?"
        return Response(status: .found, headers: [.location: authorization.redirectURI + separator + query, .cacheControl: "no-store"])
    }

    func redeem(_ form: FormFields) async throws(IndieAuthError) -> AuthorizationCodes.Grant {
        guard form["grant_type"] == "authorization_code" else {
            throw IndieAuthError(.unsupportedGrantType(LogText.clipped(form["grant_type"] ?? "")))
        }
        guard let code = form["code"], let clientID = form["client_id"], let redirectURI = form["redirect_uri"] else {
            throw IndieAuthError(.invalidRequest("code, client_id and redirect_uri are all needed"))
        }
        guard let verifier = form["code_verifier"] else {
            throw IndieAuthError(.invalidRequest("code_verifier is missing; this server requires PKCE"))
        }
        return try await codes.redeem(code, clientID: clientID, redirectURI: redirectURI, verifier: verifier)
    }

    /// Redeems a code for a token, recorded in the blog's token file under the app's name.
    func token(_ form: FormFields, logger: Logger) async throws -> Response {
        let grant = try await redeem(form)
        guard !grant.scopes.isEmpty else {
            return ShimResponse.json(.ok, .object(["me": .string(me)]))
        }
        let made: (token: String, record: AccessToken)
        do {
            made = try tokens.add(name: grant.clientID, scopes: grant.scopes, now: Date(), uniqueName: true)
        } catch {
            // The log names the token file; the app is told its name only.
            logger.error("IndieAuth token not made: \(error.message)")
            return ShimResponse.json(.internalServerError, .object(["error": .string("server_error"), "error_description": .string(AnswerText.withoutPaths(error.message))]))
        }
        context.report(.signedIn(name: made.record.name))
        return ShimResponse.json(.ok, .object([
            "access_token": .string(made.token),
            "token_type": .string("Bearer"),
            "scope": .string(TokenScope.text(grant.scopes)),
            "me": .string(me),
        ]))
    }

    /// The older token verification: `GET /token` with the token as Bearer, checked and
    /// backed off as Micropub's tokens are.
    func verify(_ request: Request, client: String) async throws -> Response {
        let unauthorized = ShimResponse.json(.unauthorized, .object(["error": .string("unauthorized"), "error_description": .string("No valid token as Authorization: Bearer.")]))
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return unauthorized }
        let token = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { return unauthorized }
        switch try await tokenCheck.check(token, client: client) {
        case .passed(let record):
            return ShimResponse.json(.ok, .object([
                "me": .string(me), "client_id": .string(record.name), "scope": .string(TokenScope.text(record.scopes)),
            ]))
        case .failed:
            context.report(.badToken(client: client))
            return unauthorized
        case .refused(let wait):
            context.report(.badToken(client: client))
            let seconds = MethodContext.wholeSeconds(wait)
            var response = ShimResponse.json(.tooManyRequests, .object([
                "error": .string("invalid_request"),
                "error_description": .string("Too many bad tokens from this address; try again in \(seconds) s."),
            ]))
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }

    func form(_ request: Request) async throws -> FormFields {
        let body = try await request.collectBody(upTo: maxFormSize)
        guard HeaderParameters(request.headers[.contentType] ?? "").value == "application/x-www-form-urlencoded" else {
            throw IndieAuthError(.invalidRequest("the body must be application/x-www-form-urlencoded"))
        }
        return FormFields(String(buffer: body))
    }

    /// The authorization page.
    func page(_ request: AuthorizationRequest, problem: String?, status: HTTPResponse.Status) -> Response {
        let html = AuthorizationPage(request: request, siteName: context.configuration.site.name, me: me, problem: problem).html
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Frame-Options")!: "DENY",
                HTTPField.Name("Content-Security-Policy")!: Self.policy(redirect: request.redirect),
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// Whether the request comes from a browser, which asks for HTML first; a program that
    /// asks for anything gets the spec's JSON error.
    static func wantsPage(_ request: Request) -> Bool {
        (request.headers[.accept] ?? "").split(separator: ",").contains {
            $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "text/html"
        }
    }

    /// The page that tells the person at the browser why the app cannot sign in.
    func refusal(_ error: IndieAuthError, fields: FormFields) -> Response {
        let html = SignInRefusalPage(error: error, clientID: fields["client_id"], siteName: context.configuration.site.name).html
        return Response(
            status: .badRequest,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Frame-Options")!: "DENY",
                HTTPField.Name("Content-Security-Policy")!: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// The sign-in page's Content-Security-Policy. Chromium and WebKit apply `form-action` to
    /// the redirect that answers the form, too, so the app's redirect is allowed by name
    /// (its origin, or its scheme): with `'self'` alone the browser blocks the way back to the
    /// app, and sign-in never completes there.
    static func policy(redirect: ClientAddress) -> String {
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' \(redirect.policySource); frame-ancestors 'none'"
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
}
