/// What another site answered for a URL.
public enum ExternalOutcome: Sendable, Hashable {
    /// A success (2xx), at the URL itself.
    case ok
    /// A success after one or more redirects: where the last one led, and the first status.
    case moved(to: String, status: Int)
    /// No success, in words: `HTTP 404`, `timed out after 10 s`, `cannot connect: …`.
    case broken(String)
}
