// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "bake",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bake", targets: ["bake"]),
        .executable(name: "bake-metaweblog", targets: ["bake-metaweblog"]),
        .executable(name: "bake-bench", targets: ["bake-bench"]),
        .executable(name: "bake-images", targets: ["bake-images"]),
        .executable(name: "bake-preview", targets: ["bake-preview"]),
        .library(name: "BakeKit", targets: ["BakeKit"]),
        // For the fuzz targets in Fuzz/, a package of their own (script/fuzz).
        .library(name: "XMLRPC", targets: ["XMLRPC"]),
        .library(name: "BakeImport", targets: ["BakeImport"]),
        .library(name: "LinkCheck", targets: ["LinkCheck"]),
        .library(name: "BakeLinks", targets: ["BakeLinks"]),
        .library(name: "MetaWeblog", targets: ["MetaWeblog"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // C libraries, through the system's packages.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libvips, which resizes and re-encodes pictures, and C wrappers for its calls that
        // take their options as variadic lists, which Swift cannot make. Its headers are in
        // the default include path; glib's come from gobject-2.0's pkg-config file, since
        // vips' own brings gio's `-pthread`, which SwiftPM drops with a warning on every build.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(name: "CVipsShim", dependencies: ["CVips"], linkerSettings: [.linkedLibrary("webpmux"), .linkedLibrary("webp")]),

        // glibc's memmem, which Swift's Glibc module does not export: the one byte search.
        .target(name: "CByteSearch"),
        // The pure core: posts, plan, templates, feeds. No disk, no network.
        .target(
            name: "BakeKit",
            dependencies: ["CCmarkGFM", "CByteSearch"]
        ),
        // XML documents as Swift values, read and written with libxml2, for XMLRPC and BakeImport.
        .target(name: "XMLTree", dependencies: ["CLibXML2"]),
        // XML-RPC values and their codec.
        .target(name: "XMLRPC", dependencies: ["XMLTree"]),
        // The default theme, compiled into the binary from site-template/.
        .target(name: "DefaultTheme", plugins: ["EmbedTheme"]),
        // bake check's pure part: the links of built pages (libxml2's HTML parser), where they
        // lead, and the source lines that hold the broken ones.
        .target(name: "LinkCheck", dependencies: ["BakeKit", "XMLTree", "CLibXML2"]),
        // The disk edge: read the blog, write the site, run the programs bake uses.
        .target(
            name: "BakeIO",
            dependencies: [
                "BakeKit", "DefaultTheme",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // bake check and bake webmention, on disk and over the network: the built site's links
        // checked against its files and, with curl, against other sites; webmentions sent.
        .target(name: "BakeLinks", dependencies: ["BakeIO", "LinkCheck"]),
        // Pictures: sizes, resized WebP and fallback variants, metadata stripped, with libvips,
        // cached in .bake-cache/images. Only bake-images links it: libvips' 104 shared
        // libraries add about 28 ms to the start of every process that links them, so a build
        // runs bake-images only when the blog has pictures it has not resized yet.
        .target(name: "BakeImages", dependencies: ["BakeIO", "CVips", "CVipsShim"]),
        .executableTarget(name: "bake-images", dependencies: ["BakeIO", "BakeImages"]),
        // bake import: Jekyll sites and WordPress exports into post files.
        .target(
            name: "BakeImport",
            dependencies: [
                "BakeIO", "XMLTree",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // What both servers share on the wire: HTTP/1.1 connections, kept or closed as
        // RFC 9112 says. On NIO and HummingbirdCore, so that BakeIO stays free of both.
        .target(
            name: "BakeHTTP",
            dependencies: [
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // bake preview: serve, watch, rebuild, reload.
        .target(
            name: "BakeServer",
            dependencies: [
                "BakeHTTP", "BakeIO",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The metaWeblog / Blogger / MT XML-RPC shim.
        .target(
            name: "MetaWeblog",
            dependencies: [
                "BakeHTTP", "BakeIO", "BakeLinks", "LinkCheck", "XMLRPC",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // What bake's commands share: the blog options, printing to the terminal, preview's arguments.
        .target(
            name: "BakeCommandLine",
            dependencies: ["BakeIO", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // bake links neither NIO nor Hummingbird: `bake preview` becomes bake-preview, so a
        // first release build of bake (script/bake-sample) skips the server's packages.
        .executableTarget(
            name: "bake",
            dependencies: [
                "BakeCommandLine", "BakeIO", "BakeImport", "BakeLinks", "LinkCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bake-preview",
            dependencies: [
                "BakeCommandLine", "BakeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bake-metaweblog",
            dependencies: [
                "MetaWeblog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bake-bench",
            dependencies: [
                "BakeIO", "BakeLinks", "LinkCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "embed-theme", path: "Sources/embed-theme"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["embed-theme"]),

        // What more than one test target needs: an HTTP client on a raw socket, a harness that
        // runs a server in-process, temp folders and copies of the sample blog.
        // SiteCheck reads baked pages with libxml2's HTML parser, as a browser would.
        .target(
            name: "BakeTestSupport",
            dependencies: [
                "BakeIO", "CLibXML2",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/BakeTestSupport"
        ),
        .testTarget(
            name: "BakeKitTests",
            dependencies: ["BakeKit", "BakeTestSupport", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "XMLTreeTests", dependencies: ["XMLTree"]),
        .testTarget(name: "LinkCheckTests", dependencies: ["LinkCheck"]),
        .testTarget(name: "XMLRPCTests", dependencies: ["XMLRPC", "BakeTestSupport"]),
        .testTarget(name: "BakeIOTests", dependencies: ["BakeIO", "BakeTestSupport", "bake-images"]),
        .testTarget(name: "BakeLinksTests", dependencies: ["BakeLinks", "BakeTestSupport"]),
        .testTarget(name: "BakeImagesTests", dependencies: ["BakeImages", "BakeTestSupport"]),
        .testTarget(name: "BakeImportTests", dependencies: ["BakeImport", "bake", "BakeTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BakeHTTPTests", dependencies: ["BakeHTTP", .product(name: "NIOHTTP1", package: "swift-nio")]),
        .testTarget(name: "BakeServerTests", dependencies: ["BakeServer", "BakeTestSupport"]),
        .testTarget(name: "MetaWeblogTests", dependencies: ["MetaWeblog", "BakeLinks", "bake-metaweblog", "bake-images", "BakeTestSupport"]),
        .testTarget(name: "bakeTests", dependencies: ["bake", "bake-images", "bake-preview", "BakeTestSupport", .product(name: "Crypto", package: "swift-crypto")], exclude: ["Fixtures/old-archive", "Fixtures/broken-links", "Fixtures/highlight", "Goldens"]),
    ]
)
