import BakeTestSupport
import Foundation
import Testing

extension MicropubServer {
    /// The IndieAuth sign-in an app such as Quill or iA Writer goes through, against the real
    /// binary: the authorization page, the password, the code, PKCE, and the token.
    @Suite(.timeLimit(.minutes(10)))
    struct IndieAuthSignInTests {
        static let client = "https://app.example/"
        static let redirect = "https://app.example/callback"
        static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        /// base64url(SHA-256(verifier)), RFC 7636 appendix B.
        static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

        static func authorization(scope: String = "create update") -> [(String, String)] {
            [
                ("response_type", "code"), ("client_id", client), ("redirect_uri", redirect), ("state", "s-123"),
                ("code_challenge", challenge), ("code_challenge_method", "S256"), ("scope", scope), ("me", "https://smallbatch.example.com/"),
            ]
        }

        /// Approves the request with the password and returns the code from the redirect.
        static func code(_ shim: MicropubShim) async throws -> String {
            let answer = try await shim.client.post(shim.base + "/auth", form: authorization() + [("password", TestLogin.password)])
            let location = try #require(answer.location)
            #expect(answer.status == 302)
            #expect(location.hasPrefix(redirect + "?"))
            let items = try #require(URLComponents(string: location)?.queryItems)
            #expect(items.first { $0.name == "state" }?.value == "s-123")
            return try #require(items.first { $0.name == "code" }?.value)
        }

        static func redeem(_ shim: MicropubShim, code: String, redirect: String = redirect, verifier: String = verifier) async throws -> RequestsClient.Answer {
            try await shim.client.post(shim.base + "/token", form: [
                ("grant_type", "authorization_code"), ("code", code), ("client_id", client), ("redirect_uri", redirect), ("code_verifier", verifier),
            ])
        }

        @Test func signsInWithPKCEAndGetsATokenThatPosts() async throws {
            try await MicropubShim.run { shim in
                let page = try await shim.client.get(shim.base + "/auth", query: Self.authorization())
                #expect(page.status == 200)
                #expect(page.text.contains(Self.client) && page.text.contains("type=\"password\""))
                #expect(page.text.contains("write new posts") && page.text.contains("change posts"))
                let code = try await Self.code(shim)
                let answer = try await Self.redeem(shim, code: code)
                #expect(answer.status == 200)
                #expect(answer["token_type"] as? String == "Bearer")
                #expect(answer["scope"] as? String == "create update")
                #expect(answer["me"] as? String == "https://smallbatch.example.com/")
                let token = try #require(answer["access_token"] as? String)
                let post = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Signed in.")], token: token)
                #expect(post.status == 201)
                let listed = try await MicropubShim.command(["list-tokens", shim.blog.root])
                #expect(listed.stdout.contains(Self.client + "\tcreate,update\t"))
                #expect(try !shim.blog.read(".micropub-tokens").contains(token))
            }
        }

        @Test func refusesAWrongPassword() async throws {
            try await MicropubShim.run { shim in
                let answer = try await shim.client.post(shim.base + "/auth", form: Self.authorization() + [("password", "not it")])
                #expect(answer.status == 403)
                #expect(answer.location == nil)
                #expect(answer.text.contains("The password is wrong."))
            }
        }

        @Test func refusesAReplayedCode() async throws {
            try await MicropubShim.run { shim in
                let code = try await Self.code(shim)
                #expect(try await Self.redeem(shim, code: code).status == 200)
                let again = try await Self.redeem(shim, code: code)
                #expect(again.status == 400)
                #expect(again.error == "invalid_grant")
            }
        }

        @Test func refusesAWrongRedirectURIAndAWrongVerifierAndBurnsTheCode() async throws {
            try await MicropubShim.run { shim in
                let code = try await Self.code(shim)
                let wrongRedirect = try await Self.redeem(shim, code: code, redirect: "https://evil.example/callback")
                #expect(wrongRedirect.status == 400 && wrongRedirect.error == "invalid_grant")
                // The code is spent by the failed attempt.
                #expect(try await Self.redeem(shim, code: code).error == "invalid_grant")
                let second = try await Self.code(shim)
                let wrongVerifier = try await Self.redeem(shim, code: second, verifier: String(repeating: "a", count: 43))
                #expect(wrongVerifier.status == 400 && wrongVerifier.error == "invalid_grant")
            }
        }

