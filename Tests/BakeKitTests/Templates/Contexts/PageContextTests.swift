@testable import BakeKit
import Foundation
import Testing

/// The names a template can read, as the compiler knows them, are the ones the README lists
/// and the ones each kind of page fills.
@Suite struct PageContextTests {
    /// Every context type a page reaches, with the path that reaches it.
    static func types() -> [(path: String, type: ContextType)] {
        var found: [(String, ContextType)] = [("", PageContext.type)]
        var index = 0
        while index < found.count {
            let (path, type) = found[index]
            for (name, field) in type.fields.sorted(by: { $0.key < $1.key }) {
                switch field.type {
                case .object(let inner), .list(let inner):
                    if !found.contains(where: { $0.1 === inner }) { found.append((path + name + ".", inner)) }
                case .text, .bool, .map:
                    break
                }
            }
            index += 1
        }
        return found
    }

    static func readmeSection() throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "### Template variables"))
        let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theReadmeListsEveryNameTheCompilerKnows() throws {
        let section = try Self.readmeSection()
        let words = Set(section.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        for (path, type) in Self.types() {
            for name in type.fields.keys.sorted() where !words.contains(name) {
                Issue.record("README's Template variables does not list \(path)\(name) (\(type.noun))")
            }
        }
    }

    /// Each row of the README's table of templates names what that kind of page adds.
    @Test func theReadmeListsWhatEachTemplateGets() throws {
        let section = try Self.readmeSection()
        for kind in PageKind.allCases where !kind.names.isEmpty {
            let row = try #require(section.split(separator: "\n").first { $0.hasPrefix("| `\(kind.template.rawValue)` |") }, "no row for \(kind.template.rawValue)")
            for name in kind.names where !row.contains("`\(name)`") {
                Issue.record("README's row for \(kind.template.rawValue) does not name `\(name)`")
            }
        }
    }

    /// What the contexts of a real blog fill is what `PageKind.names` says each kind fills.
    @Test func eachKindOfPageFillsTheNamesItDeclares() throws {
        let (posts, pages, settings) = try TemplateCompilerDifferentialTests.blog()
        let plan = try SitePlan(posts: posts.map(\.post), pages: pages.map(\.page), settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: minimalTemplateSources()), options: RenderOptions())
        var filled: [PageKind: Set<String>] = [:]
        for output in plan.outputs {
            guard let (_, context) = renderer.page(for: output.inputs, at: output.path, bodies: [String: String]()) else { continue }
            let present = Set(PageContext.type.fields.filter { $0.value.get(context) != nil }.keys)
            let declared = Set(PageKind.commonNames + context.kind.names)
            #expect(present.isSubset(of: declared), "\(context.kind) fills \(present.subtracting(declared).sorted()) it does not declare")
            filled[context.kind, default: []].formUnion(present)
        }
        for kind in PageKind.allCases {
            let missing = Set(kind.names).subtracting(filled[kind] ?? [])
            #expect(missing.isEmpty, "no \(kind) page of the test blog fills \(missing.sorted())")
        }
    }
}
