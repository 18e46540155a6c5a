import BakeIO
import Foundation

/// The pictures `Tests/Scripts/pictures.py` makes with Pillow, and what Pillow, a reader
/// independent of libvips, reads in the files bake made of them.
public enum TestPictures {
    /// What Pillow reads in one file.
    public struct Reading: Decodable, Equatable, Sendable {
        public let format: String
        public let width: Int
        public let height: Int
        public let mode: String
        public let exifTags: [Int]
        public let gps: Bool
        public let orientation: Int?
        public let icc: Bool
        public let xmp: Bool
        /// Whether the camera name of the originals' EXIF or PNG text is anywhere in the bytes.
        public let camera: Bool
        /// Whether the By-line of the photo's IPTC is anywhere in the bytes.
        public let iptc: Bool
        public let text: [String]
        public let decoded: Bool
        /// A hash of its decoded pixels and their mode.
        public let pixels: String
        public let leftEdge: [Int]
        public let rightEdge: [Int]
        public let centre: [Int]

        /// Whether it carries none of the originals' metadata.
        public var isStripped: Bool { exifTags.isEmpty && !gps && !icc && !xmp && !camera && !iptc && text.isEmpty }
    }

    /// Makes the pictures named (all of them when none is) in `folder`: `phone.jpg`
    /// (4032 × 3024, EXIF orientation 6, GPS, XMP, IPTC, an ICC profile), `large.png` (2600 × 1700,
    /// transparent, EXIF with GPS and a text chunk), `small.jpg` (320 × 240, EXIF with GPS),
    /// `wide.jpg` (1200 × 800 of one colour, in a wide-gamut ICC profile), `animated.gif`,
    /// `drawing.svg`, `notes.jpg` (text), `cut.jpg` (a third of `phone.jpg`) and `cut.png` (a
    /// third of `large.png`).
    public static func make(in folder: String, _ names: String...) async throws {
        let run = try await Program(executable: "/usr/bin/env").run(["python3", script, "make", folder] + names)
        guard run.succeeded else {
            throw TestFailure(description: "pictures.py make failed (script/setup installs Pillow): \(run.errors)")
        }
    }

    /// The bytes of the picture `name` that `make` wrote in `folder`.
    public static func bytes(_ name: String, in folder: String) throws -> [UInt8] {
        try FileIO.read(folder + "/" + name)
    }

    /// What Pillow reads in each of the files at `paths`, in their order.
    public static func read(_ paths: [String]) async throws -> [Reading] {
        let run = try await Program(executable: "/usr/bin/env").run(["python3", script, "read"] + paths)
        guard run.succeeded else {
            throw TestFailure(description: "pictures.py read failed: \(run.errors)")
        }
        let readings = try JSONDecoder().decode([String: Reading].self, from: Data(run.output.utf8))
        return try paths.map { path in
            guard let reading = readings[path] else { throw TestFailure(description: "pictures.py read nothing of \(path)") }
            return reading
        }
    }

    /// The centre pixel of the picture at `path`, converted from its ICC profile to sRGB by LittleCMS.
    public static func srgbCentre(of path: String) async throws -> [Int] {
        let run = try await Program(executable: "/usr/bin/env").run(["python3", script, "srgb", path])
        guard run.succeeded else {
            throw TestFailure(description: "pictures.py srgb failed: \(run.errors)")
        }
        return try JSONDecoder().decode([Int].self, from: Data(run.output.utf8))
    }

    private static let script = repositoryRoot + "/Tests/Scripts/pictures.py"
}
