@testable import BakeIO
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `readdir`'s records are only as long as their names: one at the very end of a mapped page
/// must be read to its NUL and no further. Copying `d_name` whole read 256 bytes and crashed
/// `bake import`'s check now and then, while it swept `/tmp` for stale work folders.
@Suite struct FolderEntryNameTests {
    @Test func aNameAtTheEndOfAPageIsReadWithoutReadingPastIt() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = try #require(mmap(nil, page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(memory != MAP_FAILED)
        defer { munmap(memory, page * 2) }
        // The second page may not be read: a read past the first one faults.
        try #require(mprotect(memory.advanced(by: page), page, PROT_NONE) == 0)
        let name = Array("a.txt".utf8) + [0]
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        // A record whose name ends on the page's last byte, as the kernel packs them.
        let record = memory.advanced(by: page - offset - name.count)
        record.advanced(by: offset).copyMemory(from: name, byteCount: name.count)
        #expect(FileTree.name(of: record.assumingMemoryBound(to: dirent.self)) == "a.txt")
    }
}
