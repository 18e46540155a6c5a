import Foundation

/// The repository's folder, found from this file's path: `Tests/BakeTestSupport/Files/`.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // Files
    .deletingLastPathComponent() // BakeTestSupport
    .deletingLastPathComponent() // Tests
    .deletingLastPathComponent().path

/// A copy of the repository's `posts-sample` blog in `folder`, without the site and cache an
/// earlier bake may have left there, so tests never write into the repository.
public func copySample(to folder: String) throws {
    let sample = repositoryRoot + "/posts-sample"
    for file in allFiles(in: sample) where !file.hasPrefix("site/") && !file.hasPrefix(".bake-cache/") {
        try write(Array(try Data(contentsOf: URL(fileURLWithPath: sample + "/" + file))), to: file, in: folder)
    }
}

/// The executable `name` that SwiftPM built next to the tests (the test target depends on
/// it, so it is built with them), found as ArgumentParser's `ArgumentParserTestHelpers`
/// finds its example commands.
public func builtExecutable(_ name: String) throws -> URL {
    var folders: [URL] = []
    let bundle = Bundle.main.bundleURL
    folders.append(bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle)
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    for folder in folders {
        let candidate = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw TestFailure(description: "no \(name) executable next to the tests in \(folders.map(\.path)); build with `swift build --build-tests`")
}

/// A copy of the default theme, `site-template`, in `folder`, with `marker` in every page's
/// head, so that a page shows which theme made it.
public func copyDefaultTheme(to folder: String, marking marker: String) throws {
    let theme = repositoryRoot + "/site-template"
    for file in allFiles(in: theme) {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: theme + "/" + file)))
        if file == "templates/layout.mustache" {
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "</head>", with: "<meta name=\"theme\" content=\"\(marker)\">\n</head>").utf8)
        }
        try write(bytes, to: file, in: folder)
    }
}
