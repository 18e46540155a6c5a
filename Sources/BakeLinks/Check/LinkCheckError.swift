/// Why `bake check` could not check the links at all.
public enum LinkCheckError: Error, Sendable, Hashable {
    /// `--external` needs curl, which is not on the PATH.
    case curlMissing

    public var message: String {
        switch self {
        case .curlMissing: "--external needs curl, which is not on the PATH; expected it installed (apt-get install curl)"
        }
    }
}
