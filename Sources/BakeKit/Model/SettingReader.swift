/// Reads settings from the lines of `site.settings`, each through its declaration, and keeps
/// a problem for every bad line, so that `SiteSettings` reports them all at once.
///
/// ```swift
/// var reader = SettingReader(metadata: metadata)
/// let count = reader.read(SettingKey.homePostCount)   // 8 when the file does not say
/// reader.errors                                       // `@home_post_count has the value …` at its line
/// ```
struct SettingReader {
    /// The lines, with Wildcat's names already read as bake's (`SettingAliases`).
    let metadata: PostMetadata
    /// The problems found so far, in the order the settings were read.
    private(set) var errors: [MetadataError] = []

    init(metadata: PostMetadata) {
        self.metadata = metadata
    }

    /// The setting's value: the file's, read as its declaration says, else its default. A
    /// value that does not read, or a required setting the file lacks, adds a problem.
    mutating func read<Value>(_ setting: Setting<Value>) -> Value {
        let key = setting.key
        guard let field = metadata.field(key.name), !(field.value.isEmpty && (key.emptyIsDefault || key.isRequired)) else {
            if key.isRequired { errors.append(MetadataError(line: 1, reason: .missingKey(key.name))) }
            return setting.defaultValue
        }
        guard let value = setting.read(field.value) else {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: key.name, value: field.value, expected: key.expected)))
            return setting.defaultValue
        }
        return value
    }
}
