import Foundation
import PackagePlugin

/// Compiles the files of `site-template/` into the `DefaultTheme` target, so an installed
/// `bake` carries its theme with it and needs no resource bundle beside the binary.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeURL = context.package.directoryURL.appending(path: "site-template")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        let inputs = try Self.files(under: themeURL)
        return [
            .buildCommand(
                displayName: "Embedding site-template into DefaultTheme",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [themeURL.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private static func files(under root: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
