import Foundation

/// A fresh, empty folder under the system's temporary folder, named `<prefix><uuid>`; the
/// caller removes it.
public func temporaryFolder(prefix: String = "bake-test-") throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/" + prefix + UUID().uuidString.lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A fresh temporary folder, removed after `body`.
// Disfavored, as ArgumentParser disfavors some of its overloads, so that an async test's
// `try await withTemporaryFolder { … }` takes the async one below even when the body does
// not wait; a synchronous caller can only take this one.
@_disfavoredOverload
public func withTemporaryFolder<T>(prefix: String = "bake-test-", _ body: (String) throws -> T) throws -> T {
    let path = try temporaryFolder(prefix: prefix)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// A fresh temporary folder, removed after `body`.
public func withTemporaryFolder<T>(prefix: String = "bake-test-", _ body: (String) async throws -> T) async throws -> T {
    let path = try temporaryFolder(prefix: prefix)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}
