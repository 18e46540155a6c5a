import Foundation
import Testing
import XMLRPC

@Suite struct XMLRPCParserTests {
    // MARK: Every type

    @Test func readsIntegersOfEveryTag() throws {
        #expect(try parseValue("<value><i4>-12</i4></value>") == .int(-12))
        #expect(try parseValue("<value><int>+42</int></value>") == .int(42))
        #expect(try parseValue("<value><int>2147483647</int></value>") == .int(2_147_483_647))
        #expect(try parseValue("<value><i8>-9223372036854775808</i8></value>") == .int(Int(Int64.min)))
        #expect(try parseValue("<value><int>\n  7\n</int></value>") == .int(7))
    }

    @Test func readsBooleans() throws {
        #expect(try parseValue("<value><boolean>1</boolean></value>") == .bool(true))
        #expect(try parseValue("<value><boolean>0</boolean></value>") == .bool(false))
    }

    @Test func readsDoubles() throws {
        #expect(try parseValue("<value><double>-12.214</double></value>") == .double(-12.214))
        #expect(try parseValue("<value><double>1e-3</double></value>") == .double(0.001))
        #expect(try parseValue("<value><double>3</double></value>") == .double(3))
    }

    @Test func readsDateTimes() throws {
        let value = try parseValue("<value><dateTime.iso8601>19980717T14:08:55</dateTime.iso8601></value>")
        #expect(value == .dateTime(try #require(XMLRPCDateTime(year: 1998, month: 7, day: 17, hour: 14, minute: 8, second: 55))))
        let zoned = try parseValue("<value><dateTime.iso8601>20140331T20:16:46-07:00</dateTime.iso8601></value>")
        #expect(zoned.dateTimeValue?.utcOffset == -7 * 3600)
    }

    @Test func readsBase64WithLineBreaks() throws {
        let value = try parseValue("<value><base64>\n  SGVsbG8s\r\n  IHdvcmxk\n  IQ==\n</base64></value>")
        #expect(value == .base64(Data("Hello, world!".utf8)))
        #expect(try parseValue("<value><base64></base64></value>") == .base64(Data()))
    }

    @Test func readsStrings() throws {
        #expect(try parseValue("<value><string>Hello</string></value>") == .string("Hello"))
        #expect(try parseValue("<value><string/></value>") == .string(""))
    }

    @Test func readsAValueWithNoTypeAsAString() throws {
        #expect(try parseValue("<value>  two spaces each side  </value>") == .string("  two spaces each side  "))
        #expect(try parseValue("<value/>") == .string(""))
        #expect(try parseValue("<value></value>") == .string(""))
    }

    @Test func readsNil() throws {
        #expect(try parseValue("<value><nil/></value>") == .nil)
        // Apache's extension namespace, as sent by Java clients.
        #expect(try parseValue("<value><ex:nil xmlns:ex=\"http://ws.apache.org/xmlrpc/namespaces/extensions\"/></value>") == .nil)
    }

    /// WordPress reads a type element where a `<value>` belongs, in a member or an array, and
    /// clients written against it (an upload's `bits`, a post's date) send that.
    @Test func readsATypeElementWithoutItsValueInAMemberOrAnArray() throws {
        let value = try parseValue("""
            <value><struct>
              <member><name>bits</name><base64>SGk=</base64></member>
              <member><name>date</name><dateTime.iso8601>20140331T20:16:46</dateTime.iso8601></member>
              <member><name>title</name><string>Hi</string></member>
              <member><name>tags</name><value><array><data><string>a</string><value>b</value></data></array></value></member>
            </struct></value>
            """)
        let members = try #require(value.structValue)
        #expect(members["bits"] == .base64(Data("Hi".utf8)))
        #expect(members["date"]?.dateTimeValue == XMLRPCDateTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46))
        #expect(members["title"] == .string("Hi"))
        #expect(members["tags"] == .array([.string("a"), .string("b")]))
        // Still one value per member, and only type elements stand in for it.
        #expect(throws: XMLRPCError.self) { try parseValue("<value><struct><member><name>a</name><string>x</string><value>y</value></member></struct></value>") }
        #expect(throws: XMLRPCError.self) { try parseValue("<value><struct><member><name>a</name><title>x</title></member></struct></value>") }
    }