        @Test func requiresPKCEWithS256() async throws {
            try await MicropubShim.run { shim in
                let none = try await shim.client.get(shim.base + "/auth", query: Self.authorization().filter { !$0.0.hasPrefix("code_challenge") })
                #expect(none.status == 400 && none.error == "invalid_request")
                let plain = try await shim.client.get(shim.base + "/auth", query: Self.authorization().map { $0.0 == "code_challenge_method" ? ($0.0, "plain") : $0 })
                #expect(plain.status == 400)
            }
        }

        static func authorization(client: String, redirect: String) -> [(String, String)] {
            authorization().map { $0.0 == "client_id" ? ($0.0, client) : $0.0 == "redirect_uri" ? ($0.0, redirect) : $0 }
        }

        /// A redirect on another host is the app's when the app's page at its client_id
        /// publishes it: as a `<link rel="redirect_uri">`, an HTTP `Link`, or in a client
        /// metadata document, after a redirect too. The real page is read (curl, over loopback).
        @Test func followsARedirectOnAnotherHostThatTheAppPublishes() async throws {
            let app = try await LinkServer.start()
            defer { app.stop() }
            try await MicropubShim.run { shim in
                for (page, kind) in [("/app/html", "html"), ("/app/json", "json"), ("/app/header", "header"), ("/app/moved", "html")] {
                    let redirect = "http://localhost:\(app.port)/cb/\(kind)"
                    let link = Self.authorization(client: app.url(page), redirect: redirect)
                    let shown = try await shim.client.get(shim.base + "/auth", query: link)
                    #expect(shown.status == 200, "\(page): \(shown.text)")
                    #expect(shown.text.contains("type=\"password\"") && !shown.text.contains("trust_redirect"))
                    let posted = try await shim.client.post(shim.base + "/auth", form: link + [("password", TestLogin.password)])
                    #expect(posted.status == 302 && posted.location?.hasPrefix(redirect + "?code=") == true, "\(page): \(posted.status)")
                }
            }
        }

        /// A link that sends the code to another site than the app's, which the app's page
        /// does not list, is refused before the password is asked, and a password posted
        /// with it gets no code.
        @Test func refusesARedirectToAnotherSiteThatTheAppDoesNotList() async throws {
            let app = try await LinkServer.start()
            defer { app.stop() }
            try await MicropubShim.run { shim in
                for redirect in ["https://attacker.example/callback", "http://localhost:\(app.port)/cb/other", "http://127.0.0.1:\(app.port + 1)/cb/html"] {
                    let link = Self.authorization(client: app.url("/app/html"), redirect: redirect)
                    let page = try await shim.client.get(shim.base + "/auth", query: link)
                    #expect(page.status == 400 && page.error == "invalid_request", "\(redirect) was shown the password page")
                    #expect(page.text.contains("does not list it"))
                    let posted = try await shim.client.post(shim.base + "/auth", form: link + [("password", TestLogin.password)])
                    #expect(posted.status == 400 && posted.location == nil)
                }
                let app = Self.authorization().map { $0.0 == "redirect_uri" ? ($0.0, "appexample://callback") : $0 }
                #expect(try await shim.client.get(shim.base + "/auth", query: app).status == 200)
            }
        }

