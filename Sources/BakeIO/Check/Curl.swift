import Foundation

/// curl, run as a child process with its arguments as an array (no shell between), for one
/// HTTP request at a time: `bake check --external`'s client. Its answer is the status and the
/// `Location` of a redirect, which bake follows itself, hop by hop.
///
/// ```swift
/// let curl = try Curl.find()
/// let answer = await curl.request("https://example.com/", method: .head, timeout: .seconds(10))
/// // .status(301, location: "https://www.example.com/")
/// ```
public struct Curl: Sendable {
    /// The curl executable.
    public let executable: String

    public init(executable: String) {
        self.executable = executable
    }

    /// The `curl` on the PATH.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(LinkCheckError) -> Curl {
        guard let path = ExecutableSearch.find("curl", environment: environment) else {
            throw LinkCheckError.curlMissing
        }
        return Curl(executable: path)
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
        guard let run = try? await Program(executable: executable).run(arguments) else { return .failed("cannot run \(executable)") }
        let fields = run.output.split(separator: " ", maxSplits: 1)
        let status = fields.first.flatMap { Int($0) } ?? 0
        let location = fields.count > 1 ? String(fields[1]).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        // 63: the body is larger than asked for; the status came first and holds.
        if (run.status == 0 || run.status == 63), status > 0 {
            return .status(status, location: location.isEmpty ? nil : location)
        }
        if run.status == 28 { return .timedOut }
        return .failed(Self.reason(run.errors))
    }

    /// curl's message without its `curl: (7) ` prefix.
    static func reason(_ errors: String) -> String {
        let line = errors.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no answer"
        guard line.hasPrefix("curl: ("), let close = line.firstIndex(of: ")") else { return line }
        return line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
    }
}