    @Test func readsNestedStructsAndArrays() throws {
        let value = try parseValue("""
            <value><struct>
              <member><name>tags</name><value><array><data>
                <value><string>swift</string></value>
                <value><array><data><value><int>1</int></value></data></array></value>
                <value><struct></struct></value>
              </data></array></value></member>
              <member><name>empty</name><value><array><data/></array></value></member>
            </struct></value>
            """)
        #expect(value == ["tags": ["swift", [1], .struct([:])], "empty": []])
        #expect(value["tags"]?.arrayValue?[1].arrayValue?[0] == 1)
    }

    @Test func keepsStructMembersInTheOrderSent() throws {
        let value = try parseValue("""
            <value><struct>
              <member><name>zebra</name><value>z</value></member>
              <member><value>a</value><name>apple</name></member>
              <member><name>mango</name><value>m</value></member>
            </struct></value>
            """)
        #expect(value.structValue?.names == ["zebra", "apple", "mango"])
        #expect(value["apple"] == "a")
    }

    // MARK: Text kept exactly

    @Test(arguments: [
        ("<string>a &amp; b &lt;c&gt; \"d\" 'e'</string>", "a & b <c> \"d\" 'e'"),
        ("<string>end ]]&gt; of CDATA</string>", "end ]]> of CDATA"),
        ("<string><![CDATA[<p>Tom & Jerry</p>]]></string>", "<p>Tom & Jerry</p>"),
        ("<string>line one&#13;\nline two&#13;\n</string>", "line one\r\nline two\r\n"),
        ("<string>\t indented \n</string>", "\t indented \n"),
        ("<string>🍰 café 👩🏽‍💻</string>", "🍰 café 👩🏽‍💻"),
        ("<string>e\u{301} n\u{303}</string>", "e\u{301} n\u{303}"),
        ("<string>a<!-- note -->b</string>", "ab"),
        ("<string>&lt;!DOCTYPE html&gt; <![CDATA[<!DOCTYPE html><!ENTITY x \"y\">]]></string>", "<!DOCTYPE html> <!DOCTYPE html><!ENTITY x \"y\">"),
        ("tab\tand &#x1F370; untyped", "tab\tand 🍰 untyped"),
    ])
    func keepsTextExactly(xml: String, expected: String) throws {
        #expect(try parseValue("<value>\(xml)</value>") == .string(expected))
    }

    @Test func keepsLongTextWhole() throws {
        // Long enough to reach libxml2 in several pieces, each free to split a character.
        let text = String(repeating: "é🍰a\r\n&<", count: 40_000)
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\r", with: "&#13;")
        #expect(try parseValue("<value><string>\(escaped)</string></value>") == .string(text))
    }

    @Test func normalisesRawCRLFToLFAsXMLRequires() throws {
        // Only &#13; survives a conforming parser; raw CR LF bytes become LF.
        #expect(try parseValue("<value><string>a\r\nb</string></value>") == .string("a\nb"))
    }

    // MARK: Documents

