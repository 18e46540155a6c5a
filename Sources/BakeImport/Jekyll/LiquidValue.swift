import BakeKit
import Yams

/// A value a Jekyll page could read in Liquid: front matter, `_config.yml`, or what Jekyll works
/// out itself (a post's date and URL).
enum LiquidValue: Equatable {
    case text(String)
    case date(CivilTime)
    case list([LiquidValue])
    case map([String: LiquidValue])
    /// YAML's null: Liquid shows nothing.
    case empty

    /// The value a YAML node holds, as Liquid sees it.
    init(_ node: Node) {
        if let sequence = node.sequence {
            self = .list(sequence.map(LiquidValue.init))
        } else if let mapping = node.mapping {
            var values: [String: LiquidValue] = [:]
            for (key, value) in mapping {
                if let name = key.string { values[name] = LiquidValue(value) }
            }
            self = .map(values)
        } else if node.null != nil {
            self = .empty
        } else {
            self = .text(node.scalar?.string ?? "")
        }
    }

    /// What `{{ value }}` shows, or nil for a mapping, which has no one text.
    var text: String? {
        switch self {
        case .text(let text): text
        // Ruby's `Time#to_s`, as Liquid shows a date.
        case .date(let date): date.headerText
        case .list(let values): values.compactMap(\.text).joined()
        case .map: nil
        case .empty: ""
        }
    }
}

extension FrontMatter {
    /// Every top-level key, as Liquid reads it in `page.*` or `site.*`.
    var liquidValues: [String: LiquidValue] {
        values.mapValues { LiquidValue($0.node) }
    }
}
