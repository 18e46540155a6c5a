import ArgumentParser
import BakeIO
import BakeKit
import Foundation

extension BakeBench {
    /// A photo blog: generated posts, a share of them showing a phone-sized photo (2–12
    /// megapixels, with EXIF and a GPS position), timed clean, as a no-op, and with one
    /// photo added.
    struct Photos: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time bake on a generated photo blog: clean with pictures, no-op, one photo added.")

        @Option(help: "How many posts.") var posts = 500
        @Option(help: "How many of them show a photo.") var photos = 300
        @Option(help: "The random seed.") var seed: UInt64 = 1
        @Option(help: "Runs per scenario; the table shows the median.") var runs = 3
        @Option(help: "Work folder; use tmpfs so disk noise does not drown the signal.") var work = "/dev/shm/bake-bench"
        @Option(help: "A bake binary to time (default: bake-bench's own build; bake-images must be beside it).") var bake: String?

        func validate() throws {
            guard posts >= 1, photos >= 1, photos <= posts else { throw ValidationError("expected 1 ≤ --photos ≤ --posts") }
            guard runs >= 1 else { throw ValidationError("--runs \(runs): expected at least 1") }
        }

        func run() async throws {
            let me = Program.runningExecutable
            let command = bake.map { [$0, "build"] } ?? [me, "once"]
            guard FileIO.exists(command[0]) else { throw BenchError.setUp("no bake binary at \(command[0])") }
            let name = "photos-v2-\(posts)-\(photos)-\(seed)"
            let blog = "\(work)/blog-\(name)"
            let output = "\(work)/site-\(name)"
            if !FileIO.exists(blog + "/site.settings") {
                try? FileManager.default.removeItem(atPath: blog)
                print("Generating \(posts) posts and \(photos) photos in \(blog)…")
                try CorpusGenerator(posts: posts, seed: seed, highlight: false).write(to: blog)
                try await Self.makePhotos(count: photos, seed: seed, in: blog + "/static/media/photos")
                // The photos the "one photo added" runs add, kept outside static/ until then.
                try await Self.makePhotos(count: runs, seed: seed + 1, in: blog + "/new-photos")
                let postPaths = try FileTree.scan(blog + "/posts").map(\.path).sorted()
                for (index, path) in postPaths.prefix(photos).enumerated() {
                    let file = blog + "/posts/" + path
                    let text = try FileIO.read(file) + Array("\n![A generated photo, number \(index)](/media/photos/photo-\(index).jpg)\n".utf8)
                    try FileIO.writeAtomically(text, to: file, durable: false)
                }
            }
            let sources = try FileTree.scan(blog + "/static/media/photos").filter { $0.path.hasPrefix("photo-") }
            let megabytes = Double(sources.reduce(0) { $0 + $1.size }) / 1_048_576
            let runner = BakeRunner(command: command, blog: blog, output: output)
            var rows: [Row] = []
            var clean: [Measurement] = []
            for _ in 0..<runs {
                try runner.removeOutputAndCache()
                clean.append(try runner.measure())
            }
            rows.append(Row(name: "clean, with pictures", samples: clean))
            rows.append(Row(name: "no-op", samples: try (0..<runs).map { _ in try runner.measure() }))

            // One photo and the post that shows it, added, then taken away again (untimed).
            let postPaths = try FileTree.scan(blog + "/posts").map(\.path)
            guard let newest = postPaths.max() else { throw BenchError.setUp("\(blog)/posts has no posts") }
            let folder = FileIO.parent(of: newest)
            var adds: [Measurement] = []
            for run in 0..<runs {
                let photo = "\(blog)/static/media/photos/added-\(run).jpg"
                try FileManager.default.copyItem(atPath: "\(blog)/new-photos/photo-\(run).jpg", toPath: photo)
                let post = "\(blog)/posts/\(folder)/bench-photo-\(run).markdown"
                let text = "@title A photo added in run \(run)\n@pubDate \(folder.replacingOccurrences(of: "/", with: "-")) 23:59:00 -0800\n\n![A new photo](/media/photos/added-\(run).jpg)\n"
                try FileIO.writeAtomically(Array(text.utf8), to: post, durable: false)
                adds.append(try runner.measure())
                try FileIO.remove(post)
                try FileIO.remove(photo)
                _ = try runner.measure()
            }
            rows.append(Row(name: "one photo added", samples: adds))

            print("")
            print("bake on \(posts) generated posts, \(photos) of them with a photo (\(String(format: "%.0f", megabytes)) MB of JPEG), \(ProcessInfo.processInfo.activeProcessorCount) cores, median of \(runs) runs, output on \(work)")
            print(Row.header)
            for row in rows { print(row.line) }
        }

        /// `count` JPEGs from 2 to 12 megapixels, each with EXIF (a camera, a GPS position), by Pillow.
        static func makePhotos(count: Int, seed: UInt64, in folder: String) async throws {
            try FileIO.createFolders(folder)
            let script = """
            import random, sys
            from PIL import Image
            folder, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            rng = random.Random(seed)
            sizes = [(1632, 1224), (2048, 1536), (3000, 2000), (3264, 2448), (4032, 3024)]
            for index in range(count):
                width, height = rng.choice(sizes)
                if rng.random() < 0.3:
                    width, height = height, width
                red = Image.linear_gradient("L").resize((width, height))
                green = Image.effect_noise((width, height), 24 + rng.random() * 40)
                blue = Image.radial_gradient("L").resize((width, height))
                photo = Image.merge("RGB", (red, green, blue))
                exif = Image.Exif()
                exif[0x010F] = "bake-bench"
                exif[0x0110] = "Generated Camera"
                exif[0x8825] = {1: "N", 2: (51.0, 30.0, 26.0), 3: "W", 4: (0.0, 7.0, 39.0)}
                photo.save(f"{folder}/photo-{index}.jpg", "JPEG", quality=88, exif=exif)
            """
            let run = try await Program(executable: "/usr/bin/env").run(["python3", "-c", script, folder, String(count), String(seed)])
            guard run.succeeded else { throw BenchError.setUp("cannot make the photos with Pillow (python3 -m pip install Pillow): \(run.firstErrorLine ?? "")") }
        }
    }
}
