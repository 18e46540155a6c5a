/// What one call changed in the blog: the reply for the editor, and what was changed.
struct TreeChange<Value: Sendable>: Sendable {
    /// The call's result.
    let value: Value
    /// What changed, or nil when nothing did (then nothing is re-baked or committed).
    let record: ChangeRecord?
}

/// The files one change touched, for git, for the re-bake, and for messages.
struct ChangeRecord: Sendable, Hashable, Codable {
    /// What was saved, as named in messages, e.g. `posts/2014/03/31/hello.markdown`.
    let saved: String
    /// Every file written, created or removed, relative to the blog.
    let paths: [String]
    /// The commit message, naming the post, e.g. `newPost: posts/2014/03/31/hello.markdown "Hello"`.
    let message: String
}
