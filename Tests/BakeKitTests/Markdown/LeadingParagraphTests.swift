@testable import BakeKit
import Testing

@Suite struct LeadingParagraphTests {
    @Test func wrapsTextBeforeTheAuthorsClosingTag() {
        #expect(LeadingParagraph.wrap("It was a dark night.</p>\n\n<p>Then…</p>\n") == "<p>It was a dark night.</p>\n\n<p>Then…</p>\n")
    }

    @Test func wrapsTextUpToABlankLine() {
        #expect(LeadingParagraph.wrap("Leading <em>inline</em> text\n \n<p>Next.</p>") == "<p>Leading <em>inline</em> text</p>\n \n<p>Next.</p>")
        #expect(LeadingParagraph.wrap("Only text.\n") == "<p>Only text.</p>\n")
    }

    @Test func wrapsTextUpToABlockTag() {
        #expect(LeadingParagraph.wrap("Three things:\n<UL><li>one</li></UL>") == "<p>Three things:</p>\n<UL><li>one</li></UL>")
        #expect(LeadingParagraph.wrap("Intro<div>x</div>") == "<p>Intro</p><div>x</div>")
        #expect(LeadingParagraph.wrap("<a href=\"/\">Link</a> first<h2>Title</h2>") == "<p><a href=\"/\">Link</a> first</p><h2>Title</h2>")
    }

    @Test func leavesBodiesThatStartWithABlock() {
        for body in ["<p>Fine.</p>", "\n  <div>x</div> trailing", "<!-- note -->\n<blockquote>q</blockquote>", "<!DOCTYPE html>", "<table><tr><td>1</td></tr></table>", "", "  \n", "<!-- only a comment -->"] {
            #expect(LeadingParagraph.wrap(body) == body)
        }
    }

    @Test func keepsLeadingCommentsOutsideTheParagraph() {
        #expect(LeadingParagraph.wrap("<!-- imported -->\nText.</p>") == "<!-- imported -->\n<p>Text.</p>")
    }

    @Test func aCommentInsideTheRunDoesNotEndIt() {
        #expect(LeadingParagraph.wrap("One <!-- <div> --> two\n\n<p>x</p>") == "<p>One <!-- <div> --> two</p>\n\n<p>x</p>")
    }
}
