import BakeIO
import BakeKit
import Foundation
import Synchronization

/// The blog's time zone as `site.settings` says it now: read again whenever the file's size
/// or mtime changes, so a post filed after `@time_zone` changed is dated in the new zone, as
/// the bake that follows it reads the settings again too.
final class SettingsTimeZone: Sendable {
    private let blog: BlogFolder
    private let state: Mutex<(stamp: FileEntry?, zone: TimeZone)>

    init(blog: BlogFolder, zone: TimeZone) {
        self.blog = blog
        self.state = Mutex((FileTree.entry(at: blog.settingsPath, relativePath: ""), zone))
    }

    /// The zone; while the settings do not read (a half-saved file), the last good one.
    var current: TimeZone {
        let stamp = FileTree.entry(at: blog.settingsPath, relativePath: "")
        return state.withLock { state in
            guard stamp != state.stamp else { return state.zone }
            let configuration = BlogConfiguration.load(blog)
            if configuration.problems.isEmpty {
                state = (stamp, configuration.settings.timeZone)
            }
            return state.zone
        }
    }
}
