import BakeKit
import Foundation
import FuzzDriver

// The code blocks of a body, as bake finds them to highlight and puts the highlighted HTML
// back: in a Markdown body as cmark-gfm renders it, and in text taken as HTML as it is (raw
// HTML an author wrote). A block's code escaped as Pygments escapes it must show that code;
// a body without blocks must not change; each block's code put back as cmark-gfm escapes it,
// the same blocks must be found again.
enum Target {
    static let renderer = MarkdownRenderer()

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        check(MarkdownRenderer.accessible(renderer.render(text, smartPunctuation: true)))
        check(text)
    }

    static func check(_ html: String) {
        let blocks = CodeBlock.all(in: html)
        var highlighted: [CodeBlock: String] = [:]
        for block in blocks {
            let span = "<span class=\"x\">" + escaped(block.code, apostrophe: true) + "</span>"
            precondition(block.isShown(by: span), "a block's own code, escaped as Pygments does, does not show it")
            highlighted[block] = span
        }
        let spliced = CodeBlock.splice(html, highlighted)
        if blocks.isEmpty { precondition(spliced == html, "a body without blocks changed") }
        // Each block's code put back as cmark-gfm escapes it: the same blocks are found again.
        let again = CodeBlock.splice(html, Dictionary(blocks.map { ($0, escaped($0.code, apostrophe: false)) }) { first, _ in first })
        precondition(CodeBlock.all(in: again) == blocks, "blocks put back are not found again")
        for block in blocks.prefix(4) { _ = block.isShown(by: html) }
    }

    /// `code` escaped as cmark-gfm does, and with `apostrophe` as Pygments does.
    static func escaped(_ code: String, apostrophe: Bool) -> String {
        var result = ""
        for character in code.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'" where apostrophe: result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

// The first render registers cmark-gfm's extensions, once per process (see fuzz-post).
__lsan_disable()
Target.run(Array("```swift\nlet x = 1\n```\n".utf8))
__lsan_enable()

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
