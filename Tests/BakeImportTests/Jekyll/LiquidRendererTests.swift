@testable import BakeImport
import BakeKit
import Foundation
import Testing

/// Liquid with one meaning, run as Jekyll runs it; the rest left as it was.
@Suite struct LiquidRendererTests {
    static let date = CivilTime(year: 2011, month: 3, day: 1, hour: 20, minute: 16, second: 46, offset: -25200)

    func render(_ body: String, isHTML: Bool = false, baseurl: String = "/notes") -> LiquidRenderer.Rendered {
        var context = LiquidRenderer.Context()
        context.page = ["title": .text("Tom & Jerry"), "date": .date(Self.date), "url": .text("/2011/03/01/a.html"), "none": .empty]
        context.site = ["title": .text("Liquid Notes"), "url": .text("https://old.example.com/"), "baseurl": .text(baseurl),
                        "author": .map(["name": .text("Ada")])]
        context.postURLs = ["2010-10-18-first": "/2010/10/18/first.html"]
        context.links = ["about.md": "/about.html"]
        context.isHTML = isHTML
        return LiquidRenderer(context: context).render(body)
    }

    @Test(arguments: [
        ("{{ page.title }}", "Tom & Jerry"),
        ("{{page.title|escape}}", "Tom &amp; Jerry"),
        ("{{ page.date }}", "2011-03-01 20:16:46 -0700"),
        (#"{{ page.date | date: "%b %-d, %Y" }}"#, "Mar 1, 2011"),
        (#"{{ page.date | date: '%A %e %B %y, %I:%M %p %z %j %%' }}"#, "Tuesday  1 March 11, 08:16 PM -0700 060 %"),
        ("{{ page.date | date_to_string }}", "01 Mar 2011"),
        ("{{ page.date | date_to_long_string }}", "01 March 2011"),
        (#"{{ page.date | date_to_long_string: "ordinal", "US" }}"#, "March 1st, 2011"),
        ("{{ page.date | date_to_xmlschema }}", "2011-03-01T20:16:46-07:00"),
        (#"{{ "2009-03-31" | date: "%d/%m" }}"#, "31/03"),
        ("{{ site.title | upcase }} {{ site.author.name | downcase }}", "LIQUID NOTES ada"),
        (#"{{ "a < b & 'c'" | xml_escape }}"#, "a &lt; b &amp; 'c'"),
        (#"{{ "a < b & 'c'" | escape }}"#, "a &lt; b &amp; &#39;c&#39;"),
        (#"{{ "/x.png" | relative_url }} {{ "x.png" | relative_url }}"#, "/x.png /x.png"),
        (#"{{ "/x.png" | absolute_url }} {{ "https://a.example/x" | absolute_url }}"#, "https://old.example.com/notes/x.png https://a.example/x"),
        ("{{ site.baseurl }}/images/a.png", "/images/a.png"),
        ("{{ site.url }}{{ site.baseurl }}/a", "https://old.example.com//notes/a"),
        ("base: {{ site.baseurl }}", "base: /notes"),
        ("{{ page.none }}|{{ page.none | default: \"none\" }}", "|none"),
        ("a {%- comment %} gone {% endcomment -%} b", "ab"),
        ("{% raw %}{{ page.title }} {% if %}{% endraw %}", "{{ page.title }} {% if %}"),
        ("[first]({% post_url 2010-10-18-first %}) [about]({% link about.md %})", "[first](/2010/10/18/first.html) [about](/about.html)"),
        ("{% post_url /2010-10-18-first %} {% link /about.md %}", "/2010/10/18/first.html /about.html"),
        ("{{ page.url }}", "/2011/03/01/a.html"),
        ("{ not liquid } {{ unclosed", "{ not liquid } {{ unclosed"),
    ])
    func runsWhatHasOneMeaning(liquid: String, shows: String) {
        let rendered = render(liquid)
        #expect(rendered.text == shows)
        #expect(rendered.left.isEmpty, "\(rendered.left)")
    }

    @Test func highlightBecomesAFencedBlockWithItsLanguage() {
        let rendered = render("Code:\n\n{% highlight ruby linenos %}\ndef a\n  \"``` {{ page.title }}\"\nend\n{% endhighlight %}\n\nAfter.\n")
        #expect(rendered.text == "Code:\n\n````ruby\ndef a\n  \"``` Tom & Jerry\"\nend\n````\n\nAfter.\n")
        #expect(render("Inline {% highlight c %}int a;{% endhighlight %} end").text == "Inline \n```c\nint a;\n```\n end")
        #expect(render("{% highlight html %}\n<p>a & b</p>\n{% endhighlight %}", isHTML: true).text == "<pre><code class=\"language-html\">&lt;p&gt;a &amp; b&lt;/p&gt;</code></pre>\n")
    }

    @Test func whatNeedsARunningJekyllIsLeftWithItsLine() {
        let body = """
            {% include note.html title="A" %}
            {% for post in site.posts %}
              {{ post.title }}
            {% endfor %}
            {{ page.missing }} {{ page.title | markdownify }} {{ site.time | date: "%Y" }} {% post_url 1999-01-01-gone %}
            {% highlight ruby %}
            never closed
            """
        let rendered = render(body)
        #expect(rendered.text == body)
        #expect(rendered.left.map(\.line) == [1, 2, 3, 4, 5, 5, 5, 5, 6])
        #expect(rendered.left.map(\.source).first == #"{% include note.html title="A" %}"#)
    }

    @Test func linesCountEveryNewlineBeforeTheTag() {
        let parts = LiquidReader.parts(of: "a { b\n{ c\n{% raw %}\n{{ x }}\n{% endraw %}\n{{ y }}")
        #expect(parts.compactMap { if case .output(let markup) = $0 { markup.line } else { nil } } == [6])
        #expect(parts.compactMap { if case .tag(let markup) = $0 { markup.line } else { nil } } == [3, 5])
        #expect(parts.map(\.source).joined() == "a { b\n{ c\n{% raw %}\n{{ x }}\n{% endraw %}\n{{ y }}")
    }

    @Test func unknownDateConversionsAreLeft() {
        #expect(StrftimeFormat("%Y-%Q") == nil)
        #expect(StrftimeFormat("%Z") == nil)
        #expect(render(#"{{ page.date | date: "%Z" }}"#).left.count == 1)
    }
}
