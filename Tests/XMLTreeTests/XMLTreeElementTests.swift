import Testing
import XMLTree

@Suite struct XMLTreeElementTests {
    // MARK: Reading

    @Test func keepsTextBetweenElementsInOrder() throws {
        let root = try parse("<p>one <b>two</b> three<br/><![CDATA[<four>]]></p>")
        #expect(root.children == [
            .text("one "), .element(XMLTreeElement("b", children: [.text("two")], line: 1)), .text(" three"),
            .element(XMLTreeElement("br", line: 1)), .text("<four>"),
        ])
        #expect(root.text == "one  three<four>")
        #expect(root.elements.map(\.name) == ["b", "br"])
    }

    @Test func givesEachElementTheLineOfItsStartTag() throws {
        let root = try parse("<?xml version=\"1.0\"?>\n<a>\n  <b>\n\n    <c/></b>\n</a>")
        #expect(root.line == 2)
        #expect(root.elements[0].line == 3)
        #expect(root.elements[0].elements[0].line == 5)
    }

    @Test func readsNamespaceURIsAndPrefixes() throws {
        let root = try parse("""
            <rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns="urn:default">\
            <wp:post_type>post</wp:post_type><title>T</title><plain xmlns="">p</plain></rss>
            """)
        #expect(root.name == "rss")
        #expect(root.namespaceURI == "urn:default")
        #expect(root.prefix == nil)
        let type = root.elements[0]
        #expect(type.name == "post_type")
        #expect(type.namespaceURI == "http://wordpress.org/export/1.2/")
        #expect(type.prefix == "wp")
        #expect(root.elements[1].namespaceURI == "urn:default")
        #expect(root.elements[2].namespaceURI == nil)
    }

    @Test func readsAttributesByLocalName() throws {
        let root = try parse("""
            <category xmlns:x="urn:x" domain="post_tag" nicename="a&amp;b&#38;c&lt;&#x26;#38;" x:note="&#233;t&#xE9;">Tag</category>
            """)
        #expect(root.attributes == ["domain": "post_tag", "nicename": "a&b&c<&#38;", "note": "été"])
        #expect(root.text == "Tag")
    }

    // MARK: What is refused

    @Test func refusesADoctypeOnItsLine() throws {
        let error = try parseError("<?xml version=\"1.0\"?>\n\n<!DOCTYPE a [<!ENTITY x \"expanded\">]>\n<a>&x;</a>")
        #expect(error == XMLTreeError(.documentTypeDeclaration, line: 3))
    }

    @Test func refusesADoctypeThatNamesAnExternalDTD() throws {
        let error = try parseError("<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a/>")
        #expect(error == XMLTreeError(.documentTypeDeclaration, line: 1))
    }

    @Test func anUndeclaredEntityIsAnErrorAndNotExpanded() throws {
        let error = try parseError("<a>\n<b>&x;</b></a>")
        guard case .notWellFormed(let message) = error.reason else {
            Issue.record("expected .notWellFormed, got \(error)")
            return
        }
        #expect(message.contains("'x'"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(error.line == 2)
        // The five predefined entities and character references are not entities to expand.
        #expect(try parse("<a>&lt;&gt;&amp;&apos;&quot;&#65;&#x42;</a>").text == "<>&'\"AB")
    }

    @Test func refusesNestingBeyondMaxDepth() throws {
        let nested = { (depth: Int) in
            String(repeating: "<e>\n", count: depth) + String(repeating: "</e>", count: depth)
        }
        #expect(try parse(nested(5), maxDepth: 5).elements.count == 1)
        let error = try parseError(nested(6), maxDepth: 5)
        #expect(error == XMLTreeError(.nestingTooDeep(limit: 5), line: 6))
    }

    @Test func readsACDATASectionPast10MBOnlyWhenAskedTo() throws {
        let body = String(repeating: "a", count: 10_000_001)
        let document = "<a><![CDATA[\(body)]]></a>"
        let error = try parseError(document)
        guard case .notWellFormed = error.reason else {
            Issue.record("expected .notWellFormed, got \(error.reason)")
            return
        }
        #expect(try parse(document, allowHugeText: true).text.utf8.count == body.utf8.count)
        // Plain text reaches the builder in pieces, and libxml2 puts no limit on it.
        #expect(try parse("<a>\(body)</a>").text.utf8.count == body.utf8.count)
    }

    @Test func namesTheLineOfATruncatedDocument() throws {
        let error = try parseError("<a>\n<b>\n<c>text")
        guard case .notWellFormed(let message) = error.reason else {
            Issue.record("expected .notWellFormed, got \(error)")
            return
        }
        #expect(!message.isEmpty)
        #expect(error.line == 3)
    }

    @Test func refusesAnEmptyDocument() throws {
        let error = try parseError("")
        guard case .notWellFormed = error.reason else {
            Issue.record("expected .notWellFormed, got \(error)")
            return
        }
    }

    // MARK: Writing

    @Test func writesTextThatReadsBackExactly() throws {
        let text = "a < b && c > d\r\nquote \" ' é"
        let element = XMLTreeElement("doc", elements: [
            XMLTreeElement("p", text: text),
            XMLTreeElement("empty", attributes: ["b": "2 & 3", "a": "1"]),
        ])
        let bytes = try element.serialized()
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(written.contains("&#13;"))
        #expect(written.contains("<empty a=\"1\" b=\"2 &amp; 3\"/>"))
        let read = try XMLTreeElement(parsing: bytes, maxDepth: 8)
        #expect(read.elements[0].text == text)
        #expect(read.elements[1].attributes == ["a": "1", "b": "2 & 3"])
    }
}

private func parse(_ xml: String, maxDepth: Int = 64, allowHugeText: Bool = false) throws -> XMLTreeElement {
    try XMLTreeElement(parsing: Array(xml.utf8), maxDepth: maxDepth, allowHugeText: allowHugeText)
}

/// The error reading `xml` throws; records an issue when it parses.
private func parseError(_ xml: String, maxDepth: Int = 64) throws -> XMLTreeError {
    try #require(throws: XMLTreeError.self) {
        try XMLTreeElement(parsing: Array(xml.utf8), maxDepth: maxDepth)
    }
}
