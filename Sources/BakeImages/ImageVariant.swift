import BakeIO
/// One encoded size of a picture, ready to be written next to the page that shows it.
public struct ImageVariant: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let format: ImageFormat
    /// The encoded file.
    public let bytes: [UInt8]

    public init(width: Int, height: Int, format: ImageFormat, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// The size of the encoded file.
    public var byteCount: Int { bytes.count }
}
