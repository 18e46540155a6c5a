import BakeKit
import Testing

@Suite struct CodeBlockTests {
    let renderer = MarkdownRenderer()

    func body(_ markdown: String) -> String {
        MarkdownRenderer.accessible(renderer.render(markdown, smartPunctuation: true))
    }

    @Test func findsFencedBlocksWithALanguageUnescaped() {
        let html = body("""
        Some `inline` code.

        ```swift
        if a < b && c > "d" { print('e') }
        ```

        - In a list:

          ```objc
          @interface Foo : NSObject
          ```

        > ```sh
        > echo "quoted"
        > ```

        ```
        no language
        ```

            indented
        """)
        #expect(CodeBlock.all(in: html) == [
            CodeBlock(language: "swift", code: "if a < b && c > \"d\" { print('e') }\n"),
            CodeBlock(language: "objc", code: "@interface Foo : NSObject\n"),
            CodeBlock(language: "sh", code: "echo \"quoted\"\n"),
        ])
    }

    @Test func theLanguageIsTheInfoStringsFirstWord() {
        #expect(CodeBlock.all(in: body("```Python title=\"x\"\npass\n```\n")) == [CodeBlock(language: "Python", code: "pass\n")])
        #expect(CodeBlock.all(in: body("```c++\nint x;\n```\n")) == [CodeBlock(language: "c++", code: "int x;\n")])
    }

    @Test func markupOrOtherReferencesInsideAreNotABlock() {
        // Raw HTML in the form cmark-gfm writes, but with a tag or a reference it never writes.
        let tagged = "<pre tabindex=\"0\"><code class=\"language-swift\"><b>let</b> x</code></pre>\n"
        let referenced = "<pre tabindex=\"0\"><code class=\"language-swift\">&#x27;a&#x27;</code></pre>\n"
        let midLine = "<p>x <pre tabindex=\"0\"><code class=\"language-swift\">let x</code></pre>\n"
        let unclosed = "<pre tabindex=\"0\"><code class=\"language-swift\">let x\n"
        for html in [tagged, referenced, midLine, unclosed] {
            #expect(CodeBlock.all(in: html).isEmpty, "\(html)")
            #expect(CodeBlock.splice(html, [CodeBlock(language: "swift", code: "let x"): "<span>x</span>"]) == html)
        }
    }

    @Test func spliceReplacesTheCodeOfTheBlocksItHasHTMLFor() {
        let html = body("```swift\nlet x = 1\n```\n\nText.\n\n```nosuchlang\nkeep\n```\n\n```swift\nlet x = 1\n```\n")
        let swift = CodeBlock(language: "swift", code: "let x = 1\n")
        let highlighted = "<span class=\"kd\">let</span> x = <span class=\"mi\">1</span>\n"
        #expect(CodeBlock.splice(html, [swift: highlighted]) == """
        <pre tabindex="0"><code class="language-swift">\(highlighted)</code></pre>
        <p>Text.</p>
        <pre tabindex="0"><code class="language-nosuchlang">keep
        </code></pre>
        <pre tabindex="0"><code class="language-swift">\(highlighted)</code></pre>

        """)
        #expect(CodeBlock.splice(html, [:]) == html)
    }

    @Test func pygmentsOutputShowsItsCode() {
        let block = CodeBlock(language: "sh", code: "echo 'hi' > \"x\" && ls\n")
        let pygments = "<span class=\"nb\">echo</span><span class=\"w\"> </span><span class=\"s1\">&#39;hi&#39;</span><span class=\"w\"> </span>&gt;<span class=\"w\"> </span><span class=\"s2\">&quot;x&quot;</span><span class=\"w\"> </span><span class=\"o\">&amp;&amp;</span><span class=\"w\"> </span>ls\n"
        #expect(block.isShown(by: pygments))
        #expect(block.isShown(by: "<span></span>echo &#39;hi&#39; &gt; &quot;x&quot; &amp;&amp; ls\n"))
    }

    @Test(arguments: [
        "echo 'hi'\n",                                                    // unescaped apostrophes are fine, but…
        "<span class=\"nb\">echo</span> &#39;hi&#39;",                   // …the last newline is lost
        "<span class=\"nb\">echo &#39;hi&#39;\n",                         // an unclosed span
        "</span><span>echo &#39;hi&#39;\n",                               // a close before an open
        "<a href=\"x\">echo</a> &#39;hi&#39;\n",                          // another tag
        "<span class=\"a\" onclick=\"x\">echo</span> &#39;hi&#39;\n",     // another attribute
        "echo &apos;hi&apos;\n",                                          // a reference Pygments does not write
        "echo > &#39;hi&#39;\n",                                          // a bare >
        "echo &#39;hi&#39;\n\n",                                          // an added newline
    ])
    func otherHTMLDoesNotShowItsCode(_ html: String) {
        let block = CodeBlock(language: "sh", code: "echo 'hi'\n")
        #expect(block.isShown(by: html) == (html == "echo 'hi'\n"))
    }
}
