@testable import BakeKit
import Testing

/// `TemplateText` must render exactly as a plain `String` value would.
@Suite struct TemplateTextTests {
    let templates: TemplateSet

    init() throws {
        templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "home": "{{title}}|{{{title}}}|{{#empty}}[{{.}}]{{/empty}}|{{^empty}}none{{/empty}}|{{uppercased(title)}}|{{#meta}}{{key}}{{/meta}}",
        ]))
    }

    @Test func rendersLikeAPlainString() {
        func render(_ wrap: (String) -> Any, meta: Any) -> String {
            templates.render("home", context: ["title": wrap("Fish & <Chips>"), "empty": wrap(""), "meta": meta])
        }
        let plain = render({ $0 }, meta: ["key": "v'1"])
        let wrapped = render(TemplateText.init, meta: PostMetadata(fields: [.init(key: "key", value: "v'1", line: 1)]).dictionary(TemplateText.init))
        #expect(plain == "Fish &amp; &lt;Chips&gt;|Fish & <Chips>|[]||FISH &amp; &lt;CHIPS&gt;|v&#39;1")
        #expect(wrapped == plain)
    }
}
