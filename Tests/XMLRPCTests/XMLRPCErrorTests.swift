import Foundation
import Testing
import XMLRPC

@Suite struct XMLRPCErrorTests {
    // MARK: Not XML at all: -32700

    @Test func reportsMalformedXMLWithLibXML2sLineAndMessage() throws {
        let error = try #require(requestError("<methodCall>\n<methodName>m</methodName>\n<params></param>\n</methodCall>"))
        #expect(error.faultCode == -32700)
        #expect(error.line == 3)
        guard case .notWellFormed(let detail) = error.reason else {
            Issue.record("expected notWellFormed, got \(error.reason)")
            return
        }
        #expect(detail.contains("mismatch"))
        #expect(error.message.hasPrefix("Line 3: The request is not well-formed XML: "))
    }

    @Test(arguments: ["", "   ", "not xml", "<methodCall>", "<a></b>", "<methodCall><methodName>&nbsp;</methodName></methodCall>", "<a>\u{1}</a>"])
    func rejectsEveryKindOfNonXML(xml: String) throws {
        #expect(try #require(requestError(xml)).faultCode == -32700)
    }

    @Test func rejectsBytesThatAreNotUTF8() throws {
        let bytes: [UInt8] = Array("<methodCall><methodName>m".utf8) + [0xFF, 0xFE] + Array("</methodName></methodCall>".utf8)
        #expect(throws: XMLRPCError.self) { try XMLRPCParser().parseRequest(bytes) }
        #expect((try? XMLRPCParser().parseRequest(bytes)) == nil)
        do {
            _ = try XMLRPCParser().parseRequest(bytes)
        } catch {
            #expect(error.faultCode == -32700)
        }
    }

    // MARK: XML, but not a methodCall: -32600

    @Test(arguments: [
        ("<methodResponse><params/></methodResponse>", XMLRPCError.Reason.unexpectedElement(found: "methodResponse", expected: "<methodCall> as the root element")),
        ("<methodCall><params/></methodCall>", .missingElement("methodName", parent: "methodCall")),
        ("<methodCall><methodName>  </methodName></methodCall>", .invalidScalar(type: "methodName", text: "  ")),
        ("<methodCall><methodName>a</methodName><methodName>b</methodName></methodCall>",
         .unexpectedElement(found: "methodName", expected: "one <methodName> and one <params> in <methodCall>")),
        ("<methodCall>hello<methodName>m</methodName></methodCall>", .unexpectedText("hello", parent: "methodCall")),
        ("<methodCall><methodName>m</methodName><params><value>1</value></params></methodCall>",
         .unexpectedElement(found: "value", expected: "<param> in <params>")),
        ("<methodCall><methodName>m</methodName><params><param/></params></methodCall>", .missingElement("value", parent: "param")),
    ])
    func rejectsDocumentsThatAreNotMethodCalls(xml: String, reason: XMLRPCError.Reason) throws {
        let error = try #require(requestError(xml))
        #expect(error.reason == reason)
        #expect(error.faultCode == -32600)
        #expect(error.line == 1)
    }

    @Test(arguments: [
        ("<value><float>1.5</float></value>", XMLRPCError.Reason.unknownValueType("float")),
        ("<value><int>1</int><int>2</int></value>", .unexpectedElement(found: "int", expected: "a single type element in <value>")),
        ("<value>text<int>1</int></value>", .unexpectedText("text", parent: "value")),
        ("<value><string>a<b/></string></value>", .unexpectedElement(found: "b", expected: "only text in <string>")),
        ("<value><struct><value>1</value></struct></value>", .unexpectedElement(found: "value", expected: "<member> in <struct>")),
        ("<value><struct><member><value>1</value></member></struct></value>", .missingElement("name", parent: "member")),
        ("<value><struct><member><name>a</name></member></struct></value>", .missingElement("value", parent: "member")),
        ("<value><array><value>1</value></array></value>", .unexpectedElement(found: "value", expected: "one <data> in <array>")),
        ("<value><array/></value>", .missingElement("data", parent: "array")),
        ("<value><nil>x</nil></value>", .unexpectedText("x", parent: "nil")),
        ("<value><nil><nil/></nil></value>", .unexpectedElement(found: "nil", expected: "an empty <nil/>")),
    ])
    func rejectsMalformedValues(value: String, reason: XMLRPCError.Reason) throws {
        let error = try #require(requestError(methodCall(params: value)))
        #expect(error.reason == reason)
        #expect(error.faultCode == -32600)
    }

    @Test(arguments: [
        ("i4", "12x"), ("int", "2147483648"), ("int", "1.0"), ("int", ""), ("int", "--1"), ("int", "+-1"), ("int", "١٢"),
        ("i8", "9223372036854775808"),
        ("boolean", "true"), ("boolean", "2"), ("boolean", ""),
        ("double", "nan"), ("double", "inf"), ("double", "1e999"), ("double", "0x1p3"), ("double", "1,5"),
        ("dateTime.iso8601", "1998-07-17"), ("dateTime.iso8601", "19980230T14:08:55"), ("dateTime.iso8601", "19980717T25:08:55"),
        ("dateTime.iso8601", "19980717T14:08:55 PST"),
        ("base64", "SGVsbG8*"), ("base64", "A"),
    ])
    func rejectsBadScalarsNamingTypeAndText(type: String, text: String) throws {
        let error = try #require(requestError(methodCall(params: "<value>\n<\(type)>\(text)</\(type)></value>")))
        #expect(error.reason == .invalidScalar(type: type, text: text))
        #expect(error.faultCode == -32602)
        #expect(error.line == 2)
        #expect(error.message.contains("<\(type)> holds \"\(text)\"; expected "))
    }

