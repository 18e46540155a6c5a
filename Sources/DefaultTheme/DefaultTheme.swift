import Foundation

/// The theme in `site-template/`, compiled into the binary.
public enum DefaultTheme {
    /// Every file of the theme, keyed by its path relative to the theme folder.
    public static let files: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for entry in encodedFiles {
            // The build plugin wrote this base64 itself; a decoding failure is a build bug.
            guard let data = Data(base64Encoded: entry.base64) else {
                preconditionFailure("DefaultTheme: bad base64 for \(entry.path)")
            }
            files[entry.path] = [UInt8](data)
        }
        return files
    }()
}
