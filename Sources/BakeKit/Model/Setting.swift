import Foundation

/// One setting of `site.settings`, declared once: its key (name, older names, one line of
/// doc), its default as a value, and how its text is read.
///
/// Every setting is a `static let` of `SettingKey` (`SettingKey+Table.swift`); `SiteSettings`
/// reads each one through its declaration, and the README's table and the warning about an
/// unknown key come from `SettingKey.all`.
///
/// ```swift
/// SettingKey.homePostCount.defaultValue   // 8
/// SettingKey.homePostCount.name           // "home_post_count"
/// SettingKey.homePostCount.read("12")     // 12
/// SettingKey.homePostCount.read("many")   // nil: an error names the line and `expected`
/// ```
public struct Setting<Value: Sendable>: Sendable {
    /// The name, older names, doc and shown default: what the table and the warning need.
    public let key: SettingKey
    /// The value when the file does not give one.
    public let defaultValue: Value
    /// How the value's text is read; nil for text that cannot be one, which is an error at its line.
    public let read: @Sendable (String) -> Value?

    /// - Parameters:
    ///   - shown: the default as the README says it, when it is not `defaultValue` written out
    ///     (`required`, `none`, or another setting it falls back to).
    ///   - emptyIsDefault: whether an empty value (`@key` alone, or `(empty-string)`) means the
    ///     default, rather than being read.
    ///   - required: whether a missing or empty value is an error.
    ///   - expected: what an error says a bad value should have been.
    init(
        _ name: String, aliases: [String] = [], defaultValue: Value, shown: String? = nil, emptyIsDefault: Bool = true,
        required: Bool = false, expected: String? = nil, doc: String, read: @escaping @Sendable (String) -> Value?
    ) {
        key = SettingKey(
            name: name, aliases: aliases, defaultText: shown ?? Self.text(of: defaultValue), doc: doc, expected: expected ?? Self.expected(defaultValue),
            emptyIsDefault: emptyIsDefault, isRequired: required
        )
        self.defaultValue = defaultValue
        self.read = read
    }

    /// The key as `site.settings` writes it, without `@`.
    public var name: String { key.name }
    /// The older names read as this one (Wildcat's); when a file has both, this name wins.
    public var aliases: [String] { key.aliases }
    /// What an error says a bad value should have been.
    public var expected: String { key.expected }

    /// What an error says for a bad value of the default's kind, when the declaration does not say.
    static func expected(_ defaultValue: Value) -> String {
        switch defaultValue {
        case is Bool: return "true or false"
        case let number as Int: return "a whole number such as \(number)"
        default: return "a value"
        }
    }

    /// The default as the README writes it, from the value itself.
    static func text(of value: Value) -> String {
        switch value {
        case let flag as Bool: return "`\(flag)`"
        case let number as Int: return "\(number)"
        case let text as String: return text.isEmpty ? "\"\"" : "`\(text)`"
        case let numbers as [Int]: return "`" + numbers.map(String.init).joined(separator: ", ") + "`"
        case let metadata as PictureSettings.Metadata: return "`\(metadata.rawValue)`"
        default:
            let mirror = Mirror(reflecting: value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty ? "none" : "\(value)"
        }
    }
}
