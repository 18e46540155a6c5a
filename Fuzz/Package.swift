// swift-tools-version:6.2
// bake's libFuzzer targets: one executable per parser that reads what someone else wrote.
// Built and run by script/fuzz, never by `swift build` in the package above, because they
// link only with `-sanitize=fuzzer`, which brings libFuzzer.
//
// To add a target: a folder Sources/fuzz-NAME/ with a main.swift that hands its function of
// one input to `LLVMFuzzerRunDriver` (see fuzz-date), an entry in `targets` below, and seeds
// in Corpus/NAME/. script/fuzz --list then names it.
import PackageDescription

/// The targets, as name: the package above's products each one reads through.
let targets: [(name: String, products: [String])] = [
    ("client-page", ["BakeLinks", "MetaWeblog"]),
    ("date", ["BakeKit"]),
    ("feed", ["BakeImport"]),
    ("highlight", ["BakeKit"]),
    ("jekyll", ["BakeImport"]),
    ("liquid", ["BakeImport"]),
    ("links", ["LinkCheck"]),
    ("micropub", ["MetaWeblog"]),
    ("pictures", ["BakeKit"]),
    ("post", ["BakeKit"]),
    ("settings", ["BakeKit"]),
    ("template", ["BakeKit"]),
    ("wxr", ["BakeImport"]),
    ("xmlrpc", ["XMLRPC"]),
]

let package = Package(
    name: "bake-fuzz",
    products: targets.map { .executable(name: "fuzz-\($0.name)", targets: ["fuzz-\($0.name)"]) },
    dependencies: [.package(name: "bake", path: "..")],
    targets: [.target(name: "FuzzDriver")] + targets.map {
        .executableTarget(
            name: "fuzz-\($0.name)",
            dependencies: ["FuzzDriver"] + $0.products.map { .product(name: $0, package: "bake") }
        )
    }
)
