import Foundation

/// Writes `text` to `relative` under `root`, creating folders.
public func write(_ text: String, to relative: String, in root: String) throws {
    try write(Array(text.utf8), to: relative, in: root)
}

/// Writes `bytes` to `relative` under `root`, creating folders.
public func write(_ bytes: [UInt8], to relative: String, in root: String) throws {
    let url = URL(fileURLWithPath: root + "/" + relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
}

/// Every file under `root`, hidden ones included, as relative paths sorted by their UTF-8
/// bytes (the order of `LC_ALL=C sort`, which golden lists use).
public func allFiles(in root: String) -> [String] {
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
