import BakeKit
import Testing

@Suite struct TagCloudTests {
    @Test func sizesRunFromTheFewestPostsToTheMostOnALogScale() {
        #expect(TagCloud.sizes(of: [1, 10, 100, 3]) == [1, 3, 5, 2])
        #expect(TagCloud.sizes(of: [2, 1_000]) == [1, 5])
    }

    @Test func equalCountsAreAllTheMiddleSize() {
        #expect(TagCloud.sizes(of: [4, 4, 4]) == [3, 3, 3])
        #expect(TagCloud.sizes(of: [7]) == [3])
        #expect(TagCloud.sizes(of: []) == [])
    }

    @Test func everySizeIsInRange() {
        let sizes = TagCloud.sizes(of: Array(1...500))
        #expect(sizes.allSatisfy { (1...TagCloud.sizes).contains($0) })
        #expect(sizes.first == 1 && sizes.last == TagCloud.sizes)
    }
}
