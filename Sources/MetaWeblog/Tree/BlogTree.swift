import BakeIO
import BakeKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of the blog, as the shim reads and changes them. Every write is atomic and
/// durable (temp file, fsync, rename, fsync of the folder), and every path it touches is
/// built from checked parts, inside the blog.
///
/// Only `BlogWriter` calls the methods that change files, one change at a time.
struct BlogTree: Sendable {
    /// The blog.
    let blog: BlogFolder
    /// The site's time zone, as the settings say it when asked.
    let timeZone: @Sendable () -> TimeZone

    init(blog: BlogFolder, timeZone: @escaping @Sendable () -> TimeZone) {
        self.blog = blog
        self.timeZone = timeZone
    }

    init(blog: BlogFolder, dates: PostDate) {
        let zone = dates.timeZone
        self.init(blog: blog, timeZone: { zone })
    }

    /// Dates and calendar folders in the site's time zone.
    var dates: PostDate { PostDate(timeZone: timeZone()) }

    /// The post or draft with this postid.
    func post(id text: String) throws(MetaWeblogError) -> StoredPost {
        guard let id = PostID(text) else { throw MetaWeblogError(.postNotFound(postID: text)) }
        return try post(id)
    }

    /// The post or draft with this postid.
    func post(_ id: PostID) throws(MetaWeblogError) -> StoredPost {
        // A draft being published moves from drafts/ to posts/ between two of these reads;
        // looking in posts/ again catches it there.
        for (status, path) in [(Post.Status.published, id.publishedPath), (.draft, id.draftPath), (.published, id.publishedPath)] {
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(blog.path(path))
            } catch where error.errno == ENOENT || error.errno == ENOTDIR {
                continue
            } catch {
                throw MetaWeblogError(.fileFailed(error, blogRoot: blog.root))
            }
            let parsed: ParsedSource
            do {
                parsed = try MetadataParser().parse(bytes)
            } catch {
                throw MetaWeblogError(.unreadablePost(path: path))
            }
            return StoredPost(id: id, status: status, header: parsed.metadata, body: parsed.body)
        }
        throw MetaWeblogError(.postNotFound(postID: id.path))
    }

    /// A postid for a new post on a day, e.g. `2014/03/31`: the slug, or the slug with `-2`,
    /// `-3` … when a post or draft of that day already has it, as `PostTree` decides for bake
    /// too. Throws when the day is not a calendar folder, such as a year past 9999.
    func newPostID(day: String, slug: String, format: BodyFormat) throws(MetaWeblogError) -> PostID {
        let path: String
        do {
            path = try PostTree(blog: blog).newPostPath(day: day, slug: slug, format: format)
        } catch {
            throw MetaWeblogError(.fileFailed(error, blogRoot: blog.root))
        }
        guard let id = PostID(String(path.dropFirst("posts/".count))) else { throw MetaWeblogError(.noCalendarFolder(day: day)) }
        return id
    }

    /// The postid of a post already written on `day` as `slug` (or `slug-2` …) in `format`,
    /// whose file is exactly `post`'s text: a newPost sent again after its answer was lost.
    /// - Parameter undatedSince: The call named no date, so `post` is dated now: a file dated
    ///   from this moment on counts as the same post whatever its `@pubDate` says.
    func sameNewPost(_ post: StoredPost, day: String, slug: String, undatedSince: Timestamp?) -> PostID? {
        let folder = post.status == .published ? "posts" : "drafts"
        guard let entries = try? FileTree.scan(blog.path("\(folder)/\(day)")) else { return nil }
        for entry in entries where !entry.path.contains("/") && Self.isNumbered(BodyFormat.stem(of: entry.path), of: slug) {
            guard let id = PostID("\(day)/\(entry.path)"), id.format == post.id.format,
                  let existing = try? self.post(id), existing.status == post.status
            else { continue }
            var candidate = post
            if let undatedSince, let text = existing.header[.pubDate], let date = dates.timestamp(header: text),
               date >= undatedSince, candidate.header[.pubDate] != nil {
                candidate.header = candidate.header.setting(.pubDate, to: text)
            }
            if candidate.text == existing.text { return id }
        }
        return nil
    }

    /// Writes a post's file in place, atomically.
    func write(_ post: StoredPost) throws(MetaWeblogError) {
        try write(Array(post.text.utf8), to: post.path)
    }

    /// Writes bytes to a file of the blog, atomically and durably.
    func write(_ bytes: [UInt8], to path: String) throws(MetaWeblogError) {
        do {
            try FileIO.writeAtomically(bytes, to: blog.path(path), durable: true)
        } catch {
            throw MetaWeblogError(.fileFailed(error, blogRoot: blog.root))
        }
    }

    /// Renames a file of the blog, atomically, and removes the folders it leaves empty.
    func move(_ source: String, to destination: String) throws(MetaWeblogError) {
        do {
            try FileIO.move(blog.path(source), to: blog.path(destination))
        } catch {
            throw MetaWeblogError(.fileFailed(error, blogRoot: blog.root))
        }
        if let top = source.split(separator: "/").first {
            FileIO.removeEmptyFolders(from: FileIO.parent(of: blog.path(source)), upTo: blog.path(String(top)))
        }
    }

    /// Publishes a draft: dates it `now` if it has no `@pubDate`, and moves it from `drafts/`
    /// to `posts/` under the same postid (a new one only if `posts/` already has that file).
    /// The updated draft is written first, so a crash leaves either the draft or the post.
    func publish(_ draft: StoredPost, now: Timestamp) throws(MetaWeblogError) -> StoredPost {
        var post = draft
        if post.header[.pubDate] == nil {
            post.header = post.header.setting(.pubDate, to: dates.headerText(now))
            try write(post)
        }
        var id = post.id
        if FileIO.exists(blog.path(id.publishedPath)) {
            id = try newPostID(day: FileIO.parent(of: id.path), slug: id.permalink.slug, format: id.format)
        }
        let published = StoredPost(id: id, status: .published, header: post.header, body: post.body)
        try move(post.path, to: published.path)
        return published
    }

    /// Takes a post back to `drafts/` under the same postid, and so the same permalink.
    func unpublish(_ post: StoredPost) throws(MetaWeblogError) -> StoredPost {
        let draft = StoredPost(id: post.id, status: .draft, header: post.header, body: post.body)
        guard !FileIO.exists(blog.path(draft.path)) else {
            throw MetaWeblogError(.fileFailed(FileSystemError(path: blog.path(draft.path), operation: .rename, errno: EEXIST), blogRoot: blog.root))
        }
        try move(post.path, to: draft.path)
        return draft
    }

    /// Deletes a post, as every editor's delete does (metaWeblog's, WordPress's, Micropub's):
    /// its file goes into `.trash/`, where undelete finds it. Returns the change to commit.
    func delete(_ post: StoredPost) throws(MetaWeblogError) -> ChangeRecord {
        let trashed = try trash(post.path)
        return ChangeRecord(saved: trashed, paths: [post.path], message: "deletePost: \(post.path)\(NewPost.quotedTitle(post)), moved to \(trashed)")
    }

    /// Puts back the post deleted last from `trashed` (a `.trash/` path, see `trashedPost`).
    /// Returns the change to commit.
    func undelete(_ trashed: String) throws(MetaWeblogError) -> ChangeRecord {
        let path = try untrash(trashed)
        return ChangeRecord(saved: path, paths: [path], message: "undeletePost: \(path), from \(trashed)")
    }

    /// Moves a file into `.trash/`, keeping its path there (`.trash/posts/2014/03/31/a.markdown`).
    /// When the trash holds that name already (a permalink used again, and deleted again), the
    /// name gets `~2`, `~3` … one more than the highest there, so the numbers go in the order
    /// of deletion, and `~` (which no slug holds) keeps `a~2` apart from a post named `a-2`.
    /// Returns the new path.
    func trash(_ path: String) throws(MetaWeblogError) -> String {
        let wanted = ".trash/" + path
        let folder = FileIO.parent(of: wanted)
        let (stem, ext) = Self.stemAndExtension(String(wanted.dropFirst(folder.count + 1)))
        let entries = (try? FileTree.scan(blog.path(folder))) ?? []
        let numbers = entries.compactMap { entry in
            entry.path.contains("/") ? nil : Self.trashNumber(entry.path, stem: stem, ext: ext)
        }
        let destination = numbers.isEmpty ? wanted : "\(folder)/\(stem)~\(numbers.max()! + 1)\(ext)"
        try move(path, to: destination)
        return destination
    }

    /// 1 for `stem` + `ext`, N for `stem~N` + `ext`, nil for any other name.
    static func trashNumber(_ name: String, stem: String, ext: String) -> Int? {
        guard name.hasPrefix(stem), name.hasSuffix(ext), name.count >= stem.count + ext.count else { return nil }
        let middle = name.dropFirst(stem.count).dropLast(ext.count)
        if middle.isEmpty { return 1 }
        guard middle.first == "~", let number = Int(middle.dropFirst()), number >= 2, middle.dropFirst().allSatisfy(\.isASCII) else { return nil }
        return number
    }

    /// `a.markdown` → (`a`, `.markdown`); a name without a dot (or with only a leading one) has no extension.
    static func stemAndExtension(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// Whether `stem` is `slug`, or `slug` with `-2`, `-3` … after it.
    static func isNumbered(_ stem: String, of slug: String) -> Bool {
        guard stem.hasPrefix(slug) else { return false }
        let rest = stem.dropFirst(slug.count)
        return rest.isEmpty || (rest.first == "-" && rest.count > 1 && rest.dropFirst().allSatisfy(\.isASCII) && Int(rest.dropFirst()) != nil)
    }

    /// `path`, or the same name with `-2`, `-3` … before the extension, whichever is not taken.
    func freePath(_ path: String) -> String {
        guard FileIO.exists(blog.path(path)) else { return path }
        let folder = FileIO.parent(of: path)
        let (stem, ext) = Self.stemAndExtension(String(path.dropFirst(folder.count + 1)))
        var number = 2
        while FileIO.exists(blog.path("\(folder)/\(stem)-\(number)\(ext)")) { number += 1 }
        return "\(folder)/\(stem)-\(number)\(ext)"
    }
}
