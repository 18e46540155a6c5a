@testable import BakeKit
import Testing

@Suite struct CharacterReferencesTests {
    @Test func decodesNamedDecimalAndHexReferences() {
        #expect(CharacterReferences.decode("D&eacute;tente") == "Détente")
        #expect(CharacterReferences.decode("Apple&#8217;s plan") == "Apple’s plan")
        #expect(CharacterReferences.decode("Hyphen&shy;ation") == "Hyphen\u{AD}ation")
        #expect(CharacterReferences.decode("a &#x2014; b &#X2014; c") == "a — b — c")
        #expect(CharacterReferences.decode("New Year&apos;s &quot;eve&quot;") == "New Year's \"eve\"")
    }

    @Test func decodesOnceOnly() {
        #expect(CharacterReferences.decode("&amp;eacute;") == "&eacute;")
        #expect(CharacterReferences.decode("Q&amp;amp;A") == "Q&amp;A")
    }

    @Test func leavesBareAmpersandsAndUnknownNames() {
        #expect(CharacterReferences.decode("AT&T & co") == "AT&T & co")
        #expect(CharacterReferences.decode("&unknown; &eacute &#; &#x; &;") == "&unknown; &eacute &#; &#x; &;")
        #expect(CharacterReferences.decode("no references") == "no references")
        #expect(CharacterReferences.decode("&") == "&")
        #expect(CharacterReferences.decode("trailing &amp") == "trailing &amp")
    }

    @Test func readsNumbersAsBrowsersDo() {
        #expect(CharacterReferences.decode("It&#146;s &#150; &#133;") == "It’s – …")
        #expect(CharacterReferences.decode("&#0;&#xD800;&#1114112;&#99999999999999;") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(CharacterReferences.decode("&#129;") == "\u{81}")
    }

    @Test func keepsNonASCIIAroundReferences() {
        #expect(CharacterReferences.decode("日本&amp;語 👋🏽&#x1F44B;") == "日本&語 👋🏽👋")
    }
}
