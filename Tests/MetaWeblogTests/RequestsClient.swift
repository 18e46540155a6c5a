import BakeIO
import BakeTestSupport
import Foundation

/// Python's `requests`, an HTTP client independent of ours (and the one many Micropub tools
/// are written with), driven one request at a time: each request goes to Python as a JSON
/// line, and the answer comes back the same way. Redirects are never followed, so a test
/// sees them.
final class RequestsClient: Sendable {
    /// One answer.
    struct Answer: @unchecked Sendable {
        let status: Int
        /// Header names lowercased.
        let headers: [String: String]
        let text: String
        /// The body's bytes, as they came.
        let bytes: [UInt8]
        /// The body as JSON, when it is.
        let json: Any?

        /// A member of a JSON object body.
        subscript(key: String) -> Any? {
            (json as? [String: Any])?[key]
        }

        /// The `error` of a Micropub or OAuth error body.
        var error: String? { self["error"] as? String }

        var location: String? { headers["location"] }
    }

    /// A file part for a multipart body.
    struct File {
        let field: String
        let name: String
        let type: String
        let bytes: [UInt8]
    }

    private let python: BackgroundProgram

    init() async throws {
        python = try await BackgroundProgram.start("/usr/bin/env", ["python3", "-u", "-c", Self.script])
    }

    /// GET with query fields (repeat a name for several values).
    func get(_ url: String, query: [(String, String)] = [], token: String? = nil) async throws -> Answer {
        try await send(["method": "GET", "url": url, "params": query.map { [$0.0, $0.1] }, "headers": Self.headers(token)])
    }

    /// POST a form (`application/x-www-form-urlencoded`, or multipart when `files` are given).
    func post(_ url: String, form: [(String, String)], files: [File] = [], token: String? = nil) async throws -> Answer {
        var request: [String: Any] = ["method": "POST", "url": url, "data": form.map { [$0.0, $0.1] }, "headers": Self.headers(token)]
        if !files.isEmpty {
            request["files"] = files.map { ["field": $0.field, "name": $0.name, "type": $0.type, "base64": Data($0.bytes).base64EncodedString()] }
        }
        return try await send(request)
    }

    /// POST a JSON body.
    func post(_ url: String, json: Any, token: String? = nil) async throws -> Answer {
        try await send(["method": "POST", "url": url, "json": json, "headers": Self.headers(token)])
    }

    /// POST raw bytes with a content type.
    func post(_ url: String, body: String, contentType: String, token: String? = nil) async throws -> Answer {
        var headers = Self.headers(token)
        headers["Content-Type"] = contentType
        return try await send(["method": "POST", "url": url, "body": body, "headers": headers])
    }

    /// Closes Python's input, which ends it.
    func close() {
        python.closeInput()
    }
}

private extension RequestsClient {
    static func headers(_ token: String?) -> [String: String] {
        token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
    }

    func send(_ request: [String: Any]) async throws -> Answer {
        let line = try JSONSerialization.data(withJSONObject: request) + Data("\n".utf8)
        python.write(Array(line))
        guard let answer = await python.nextLine().map({ Array($0.utf8) }) else {
            throw TestFailure(description: "Python ended without answering")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any] else {
            throw TestFailure(description: "Python answered \(String(decoding: answer, as: UTF8.self))")
        }
        if let error = object["error"] as? String { throw TestFailure(description: "requests failed: \(error)") }
        let headers = (object["headers"] as? [String: String] ?? [:]).reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
        let bytes = Array(Data(base64Encoded: object["content"] as? String ?? "") ?? Data())
        return Answer(status: object["status"] as? Int ?? 0, headers: headers, text: object["text"] as? String ?? "", bytes: bytes, json: object["json"] is NSNull ? nil : object["json"])
    }

    static let script = #"""
import base64, json, sys
import requests

session = requests.Session()
for line in sys.stdin:
    call = json.loads(line)
    try:
        options = {"headers": call.get("headers") or {}, "allow_redirects": False, "timeout": 600}
        if "params" in call: options["params"] = [tuple(pair) for pair in call["params"]]
        if "data" in call: options["data"] = [tuple(pair) for pair in call["data"]]
        if "body" in call: options["data"] = call["body"].encode()
        if "json" in call: options["json"] = call["json"]
        if "files" in call:
            options["files"] = [(f["field"], (f["name"], base64.b64decode(f["base64"]), f["type"])) for f in call["files"]]
        response = session.request(call["method"], call["url"], **options)
        try:
            body = response.json()
        except ValueError:
            body = None
        print(json.dumps({"status": response.status_code, "headers": dict(response.headers), "text": response.text,
                          "content": base64.b64encode(response.content).decode(), "json": body}), flush=True)
    except Exception as error:
        print(json.dumps({"error": repr(error)}), flush=True)
"""#
}
