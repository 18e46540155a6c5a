import BakeIO
import Foundation
import XMLRPC

/// Wraps `params` (already XML) in a methodCall named `test.echo`.
func methodCall(params: String...) -> String {
    let body = params.map { "<param>\($0)</param>" }.joined()
    return "<?xml version=\"1.0\"?><methodCall><methodName>test.echo</methodName><params>\(body)</params></methodCall>"
}

/// Parses a methodCall holding one `<value>` and returns that value.
func parseValue(_ valueXML: String) throws -> XMLRPCValue {
    let request = try XMLRPCParser().parseRequest(Array(methodCall(params: valueXML).utf8))
    return request.params[0]
}

/// Parses `xml` as a request and returns the error it throws, or nil if it parses.
func requestError(_ xml: String, parser: XMLRPCParser = XMLRPCParser()) -> XMLRPCError? {
    do {
        _ = try parser.parseRequest(Array(xml.utf8))
        return nil
    } catch {
        return error
    }
}

/// What Python's standard `xmlrpc.client.loads` reads from a document, turned back into values.
struct PythonReading: Equatable {
    var methodName: String?
    var params: [XMLRPCValue]
    var fault: XMLRPCFault?
}

/// Runs `xmlrpc.client.loads` on `document` in a python3 subprocess.
///
/// Python prints each value as tagged JSON, which is turned back into XMLRPCValue here,
/// so the comparison is between values and not between two spellings of the same XML.
func pythonLoads(_ document: [UInt8]) async throws -> PythonReading {
    let script = #"""
    import base64, json, sys, xmlrpc.client

    def tagged(v):
        if v is None: return ["nil"]
        if isinstance(v, bool): return ["bool", v]
        if isinstance(v, int): return ["int", v]
        if isinstance(v, float): return ["double", repr(v)]
        if isinstance(v, str): return ["string", v]
        if isinstance(v, xmlrpc.client.DateTime): return ["dateTime", v.value]
        if isinstance(v, xmlrpc.client.Binary): return ["base64", base64.b64encode(v.data).decode()]
        if isinstance(v, dict): return ["struct", [[k, tagged(x)] for k, x in v.items()]]
        if isinstance(v, list): return ["array", [tagged(x) for x in v]]
        raise TypeError(type(v))

    try:
        params, name = xmlrpc.client.loads(sys.stdin.buffer.read())
        print(json.dumps({"method": name, "params": [tagged(p) for p in params]}))
    except xmlrpc.client.Fault as fault:
        print(json.dumps({"fault": [fault.faultCode, fault.faultString]}))
    """#
    let run = try await Program(executable: "/usr/bin/env").run(["python3", "-c", script], input: Array(document))
    guard run.status == 0,
          let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    else { throw PythonError(status: run.status, output: run.output) }

    if let fault = object["fault"] as? [Any], let code = fault[0] as? Int, let message = fault[1] as? String {
        return PythonReading(methodName: nil, params: [], fault: XMLRPCFault(code: code, message: message))
    }
    let params = try (object["params"] as? [Any] ?? []).map(value(fromTagged:))
    return PythonReading(methodName: object["method"] as? String, params: params, fault: nil)
}

struct PythonError: Error {
    let status: Int32
    let output: String
}

private func value(fromTagged json: Any) throws -> XMLRPCValue {
    guard let tagged = json as? [Any], let tag = tagged.first as? String else { throw PythonError(status: 0, output: "\(json)") }
    switch (tag, tagged.dropFirst().first) {
    case ("nil", _): return .nil
    case ("bool", let flag as Bool): return .bool(flag)
    case ("int", let number as Int): return .int(number)
    case ("double", let text as String): return .double(Double(text) ?? .nan)
    case ("string", let text as String): return .string(text)
    case ("dateTime", let text as String):
        guard let dateTime = XMLRPCDateTime(iso8601: text) else { break }
        return .dateTime(dateTime)
    case ("base64", let text as String): return .base64(Data(base64Encoded: text) ?? Data())
    case ("struct", let members as [[Any]]):
        return .struct(XMLRPCStruct(try members.map { ($0[0] as? String ?? "", try value(fromTagged: $0[1])) }))
    case ("array", let elements as [Any]): return .array(try elements.map(value(fromTagged:)))
    default: break
    }
    throw PythonError(status: 0, output: "\(json)")
}