    @Test func explainsWhatEachScalarShouldHold() throws {
        let boolean = try #require(requestError(methodCall(params: "<value><boolean>yes</boolean></value>")))
        #expect(boolean.message == "Line 1: <boolean> holds \"yes\"; expected 0 or 1.")
        let int = try #require(requestError(methodCall(params: "<value><int>12x</int></value>")))
        #expect(int.message.hasSuffix("expected a whole number from -2147483648 to 2147483647."))
        let date = try #require(requestError(methodCall(params: "<value><dateTime.iso8601>yesterday</dateTime.iso8601></value>")))
        #expect(date.message.hasSuffix("expected a date and time such as 19980717T14:08:55 or 2014-03-31T20:16:46-07:00."))
    }

    @Test func shortensLongTextInMessages() throws {
        let junk = String(repeating: "!", count: 10_000)
        let error = try #require(requestError(methodCall(params: "<value><base64>\(junk)</base64></value>")))
        #expect(error.message.count < 300)
        #expect(error.message.contains("!…\""))
    }

    // MARK: Security

    @Test func rejectsABillionLaughsAtTheDoctypeWithoutExpanding() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        xml += " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        for level in 2...9 {
            xml += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        xml += "]>\n<methodCall><methodName>&lol9;</methodName></methodCall>"
        let error = try #require(requestError(xml))
        // Stopping at the DOCTYPE means no declaration was even read, let alone expanded.
        #expect(error.reason == .documentTypeDeclaration)
        #expect(error.faultCode == -32600)
        #expect(error.line == 2)
        #expect(error.message.contains("must not declare a DTD or entities"))
    }

    @Test func rejectsADoctypeFarFromTheStart() throws {
        let padding = "<!--" + String(repeating: "padding ", count: 20_000) + "-->\n"
        let xml = "<?xml version=\"1.0\"?>\n" + padding + "<!DOCTYPE methodCall [<!ENTITY a \"b\">]><methodCall><methodName>&a;</methodName></methodCall>"
        let error = try #require(requestError(xml))
        #expect(error.reason == .documentTypeDeclaration)
        #expect(error.line == 3)
    }

    @Test func neverReadsAnExternalEntity() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("xmlrpc-secret-\(UUID().uuidString).txt")
        try "TOP-SECRET-MARKER".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        for declaration in [
            "<!DOCTYPE methodCall [<!ENTITY x SYSTEM \"\(secret.absoluteString)\">]>",
            "<!DOCTYPE methodCall [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>",
            "<!DOCTYPE methodCall SYSTEM \"\(secret.absoluteString)\">",
            "<!DOCTYPE methodCall [<!ENTITY % p SYSTEM \"\(secret.absoluteString)\"> %p;]>",
        ] {
            let xml = "<?xml version=\"1.0\"?>\(declaration)<methodCall><methodName>&x;</methodName></methodCall>"
            let error = try #require(requestError(xml))
            #expect(error.reason == .documentTypeDeclaration)
            #expect(!error.message.contains("TOP-SECRET") && !error.message.contains("root:"))
        }
    }

    @Test func treatsAnUndeclaredEntityAsMalformed() throws {
        let error = try #require(requestError("<methodCall><methodName>&x;</methodName></methodCall>"))
        #expect(error.faultCode == -32700)
        #expect(error.message.contains("x"))
    }

    @Test func rejectsABodyOverTheSizeLimit() throws {
        let xml = methodCall(params: "<value>\(String(repeating: "a", count: 200))</value>")
        let limit = xml.utf8.count - 1
        let error = try #require(requestError(xml, parser: XMLRPCParser(maxBodySize: limit)))
        #expect(error.reason == .bodyTooLarge(size: limit + 1, limit: limit))
        #expect(error.message == "The request body is \(limit + 1) bytes; the limit is \(limit) bytes.")
        #expect(requestError(xml, parser: XMLRPCParser(maxBodySize: limit + 1)) == nil)
    }

    @Test func rejectsNestingOverTheDepthLimit() throws {
        let nested = { (depth: Int) in
            methodCall(params: String(repeating: "<value><array><data>", count: depth) + String(repeating: "</data></array></value>", count: depth))
        }
        // methodCall, params, param, then three elements per level.
        #expect(requestError(nested(20)) == nil)
        let error = try #require(requestError(nested(21)))
        #expect(error.reason == .nestingTooDeep(limit: 64))
        #expect(error.faultCode == -32600)
        #expect(requestError(nested(2), parser: XMLRPCParser(maxDepth: 9)) == nil)
        #expect(requestError(nested(3), parser: XMLRPCParser(maxDepth: 9))?.reason == .nestingTooDeep(limit: 9))
    }

    @Test func stopsAtTheDepthLimitOnAbsurdNesting() throws {
        let xml = "<methodCall>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</methodCall>"
        #expect(requestError(xml)?.reason == .nestingTooDeep(limit: 64))
    }

    // MARK: Faults

    @Test func turnsIntoAFault() {
        let error = XMLRPCError(.unknownValueType("float"), line: 7)
        #expect(error.fault == XMLRPCFault(code: -32600, message: error.message))
        #expect(error.message.hasPrefix("Line 7: <value> holds <float>, which is not an XML-RPC type; expected one of i4,"))
        #expect(error.description == error.message)
        #expect(XMLRPCError(.notEncodable("x")).faultCode == -32603)
    }
}
