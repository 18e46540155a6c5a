// bake-images: makes the resized variants of pictures for `bake build`, in a process of its
// own, so that libvips' libraries load only when a build has new pictures, and a picture
// that crashes a decoder ends this process, not the build or the editors' server.
//
//   bake-images --cache FOLDER --widths 480,800 --quality 80 --metadata strip|keep < paths
//
// Reads the pictures' paths, each ended by a NUL byte (a file name may hold a line break);
// writes, for each, in order, a line `ok<TAB><cache key><TAB><variants encoded>` or
// `error<TAB><reason>`, the key being the name of its folder in the cache.
import BakeIO
import BakeImages
import Foundation

func value(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

guard let folder = value("--cache"), let widths = value("--widths").map({ $0.split(separator: ",").compactMap { Int($0) } }),
      let quality = value("--quality").flatMap({ Int($0) }), let metadata = value("--metadata").flatMap(ImageSettings.Metadata.init(rawValue:))
else {
    FileHandle.standardError.write(Data("usage: bake-images --cache FOLDER --widths 480,800 --quality 80 --metadata strip|keep < paths\n".utf8))
    exit(64)
}
ImageResizer.start()
let input = FileHandle.standardInput.readDataToEndOfFile()
let paths = input.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
let cache = ImageCache(folder: folder, settings: ImageSettings(widths: widths, quality: quality, metadata: metadata))
let outcomes = await parallelMap(paths) { path in
    Result { () throws(ImageError) in try cache.keep(fileAt: path) }
}
var output = ""
for outcome in outcomes {
    switch outcome {
    case .success(let (kept, encodes)): output += "ok\t\(kept.split(separator: "/").last ?? "")\t\(encodes)\n"
    case .failure(let error): output += "error\t\(error.description.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " "))\n"
    }
}
FileHandle.standardOutput.write(Data(output.utf8))
