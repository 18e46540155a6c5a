import BakeKit
import Foundation
import Testing

/// Serialized: with `BAKE_RECORD_SETTINGS=1`, two tests write README.md.
@Suite(.serialized) struct SettingKeyTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../README.md").standardized

    /// The README's table of settings is the table bake reads settings by. After a change to
    /// the declarations in `SettingKey`, write it into the README with `BAKE_RECORD_SETTINGS=1` and review the diff.
    @Test func theReadmeShowsEverySettingAsTheTableSaysIt() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "| key | default | meaning |") ?? text.range(of: "@@SETTINGS_TABLE@@"))
        let end = try #require(text.range(of: "\n\n", range: start.lowerBound..<text.endIndex))
        let shown = String(text[start.lowerBound...end.lowerBound])
        if ProcessInfo.processInfo.environment["BAKE_RECORD_SETTINGS"] == "1" {
            try (text.replacingCharacters(in: start.lowerBound...end.lowerBound, with: SettingKey.markdownTable)).write(to: Self.readme, atomically: true, encoding: .utf8)
            Issue.record("wrote the table into README.md; review the diff and run again without BAKE_RECORD_SETTINGS")
            return
        }
        #expect(shown == SettingKey.markdownTable)
    }

    /// The README's table of header keys is the table bake reads headers by. After a change
    /// to the declarations in `HeaderKey`, write it into the README with
    /// `BAKE_RECORD_SETTINGS=1` and review the diff.
    @Test func theReadmeShowsEveryHeaderKeyAsTheTableSaysIt() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "| key | meaning |"))
        let end = try #require(text.range(of: "\n\n", range: start.lowerBound..<text.endIndex))
        let shown = String(text[start.lowerBound...end.lowerBound])
        if ProcessInfo.processInfo.environment["BAKE_RECORD_SETTINGS"] == "1" {
            try (text.replacingCharacters(in: start.lowerBound...end.lowerBound, with: HeaderKey.markdownTable)).write(to: Self.readme, atomically: true, encoding: .utf8)
            Issue.record("wrote the table into README.md; review the diff and run again without BAKE_RECORD_SETTINGS")
            return
        }
        #expect(shown == HeaderKey.markdownTable)
    }

    /// One reading of true and false, for every setting and header that is one.
    @Test func everyFlagReadsTheSameEightWords() throws {
        for (word, value) in [("true", true), ("yes", true), ("on", true), ("1", true), ("FALSE", false), ("No", false), ("off", false), ("0", false)] {
            #expect(SettingKey.flag(word) == value, "\(word)")
            let settings = try makeSettings(extra: "@feed_excerpts \(word)\n@commit_changes \(word)\n@has_blog \(word)\n@itunes_explicit \(word)")
            #expect(settings.feedExcerpts == value && settings.commitChanges == value && settings.layout.hasBlog == value && settings.feed.show.explicit == value, "\(word)")
        }
        #expect(SettingKey.flag("sometimes") == nil)
        #expect(throws: MetadataErrors.self) { try makeSettings(extra: "@deploy_on_post sometimes") }
    }

    /// Each older name reads as the key it names, and no name is two keys.
    @Test func aliasesNameOneKeyEach() {
        var names: Set<String> = []
        for key in SettingKey.all {
            for name in [key.name] + key.aliases {
                #expect(names.insert(name).inserted, "\(name) is two keys")
                #expect(SettingKey.named(name) == key)
            }
        }
        #expect(SettingKey.named("output_folder") == SettingKey.output.key)
        #expect(SettingKey.named("feed_titel") == nil)
    }

    /// Defaults come from the table: a count's is its number, a flag's its word.
    @Test func defaultsAreTheTables() throws {
        let settings = try makeSettings()
        #expect(settings.homePostCount == Int(SettingKey.homePostCount.key.defaultText))
        #expect(settings.feedPostCount == Int(SettingKey.feedPostCount.key.defaultText))
        #expect(settings.homePostCount == SettingKey.homePostCount.defaultValue && settings.feedPostCount == SettingKey.feedPostCount.defaultValue)
        #expect(settings.smartPunctuation && !settings.feedExcerpts && settings.layout.hasBlog && !settings.commitChanges && !settings.deployOnPost)
    }
}
