import BakeKit
import Testing

/// The table of header keys. The README's copy of it is checked with the settings' table, in
/// `SettingKeyTests`, so that `BAKE_RECORD_SETTINGS=1` writes both.
@Suite struct HeaderKeyTests {
    /// No name is two keys, and every declared name is one the parser reads back.
    @Test func everyKeyIsOneNameTheParserReads() {
        var names: Set<String> = []
        for key in HeaderKey.all {
            for name in [key.name] + key.olderNames {
                #expect(names.insert(name).inserted, "\(name) is two keys")
                #expect(HeaderKey(checked: name)?.name == name)
            }
            #expect(!key.doc.isEmpty, "\(key.name) has no doc")
            let parsed = MetadataParser().parse(text: "@\(key.name) x\n\nBody\n")
            #expect(parsed.metadata[key] == "x")
        }
    }

    /// The responses' keys are the table's, and their older names too.
    @Test func responsesUseTheTable() {
        for kind in ResponseKind.allCases {
            #expect(HeaderKey.all.contains(kind.header))
            #expect(kind.header.olderNames == [kind.legacyKey])
        }
    }
}
