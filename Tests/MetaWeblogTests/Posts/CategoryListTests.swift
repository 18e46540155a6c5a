@testable import MetaWeblog
import Testing

@Suite struct CategoryListTests {
    @Test func splitsCategoriesAsTheHeaderHoldsThem() {
        #expect(CategoryList.names(in: "Swift,  Writing ,,") == ["Swift", "Writing"])
        #expect(CategoryList.names(in: nil) == [])
        #expect(CategoryList.headerValue([" Swift ", "a, b", "Swift", ""]) == "Swift, a, b")
        #expect(CategoryList.headerValue([]) == nil)
    }
}
