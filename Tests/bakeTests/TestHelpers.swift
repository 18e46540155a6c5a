import Foundation
import Testing

/// The repository's folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The `bake` executable SwiftPM built next to the test bundle, as ArgumentParser's
/// `ArgumentParserTestHelpers` finds its example commands.
func bakeExecutable() throws -> URL {
    var folders: [URL] = []
    let bundle = Bundle.main.bundleURL
    folders.append(bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle)
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    for folder in folders {
        let candidate = folder.appendingPathComponent("bake")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw CommandError(description: "no bake executable next to the tests in \(folders.map(\.path)); build with `swift build --build-tests`")
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
}

/// What a run of `bake` did.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `bake` (or another copy of it) with `arguments` in `folder` and waits for it.
func runBake(_ arguments: [String], in folder: String, executable: URL? = nil) throws -> CommandResult {
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("bake-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdoutURL = outputs.appendingPathComponent("stdout")
    let stderrURL = outputs.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = try executable ?? bakeExecutable()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
    )
}

/// A fresh folder under the system's temporary folder, removed after `body`.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bake-cli-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Writes `text` to `relative` under `root`, creating folders.
func write(_ text: String, to relative: String, in root: String) throws {
    let url = URL(fileURLWithPath: root + "/" + relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// Every file under `root`, hidden ones included, as relative paths, sorted by bytes.
func allFiles(in root: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
            files.append(path)
        }
    }
    return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
}

/// Signs that a run crashed rather than reporting a problem.
let crashMarkers = ["Fatal error", "Stack dump", "stack trace", "Backtrace", "💣", "Segmentation fault", "*** Signal"]

/// `Baked N posts and M pages: X written, Y unchanged, Z removed in T s → OUT`.
nonisolated(unsafe) let summaryLine = /^Baked (\d+) posts? and (\d+) pages?: (\d+) written, (\d+) unchanged, (\d+) removed in \d+\.\d\d s → (.+)\n$/

/// A copy of the repository's `posts-sample` blog at `folder`, without the site and cache an
/// earlier bake may have left there, so tests never write into the repository.
func copySample(to folder: String) throws {
    try FileManager.default.copyItem(atPath: repositoryRoot + "/posts-sample", toPath: folder)
    try? FileManager.default.removeItem(atPath: folder + "/site")
    try? FileManager.default.removeItem(atPath: folder + "/.bake-cache")
}
