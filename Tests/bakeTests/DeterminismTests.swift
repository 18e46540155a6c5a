import BakeTestSupport
import Foundation
import Testing

/// Two `bake` processes (each with its own hash seed) bake the same blog to the same bytes.
@Suite struct DeterminismTests {
    @Test func twoProcessesBakeTheSameBytes() async throws {
        try await withTemporaryFolder { first in
            try await withTemporaryFolder { second in
                let a = try await bakeOldArchive(in: first)
                let b = try await bakeOldArchive(in: second)
                // The manifest is bake's own record of what it read (file times among it), not output.
                let files = allFiles(in: a).filter { $0 != ".bake-manifest" }
                #expect(files == allFiles(in: b).filter { $0 != ".bake-manifest" })
                #expect(files.count > 20)
                for file in files {
                    let left = try Data(contentsOf: URL(fileURLWithPath: a + "/" + file))
                    let right = try Data(contentsOf: URL(fileURLWithPath: b + "/" + file))
                    #expect(left == right, "\(file) differs between two bakes")
                }
            }
        }
    }
}
