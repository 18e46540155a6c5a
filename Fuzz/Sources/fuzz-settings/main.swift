import BakeKit
import Foundation
import FuzzDriver

// A blog's site.settings, as `bake` reads it before every build.
enum Target {
    static func run(_ bytes: [UInt8]) {
        guard let parsed = try? MetadataParser().parseSettings(bytes) else { return }
        _ = SettingAliases.warnings(for: parsed.metadata)
        if let settings = try? SiteSettings(metadata: parsed.metadata) {
            _ = settings.absolute("/a/b")
            _ = settings.origin
            _ = PodcastShow.warnings(for: settings)
        }
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
