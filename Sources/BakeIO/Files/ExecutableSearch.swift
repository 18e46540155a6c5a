import Foundation

/// Where a program bake runs (rsync, curl, Pagefind, Python) is: the one lookup on `PATH`.
public enum ExecutableSearch {
    /// The first executable file called `name` in the folders of `environment`'s `PATH`
    /// (this process's when nil); `name` itself when it holds a `/` and is executable.
    public static func find(_ name: String, environment: [String: String]? = nil) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = (environment ?? ProcessInfo.processInfo.environment)["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