    @Test func readsAMarsEditNewPost() throws {
        // As MarsEdit sends it, pretty-printed, with the date in UTC.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <methodCall>
            <methodName>metaWeblog.newPost</methodName>
            <params>
            <param><value><string>1</string></value></param>
            <param><value><string>admin</string></value></param>
            <param><value><string>s3cret &amp; safe</string></value></param>
            <param><value><struct>
            <member><name>title</name><value><string>Caf&#233; notes</string></value></member>
            <member><name>description</name><value><string>&lt;p&gt;First line&lt;/p&gt;&#13;
            &lt;p&gt;Second&lt;/p&gt;</string></value></member>
            <member><name>categories</name><value><array><data>
            <value><string>Swift</string></value>
            <value><string>Coffee</string></value>
            </data></array></value></member>
            <member><name>mt_keywords</name><value><string>swift, xml-rpc</string></value></member>
            <member><name>dateCreated</name><value><dateTime.iso8601>20240305T09:15:00Z</dateTime.iso8601></value></member>
            </struct></value></param>
            <param><value><boolean>1</boolean></value></param>
            </params>
            </methodCall>
            """
        let request = try XMLRPCParser().parseRequest(Data(xml.utf8))
        #expect(request.methodName == "metaWeblog.newPost")
        #expect(request.params.count == 5)
        #expect(request.params[0] == "1")
        #expect(request.params[1] == "admin")
        #expect(request.params[2] == "s3cret & safe")
        let post = try #require(request.params[3].structValue)
        #expect(post.names == ["title", "description", "categories", "mt_keywords", "dateCreated"])
        #expect(post["title"] == "Café notes")
        #expect(post["description"] == "<p>First line</p>\r\n<p>Second</p>")
        #expect(post["categories"] == ["Swift", "Coffee"])
        #expect(post["mt_keywords"] == "swift, xml-rpc")
        #expect(post["dateCreated"]?.dateTimeValue == XMLRPCDateTime(year: 2024, month: 3, day: 5, hour: 9, minute: 15, second: 0, utcOffset: 0))
        #expect(request.params[4].boolValue == true)
    }

    @Test func readsACallWithoutParams() throws {
        let request = try XMLRPCParser().parseRequest(Array("<methodCall><methodName> blogger.getUsersBlogs\n</methodName></methodCall>".utf8))
        #expect(request == XMLRPCRequest(methodName: "blogger.getUsersBlogs"))
    }

    @Test func readsAnotherEncodingAsDeclared() throws {
        let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><methodCall><methodName>m</methodName><params><param><value>caf".utf8)
            + [0xE9] + Array("</value></param></params></methodCall>".utf8)
        #expect(try XMLRPCParser().parseRequest(latin1).params == ["café"])
    }

    @Test func readsAMediaUploadLargerThanLibXML2sTextLimit() throws {
        // libxml2 refuses text nodes over 10 MB unless told otherwise; uploads may be 50 MB.
        let bytes = Data((0..<12_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let xml = methodCall(params: "<value><struct><member><name>bits</name><value><base64>\(bytes.base64EncodedString(options: .lineLength76Characters))</base64></value></member></struct></value>")
        let request = try XMLRPCParser().parseRequest(Array(xml.utf8))
        #expect(request.params[0]["bits"]?.dataValue == bytes)
    }

    @Test func readsResponses() throws {
        let success = try XMLRPCParser().parseResponse(Array("""
            <?xml version="1.0"?>
            <methodResponse><params><param><value><string>South Dakota</string></value></param></params></methodResponse>
            """.utf8))
        #expect(success == .success("South Dakota"))
        let fault = try XMLRPCParser().parseResponse(Array("""
            <methodResponse><fault><value><struct>
              <member><name>faultCode</name><value><int>4</int></value></member>
              <member><name>faultString</name><value>Too many parameters.</value></member>
            </struct></value></fault></methodResponse>
            """.utf8))
        #expect(fault == .fault(XMLRPCFault(code: 4, message: "Too many parameters.")))
    }

    @Test func parsesOnManyThreadsAtOnce() async throws {
        let xml = Array(methodCall(params: "<value><struct><member><name>n</name><value><i4>1</i4></value></member></struct></value>", "<value>x</value>").utf8)
        let parser = XMLRPCParser()
        let results = try await withThrowingTaskGroup(of: XMLRPCRequest.self) { group in
            for _ in 0..<64 {
                group.addTask { try parser.parseRequest(xml) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(Set(results) == [XMLRPCRequest(methodName: "test.echo", params: [["n": 1], "x"])])
    }

    @Test func appliesItsLimitsAsGiven() {
        let parser = XMLRPCParser(maxBodySize: 1000, maxDepth: 9)
        #expect(parser.maxBodySize == 1000)
        #expect(parser.maxDepth == 9)
        #expect(XMLRPCParser().maxBodySize == 50 * 1024 * 1024)
        #expect(XMLRPCParser().maxDepth == 64)
    }
}
