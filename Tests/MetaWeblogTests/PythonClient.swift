import BakeIO
import BakeTestSupport
import Foundation
import XMLRPC

/// Python's standard `xmlrpc.client`, an XML-RPC client independent of ours, driven one
/// call at a time: each call goes to Python as a JSON line, and Python's result or fault
/// comes back the same way. Values cross as JSON with tags for what JSON lacks
/// (`$base64`, `$dateTime`, `$bool`), and are turned into `XMLRPCValue`s here.
final class PythonClient: Sendable {
    /// Python's answer to one call.
    enum Reply {
        case result(XMLRPCValue)
        case fault(code: Int, message: String)
    }

    private let python: BackgroundProgram

    /// Whether `python3` is on the PATH (its `xmlrpc.client` is in its standard library).
    static var isAvailable: Bool { Program.find("python3") != nil }

    /// Starts Python with a `ServerProxy` for `endpoint`.
    init(endpoint: String) async throws {
        python = try await BackgroundProgram.start("/usr/bin/env", ["python3", "-u", "-c", Self.script, endpoint])
    }

    /// Calls `method` through Python (600 s at most, Python's own socket timeout, which only keeps a hung shim from hanging the run).
    func call(_ method: String, _ params: [XMLRPCValue]) async throws -> Reply {
        let line = try JSONSerialization.data(withJSONObject: ["method": method, "params": params.map(Self.json)]) + Data("\n".utf8)
        python.write(Array(line))
        guard let answer = await python.nextLine().map({ Array($0.utf8) }) else {
            throw TestFailure(description: "Python ended without answering")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any] else {
            throw TestFailure(description: "Python answered \(String(decoding: answer, as: UTF8.self))")
        }
        if let fault = object["fault"] as? [String: Any] {
            return .fault(code: (fault["code"] as? Int) ?? 0, message: (fault["string"] as? String) ?? "")
        }
        if let error = object["error"] as? String {
            throw TestFailure(description: "Python's client failed: \(error)")
        }
        return .result(try Self.value(object["result"] as Any))
    }

    /// The result of a call that must succeed.
    func success(_ method: String, _ params: [XMLRPCValue]) async throws -> XMLRPCValue {
        switch try await call(method, params) {
        case .result(let value): return value
        case .fault(let code, let message): throw TestFailure(description: "\(method) failed: \(code) \(message)")
        }
    }

    /// Closes Python's input, which ends it.
    func close() {
        python.closeInput()
    }
}

private extension PythonClient {

    static func json(_ value: XMLRPCValue) -> Any {
        switch value {
        case .int(let number): return number
        case .bool(let flag): return ["$bool": flag]
        case .string(let text): return text
        case .double(let number): return number
        case .dateTime(let date): return ["$dateTime": date.iso8601]
        case .base64(let data): return ["$base64": data.base64EncodedString()]
        case .struct(let members): return Dictionary(members.members.map { ($0.name, json($0.value)) }, uniquingKeysWith: { first, _ in first })
        case .array(let elements): return elements.map(json)
        case .nil: return NSNull()
        }
    }

    static func value(_ object: Any) throws -> XMLRPCValue {
        switch object {
        case let text as String:
            return .string(text)
        case let elements as [Any]:
            return .array(try elements.map(value))
        case let members as [String: Any]:
            if let flag = members["$bool"] as? Bool { return .bool(flag) }
            if let text = members["$dateTime"] as? String {
                guard let date = XMLRPCDateTime(iso8601: text) else { throw TestFailure(description: "Python sent the date \(text)") }
                return .dateTime(date)
            }
            if let text = members["$base64"] as? String {
                return .base64(Data(base64Encoded: text) ?? Data())
            }
            return .struct(XMLRPCStruct(try members.sorted { $0.key < $1.key }.map { ($0.key, try value($0.value)) }))
        case let number as Int:
            return .int(number)
        case let number as Double:
            return .double(number)
        case is NSNull:
            return .nil
        default:
            throw TestFailure(description: "Python sent \(object)")
        }
    }

    /// The Python side: JSON lines in, calls through `xmlrpc.client`, JSON lines out.
    static let script = #"""
import base64, json, socket, sys, xmlrpc.client

# Only so that a shim that never answers ends the test: far past what a loaded machine takes.
socket.setdefaulttimeout(600)

# xmlrpc.client escapes &, < and > in strings but writes CR as it is, and every XML parser
# reads a bare CR as LF. Writing it as &#13; (as the shim does in its replies) is what
# keeps CRLF text exact; Python's own reader already returns &#13; as CR.
def dump_string(self, value, write, escape=xmlrpc.client.escape):
    write("<value><string>")
    write(escape(value).replace("\r", "&#13;"))
    write("</string></value>\n")
xmlrpc.client.Marshaller.dispatch[str] = dump_string

def to_xmlrpc(value):
    if isinstance(value, dict):
        if "$bool" in value: return bool(value["$bool"])
        if "$dateTime" in value: return xmlrpc.client.DateTime(value["$dateTime"])
        if "$base64" in value: return xmlrpc.client.Binary(base64.b64decode(value["$base64"]))
        return {key: to_xmlrpc(item) for key, item in value.items()}
    if isinstance(value, list): return [to_xmlrpc(item) for item in value]
    return value

def to_json(value):
    if isinstance(value, bool): return {"$bool": value}
    if isinstance(value, xmlrpc.client.DateTime): return {"$dateTime": value.value}
    if isinstance(value, xmlrpc.client.Binary): return {"$base64": base64.b64encode(value.data).decode()}
    if isinstance(value, dict): return {key: to_json(item) for key, item in value.items()}
    if isinstance(value, list): return [to_json(item) for item in value]
    return value

proxy = xmlrpc.client.ServerProxy(sys.argv[1])
for line in sys.stdin:
    call = json.loads(line)
    try:
        result = getattr(proxy, call["method"])(*to_xmlrpc(call["params"]))
        answer = {"result": to_json(result)}
    except xmlrpc.client.Fault as fault:
        answer = {"fault": {"code": fault.faultCode, "string": fault.faultString}}
    except Exception as error:
        answer = {"error": repr(error)}
    print(json.dumps(answer), flush=True)
"""#
}
