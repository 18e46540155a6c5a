import BakeIO
import Foundation

/// curl, run as a child process with its arguments as an array (no shell between), for one
/// HTTP request at a time: `bake check --external`'s client (its answer is the status and the
/// `Location` of a redirect, which bake follows itself, hop by hop), and the editor server's
/// reader of an app's published page (`fetch`).
///
/// ```swift
/// let curl = try Curl.find()
/// let answer = await curl.request("https://example.com/", method: .head, timeout: .seconds(10))
/// // .status(301, location: "https://www.example.com/")
/// ```
public struct Curl: Sendable {
    /// curl, found and run as every program bake runs is.
    public let program: Program
    /// The curl executable.
    public var executable: String { program.executable }

    public init(executable: String) {
        program = Program(executable: executable)
    }

    /// The `curl` on the PATH.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(LinkCheckError) -> Curl {
        guard let curl = Program.find("curl", environment: environment) else {
            throw LinkCheckError.curlMissing
        }
        return Curl(executable: curl.executable)
    }

    public enum Method: String, Sendable {
        case head = "HEAD"
        case get = "GET"
    }

    /// How one request ended.
    public enum Answer: Sendable, Hashable {
        /// The HTTP status, and the absolute URL a redirect leads to.
        case status(Int, location: String?)
        /// No answer within the time allowed.
        case timedOut
        /// No HTTP answer at all, with curl's reason, e.g. `Could not resolve host: nowhere.example`.
        case failed(String)
    }

    /// Requests `url` once, without following redirects. A GET reads no more than the headers
    /// and the first megabyte of the body.
    public func request(_ url: String, method: Method, timeout: Duration) async -> Answer {
        let seconds = String(timeout.inSeconds)
        var arguments = [
            "--silent", "--show-error", "--globoff", "--proto", "=http,https",
            "--max-time", seconds, "--connect-timeout", seconds,
            "--user-agent", "bake-check (link checker)", "--header", "Accept: */*",
            "--output", "/dev/null", "--write-out", "%{http_code} %{redirect_url}",
        ]
        arguments += method == .head ? ["--head"] : ["--max-filesize", "1048576"]
        arguments += ["--url", url]
        return await answer(arguments, timeout: nil)
    }

    /// Runs curl with `arguments`, whose `--write-out` is `%{http_code} %{redirect_url}`, and
    /// reads its answer; a curl that could not be run fails with the runner's reason.
    func answer(_ arguments: [String], timeout: Duration?) async -> Answer {
        do {
            return Self.answer(try await program.run(arguments, timeout: timeout))
        } catch {
            return .failed(error.description)
        }
    }

    /// The answer of a run whose `--write-out` was `%{http_code} %{redirect_url}`.
    static func answer(_ run: ProgramRun) -> Answer {
        let fields = run.output.split(separator: " ", maxSplits: 1)
        let status = fields.first.flatMap { Int($0) } ?? 0
        let location = fields.count > 1 ? String(fields[1]).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        // 63: the body is larger than asked for; the status came first and holds.
        if (run.status == 0 || run.status == 63), status > 0 {
            return .status(status, location: location.isEmpty ? nil : location)
        }
        if run.status == 28 || run.timedOut { return .timedOut }
        return .failed(ProgramMessages.curl.reasonIfAny(in: run.errors) ?? "no answer")
    }

    /// A page read whole: where it ended up after redirects, and what it said.
    public struct Page: Sendable, Hashable {
        public let status: Int
        /// The URL of the last hop, which relative links in the page are read against.
        public let url: String
        /// Its `Content-Type`, e.g. `text/html; charset=utf-8`; empty when it sent none.
        public let contentType: String
        /// Its `Link` header fields, joined with `, `; empty when it sent none.
        public let link: String
        public let body: [UInt8]

        public init(status: Int, url: String, contentType: String, link: String, body: [UInt8]) {
            self.status = status
            self.url = url
            self.contentType = contentType
            self.link = link
            self.body = body
        }
    }

    /// GETs `url`, following up to five redirects (http and https only), and reads its body
    /// up to `maxBytes`. Nil when there was no HTTP answer in `timeout` or the body was larger.
    public func fetch(_ url: String, timeout: Duration, maxBytes: Int, userAgent: String) async -> Page? {
        let seconds = String(timeout.inSeconds)
        // The body goes to standard output; what curl learnt of the last hop, to standard error
        // after it, a field per line, marked so that curl's own messages cannot be taken for it.
        let fields = ["status": "%{http_code}", "url": "%{url_effective}", "type": "%header{content-type}", "link": "%header{link}"]
        let writeOut = "%{stderr}" + fields.map { "\n\(Self.fieldMark)\($0.key) \($0.value)" }.joined() + "\n"
        let arguments = [
            "--silent", "--show-error", "--globoff", "--proto", "=http,https", "--proto-redir", "=http,https",
            "--location", "--max-redirs", "5", "--max-time", seconds, "--connect-timeout", seconds,
            "--max-filesize", String(maxBytes), "--user-agent", userAgent, "--header", "Accept: application/json, text/html;q=0.9, */*;q=0.1",
            "--output", "-", "--write-out", writeOut, "--url", url,
        ]
        guard let run = try? await program.run(arguments, timeout: timeout + .seconds(5), outputLimit: maxBytes),
              run.status == 0
        else { return nil }
        var found: [String: String] = [:]
        for line in run.errors.split(separator: "\n") where line.hasPrefix(Self.fieldMark) {
            let field = line.dropFirst(Self.fieldMark.count)
            let name = field.prefix { $0 != " " }
            found[String(name)] = String(field.dropFirst(name.count + 1))
        }
        guard let status = found["status"].flatMap({ Int($0) }), status > 0, let last = found["url"] else { return nil }
        return Page(status: status, url: last, contentType: found["type"] ?? "", link: found["link"] ?? "", body: Array(run.output.utf8))
    }

    private static let fieldMark = "bake-curl-"

    /// POSTs `form` to `url` as `application/x-www-form-urlencoded`, without following
    /// redirects, and reads no more of the answer than its status.
    public func post(_ url: String, form: [(String, String)], timeout: Duration, userAgent: String) async -> Answer {
        let seconds = String(timeout.inSeconds)
        var arguments = [
            "--silent", "--show-error", "--globoff", "--proto", "=http,https",
            "--max-time", seconds, "--connect-timeout", seconds, "--user-agent", userAgent,
            "--output", "/dev/null", "--write-out", "%{http_code} %{redirect_url}",
        ]
        for (name, value) in form { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        arguments += ["--url", url]
        return await answer(arguments, timeout: timeout + .seconds(5))
    }

}
