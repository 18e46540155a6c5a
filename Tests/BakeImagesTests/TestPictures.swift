import BakeImages
import BakeIO
import BakeTestSupport
import Foundation

extension TestPictures {
    /// What Pillow reads in each of `variants`, written to `folder` first, in their order.
    static func read(_ variants: [ImageVariant], in folder: String) async throws -> [Reading] {
        var paths: [String] = []
        for (index, variant) in variants.enumerated() {
            let path = "\(folder)/variant-\(index)-\(variant.width).\(variant.format.fileExtension)"
            try FileIO.writeAtomically(variant.bytes, to: path, durable: false)
            paths.append(path)
        }
        return try await read(paths)
    }

}
