@testable import BakeKit
import Testing

@Suite struct StringByteSearchTests {
    @Test(arguments: [
        // (haystack, needle, start, caseInsensitive, expected)
        ("<p>one</p><!--more--><p>two</p>", "<!--more-->", 0, false, 10),
        ("<p>one</p><!--more--><p>two</p>", "<!--more-->", 11, false, nil),
        ("<!--more-->", "<!--more-->", 0, false, 0),
        ("<!--more", "<!--more-->", 0, false, nil),
        ("<<<!--mor<!--more-->", "<!--more-->", 0, false, 9),
        ("text <IMG SRC=x>", "<img", 0, true, 5),
        ("text <IMG SRC=x>", "<img", 0, false, nil),
        ("a <Img src=x> <img>", "<img", 3, true, 14),
        ("alt=\"src\" SRC=x", "src=", 0, true, 10),
        ("sss src=", "src=", 0, true, 4),
        ("é <a href>", "<a", 0, true, 3),
        ("", "<a", 0, true, nil),
        ("abc", "", 2, false, 2),
        ("abc", "c", 5, false, nil),
        ("abc", "c", -1, false, nil),
    ] as [(String, String, Int, Bool, Int?)])
    func firstOffset(_ example: (String, String, Int, Bool, Int?)) {
        let (haystack, needle, start, caseInsensitive, expected) = example
        #expect(haystack.utf8.firstOffset(of: needle, from: start, caseInsensitive: caseInsensitive) == expected)
    }

    @Test func agreesWithANaiveSearchOnEveryStart() {
        let haystack = "x<a<A<!-<!--m<!--more--> <IMG src=1><img SRC=2>"
        let bytes = Array(haystack.utf8)
        for needle in ["<!--more-->", "<img", "src=", "<a", "m"] {
            for caseInsensitive in [false, true] {
                let pattern = Array((caseInsensitive ? needle.lowercased() : needle).utf8)
                for start in 0...bytes.count {
                    let naive = (start..<max(start, bytes.count - pattern.count + 1)).first { index in
                        pattern.indices.allSatisfy { offset in
                            let byte = bytes[index + offset]
                            return (caseInsensitive ? Array(String(decoding: [byte], as: UTF8.self).lowercased().utf8).first : byte) == pattern[offset]
                        }
                    }
                    #expect(haystack.utf8.firstOffset(of: needle, from: start, caseInsensitive: caseInsensitive) == naive, "\(needle) from \(start)")
                }
            }
        }
    }
    @Test(arguments: [
        ("a\n<pre><code>x\n<pre><code>y", "\n<pre><code", "\n<pre tabindex=\"0\"><code", "a\n<pre tabindex=\"0\"><code>x\n<pre tabindex=\"0\"><code>y"),
        ("nothing here", "<table>", "<table x>", "nothing here"),
        ("aaaa", "aa", "b", "bb"),
        ("é<i>é</i>é", "<i>", "<em>", "é<em>é</i>é"),
        ("abc", "", "x", "abc"),
        ("", "a", "b", ""),
    ] as [(String, String, String, String)])
    func replacingBytes(_ example: (String, String, String, String)) {
        let (text, target, replacement, expected) = example
        #expect(text.replacingBytes(of: target, with: replacement) == expected)
        #expect(text.replacingBytes(of: target, with: replacement) == (target.isEmpty ? text : text.replacing(target, with: replacement)))
    }

    @Test(arguments: [
        ("a", "b", true), ("b", "a", false), ("a", "a", false), ("", "a", true), ("a", "", false), ("", "", false),
        ("index.html", "index.html.gz", true), ("z", "é", true), ("été", "z", false), ("A", "a", true),
        ("2014/03/31/a.html", "2014/03/31-x.html", false),
    ] as [(String, String, Bool)])
    func precedesInBytes(_ example: (String, String, Bool)) {
        let (a, b, expected) = example
        #expect(a.precedesInBytes(b) == expected)
        #expect(a.precedesInBytes(b) == Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)))
    }
}
