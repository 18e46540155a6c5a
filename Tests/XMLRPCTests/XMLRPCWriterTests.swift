import Foundation
import Testing
import XMLRPC

@Suite struct XMLRPCWriterTests {
    private let writer = XMLRPCWriter()

    /// Every type, with the text that is hardest to carry through XML.
    private static let everyType: XMLRPCValue = [
        "int": 42,
        "negative": -7,
        "big": .int(Int(Int32.max) + 1),
        "true": true,
        "false": false,
        "double": 3.25,
        "tiny": .double(1.5e-7),
        "huge": .double(-2.5e20),
        "dateTime": .dateTime(XMLRPCDateTime(year: 1998, month: 7, day: 17, hour: 14, minute: 8, second: 55)!),
        "dateTimeUTC": .dateTime(XMLRPCDateTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46, utcOffset: 0)!),
        "dateTimeZoned": .dateTime(XMLRPCDateTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46, utcOffset: -7 * 3600)!),
        "base64": .base64(Data([0, 1, 2, 253, 254, 255])),
        "emptyBase64": .base64(Data()),
        "empty": "",
        "markup": "<p>Tom & Jerry</p> <![CDATA[ x ]]> ]]>",
        "crlf": "line one\r\nline two\r\n\r\n",
        "lone CR": "a\rb",
        "spaces": "  \t leading and trailing \n ",
        "emoji": "🍰 👩🏽‍💻 🇸🇪",
        "combining": "e\u{301} n\u{303} \u{1E9B}\u{323}",
        "quotes": "\"double\" 'single'",
        "nil": .nil,
        "array": [1, "two", [3.5], [:]],
        "nested": ["inner": ["deeper": ["x", .nil]]],
    ]

    @Test func writesADeclaredUTF8Document() throws {
        let text = String(decoding: try writer.encode(.success("hi")), as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<methodResponse>"))
        #expect(text.contains("<params><param><value><string>hi</string></value></param></params>"))
    }

    @Test func escapesMarkupAndWritesCRAsACharacterReference() throws {
        let text = String(decoding: try writer.encode(.success("a & <b> ]]> c\r\n")), as: UTF8.self)
        #expect(text.contains("<string>a &amp; &lt;b&gt; ]]&gt; c&#13;\n</string>"))
        #expect(!text.utf8.contains(13))
    }

    @Test func writesEachScalarAsTheSpecSpellsIt() throws {
        let text = String(decoding: try writer.encode(.success([
            1, .int(Int(Int32.min) - 1), true, 0.1, .double(1e21), .double(-2.5e-5), .nil, .base64(Data("Hi!".utf8)),
            .dateTime(XMLRPCDateTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46, utcOffset: 5 * 3600 + 1800)!),
        ])), as: UTF8.self)
        for fragment in [
            "<value><int>1</int></value>", "<value><i8>-2147483649</i8></value>", "<value><boolean>1</boolean></value>",
            "<value><double>0.1</double></value>", "<value><double>1000000000000000000000.0</double></value>",
            "<value><double>-0.000025</double></value>", "<value><nil/></value>", "<value><base64>SGkh</base64></value>",
            "<value><dateTime.iso8601>20140331T20:16:46+05:30</dateTime.iso8601></value>",
        ] {
            #expect(text.contains(fragment))
        }
    }

    @Test func writesAFaultStruct() throws {
        let text = String(decoding: try writer.encode(.fault(XMLRPCFault(code: 403, message: "Bad login & password"))), as: UTF8.self)
        #expect(text.contains("<fault><value><struct><member><name>faultCode</name><value><int>403</int></value></member>"
            + "<member><name>faultString</name><value><string>Bad login &amp; password</string></value></member></struct></value></fault>"))
    }

    @Test func roundTripsEveryTypeThroughItsOwnParser() throws {
        let parser = XMLRPCParser()
        #expect(try parser.parseResponse(try writer.encode(.success(Self.everyType))) == .success(Self.everyType))
        let fault = XMLRPCFault(code: -32600, message: "Line 3: <i4> holds \"x\"\r\n")
        #expect(try parser.parseResponse(try writer.encode(.fault(fault))) == .fault(fault))
        let request = XMLRPCRequest(methodName: "metaWeblog.editPost", params: ["2024/05/hello", Self.everyType, .array([])])
        #expect(try parser.parseRequest(try writer.encode(request)) == request)
    }

    @Test func roundTripsAnEmptyCall() throws {
        let request = XMLRPCRequest(methodName: "system.listMethods")
        #expect(try XMLRPCParser().parseRequest(try writer.encode(request)) == request)
    }

    @Test func isReadTheSameByPythonsXMLRPCClient() async throws {
        let response = try await pythonLoads(try writer.encode(.success(Self.everyType)))
        #expect(response == PythonReading(methodName: nil, params: [Self.everyType], fault: nil))

        let request = XMLRPCRequest(methodName: "metaWeblog.newPost", params: ["1", "admin", "pass&word", Self.everyType, true])
        let call = try await pythonLoads(try writer.encode(request))
        #expect(call == PythonReading(methodName: "metaWeblog.newPost", params: request.params, fault: nil))

        let fault = XMLRPCFault(code: 4, message: "Too <many> & \"params\"\r\n🍰")
        #expect(try await pythonLoads(try writer.encode(.fault(fault))) == PythonReading(methodName: nil, params: [], fault: fault))
    }

    @Test(arguments: [
        XMLRPCValue.string("bell \u{7}"), .string("nul \u{0}"), .string("\u{FFFE}"), .double(.nan), .double(-.infinity),
        ["key\u{1B}": 1], [.string("\u{B}")],
    ])
    func refusesValuesXMLCannotCarry(value: XMLRPCValue) throws {
        #expect(throws: XMLRPCError.self) { try writer.encode(.success(value)) }
        do {
            _ = try writer.encode(.success(value))
        } catch {
            #expect(error.faultCode == -32603)
            // The error itself must be writable, so the shim can send it back.
            _ = try writer.encode(.fault(error.fault))
        }
    }

    @Test func refusesAMethodNameXMLCannotCarry() {
        #expect(throws: XMLRPCError.self) { try writer.encode(XMLRPCRequest(methodName: "a\u{0}b")) }
    }
}
