import BakeKit

/// Why bake will not write into an output folder, or not replace a file in it.
public struct OutputFolderError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// `.bake-manifest` does not read.
        case damagedManifest
        /// The output path is a file.
        case notAFolder
        /// The folder has files and no manifest.
        case notMadeByBake
        /// A file bake did not write is where bake would write one.
        case inTheWay
        /// A folder of the site is a link to another place, where bake writes nothing.
        case linkedFolder
    }

    /// The folder or file, absolute.
    public let path: String
    public let reason: Reason

    public var message: String {
        switch reason {
        case .damagedManifest:
            return "the manifest is damaged; expected the file bake writes. Delete the output folder's contents and bake again"
        case .notAFolder:
            return "is not a folder; expected a folder for the site"
        case .notMadeByBake:
            return "is not empty and was not made by bake (it has no \(SiteManifest.fileName)); expected an empty folder or one bake wrote before"
        case .inTheWay:
            return "is in the way: bake did not write it and will not replace it; expected you to move or delete it"
        case .linkedFolder:
            return "is a link to another folder, and bake writes and removes files only in the site's own folders; expected a folder (remove the link, and bake makes the folder)"
        }
    }

    public var diagnostic: Diagnostic {
        Diagnostic(path: path, line: nil, message: message)
    }
}
