import BakeKit

extension SiteSettings {
    /// Where `bake deploy` publishes by default: `@deploy_to`, or `@rsync_remote_path`, the
    /// name bake's ancestor used.
    public var deployTo: String? {
        for key in ["deploy_to", "rsync_remote_path"] {
            if let value = metadata[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return nil
    }
}