        /// When the app's page cannot be read, the redirect elsewhere is shown with a warning,
        /// and the password counts only with the box ticked that says the user started this.
        @Test func asksTheUserAboutARedirectElsewhereThatCannotBeConfirmed() async throws {
            let app = try await LinkServer.start()
            defer { app.stop() }
            try await MicropubShim.run { shim in
                let redirect = "http://localhost:\(app.port)/cb/html"
                let link = Self.authorization(client: app.url("/missing"), redirect: redirect)
                let shown = try await shim.client.get(shim.base + "/auth", query: link)
                #expect(shown.status == 200)
                #expect(shown.text.contains("name=\"trust_redirect\"") && shown.text.contains("answered 404"))
                #expect(shown.text.contains("<strong>localhost</strong>"))
                let unticked = try await shim.client.post(shim.base + "/auth", form: link + [("password", TestLogin.password)])
                #expect(unticked.status == 400 && unticked.location == nil)
                #expect(unticked.text.contains("Tick the box"))
                let ticked = try await shim.client.post(shim.base + "/auth", form: link + [("password", TestLogin.password), ("trust_redirect", "yes")])
                #expect(ticked.status == 302 && ticked.location?.hasPrefix(redirect + "?code=") == true)
                // The same on another port of the app's host: not the app's own site.
                let port = Self.authorization().map { $0.0 == "redirect_uri" ? ($0.0, "https://app.example:8443/callback") : $0 }
                let other = try await shim.client.get(shim.base + "/auth", query: port)
                #expect(other.status == 200 && other.text.contains("name=\"trust_redirect\""))
            }
        }

        /// Links a browser reads as `https://evil.example/cb` though they have no `//`, an
        /// extra `/`, capitals or a backslash: each is refused before the password is asked,
        /// and a password posted with one gets no code.
        @Test func refusesRedirectsABrowserReadsAsAnotherSite() async throws {
            try await MicropubShim.run { shim in
                for crafted in ["https:evil.example/cb", "https:/evil.example/cb", "https:///evil.example/cb", "HTTPS:evil.example/cb",
                                "https:\\evil.example/cb", "https://app.example@evil.example/cb", " https://evil.example/cb",
                                "http:evil.example/cb", "javascript:alert(1)", "https://evil.example%2F@app.example/cb"] {
                    let link = Self.authorization().map { $0.0 == "redirect_uri" ? ($0.0, crafted) : $0 }
                    let page = try await shim.client.get(shim.base + "/auth", query: link)
                    #expect(page.status == 400 && page.error == "invalid_request", "\(crafted) was shown the password page")
                    let posted = try await shim.client.post(shim.base + "/auth", form: link + [("password", TestLogin.password)])
                    #expect(posted.status == 400 && posted.location == nil, "\(crafted) got \(posted.status) to \(posted.location ?? "nowhere")")
                }
            }
        }

        /// A client_id too long to name its token after is refused before the password page,
        /// not with a 500 after the code was spent.
        @Test func refusesAClientIDTooLongToNameItsTokenAfter() async throws {
            try await MicropubShim.run { shim in
                let long = "https://app.example/" + String(repeating: "a", count: 250)
                let link = Self.authorization().map { $0.0 == "client_id" ? ($0.0, long) : $0.0 == "redirect_uri" ? ($0.0, "https://app.example/callback") : $0 }
                let page = try await shim.client.get(shim.base + "/auth", query: link)
                #expect(page.status == 400 && page.error == "invalid_request")
                let posted = try await shim.client.post(shim.base + "/auth", form: link + [("password", TestLogin.password)])
                #expect(posted.status == 400 && posted.location == nil)
            }
        }

        /// The page lets the form's answer go back to the app: Chromium and WebKit check the
        /// redirect after a form against `form-action`, so `'self'` alone blocks it.
        @Test func thePagesPolicyLetsTheBrowserGoBackToTheApp() async throws {
            try await MicropubShim.run { shim in
                let page = try await shim.client.get(shim.base + "/auth", query: Self.authorization())
                let policy = try #require(page.headers["content-security-policy"])
                #expect(policy.contains("form-action 'self' https://app.example:443;"))
                #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"))
                let app = Self.authorization().map { $0.0 == "redirect_uri" ? ($0.0, "ia-writer://micropub/callback") : $0 }
                let appPage = try await shim.client.get(shim.base + "/auth", query: app)
                #expect(appPage.headers["content-security-policy"]?.contains("form-action 'self' ia-writer:;") == true)
            }
        }

        @Test func publishesItsMetadata() async throws {
            try await MicropubShim.run { shim in
                let answer = try await shim.client.get(shim.base + "/.well-known/oauth-authorization-server")
                #expect(answer["authorization_endpoint"] as? String == shim.base + "/auth")
                #expect(answer["token_endpoint"] as? String == shim.base + "/token")
                #expect(answer["code_challenge_methods_supported"] as? [String] == ["S256"])
            }
        }
    }
}
