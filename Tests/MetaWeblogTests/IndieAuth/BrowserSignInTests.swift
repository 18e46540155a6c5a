import BakeIO
import BakeTestSupport
import Foundation
import Testing

extension MicropubServer {
    /// The whole IndieAuth sign-in in real browsers, headless Chromium and Firefox, against the
    /// real binary (`Tests/Scripts/indieauth_sign_in.py`): the app's link opens the sign-in
    /// page, the password is typed and sent, the browser follows the redirect back to the app
    /// (which Chromium refuses when the page's `form-action` does not allow it), and the app
    /// redeems the code with its PKCE verifier for a token that then posts.
    @Suite(.timeLimit(.minutes(10)))
    struct BrowserSignInTests {
        enum Browser: String, CaseIterable, CustomTestStringConvertible {
            case chromium, firefox
            var testDescription: String { rawValue }
        }

        struct Outcome: Decodable {
            struct Token: Decodable {
                let access_token: String?
                let scope: String?
            }

            let problem: String?
            let url: String?
            /// What the person sees, when the app asked without PKCE.
            let title: String?
            let text: String?
            let password_field: Bool?
            let client_id: String?
            let state_matches: Bool?
            let token: Token?
            let token_error: String?
        }

        @Test(arguments: Browser.allCases)
        func signsInAndPosts(browser: Browser) async throws {
            try await MicropubShim.run { shim in
                let script = repositoryRoot + "/Tests/Scripts/indieauth_sign_in.py"
                // Niced, with the browser under it, so that the tests beside it keep their share of the CPU.
                let run = try await Program(executable: "/usr/bin/env").run(
                    ["nice", "-n", "10", "python3", script, browser.rawValue, shim.base, TestLogin.password], timeout: .seconds(600)
                )
                let outcome = try JSONDecoder().decode(Outcome.self, from: Data(run.output.utf8))
                if let problem = outcome.problem { Issue.record("\(problem)"); return }
                #expect(outcome.url?.contains("/callback?code=") == true, "the browser ended on \(outcome.url ?? "nothing"): \(run.errors)")
                #expect(outcome.state_matches == true)
                #expect(outcome.token_error == nil)
                let token = try #require(outcome.token?.access_token, "no token: \(outcome.token_error ?? run.errors)")
                #expect(outcome.token?.scope == "create")
                let post = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Signed in with \(browser.rawValue).")], token: token)
                #expect(post.status == 201)
            }
        }
    
        /// An app that sends no PKCE (entries, a terminal client) is refused, and the person at
        /// the browser reads which app it was, what it lacks, and what to do, with no password
        /// field to type into; a program asking the same gets the spec's JSON error.
        @Test(arguments: Browser.allCases)
        func anAppWithoutPKCEIsRefusedInWordsForThePerson(browser: Browser) async throws {
            try await MicropubShim.run { shim in
                let script = repositoryRoot + "/Tests/Scripts/indieauth_sign_in.py"
                let run = try await Program(executable: "/usr/bin/env").run(
                    ["nice", "-n", "10", "python3", script, browser.rawValue, shim.base, TestLogin.password, "without-pkce"], timeout: .seconds(600)
                )
                let outcome = try JSONDecoder().decode(Outcome.self, from: Data(run.output.utf8))
                if let problem = outcome.problem { Issue.record("\(problem)"); return }
                let text = try #require(outcome.text, "\(run.errors)")
                #expect(outcome.title?.contains("cannot sign in") == true)
                #expect(text.contains(try #require(outcome.client_id)), "the page does not name the app: \(text)")
                #expect(text.contains("What is missing: code_challenge is missing"))
                #expect(text.contains("without PKCE") && text.contains("What to do:") && text.contains("new-token"))
                #expect(outcome.password_field == false)
            }
        }
    }
}
