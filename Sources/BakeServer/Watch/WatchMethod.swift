/// How preview notices that files changed.
public enum WatchMethod: Sendable, Hashable {
    /// inotify where the system has it, else polling every 300 ms.
    case automatic
    /// inotify only; preview fails to start without it.
    case inotify
    /// Scan the watched folders at this interval, comparing sizes and modification times.
    case polling(interval: Duration)
}
