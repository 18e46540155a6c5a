/// The port a server bound, for callers that wait for it (tests, and port 0). Shared by
/// preview and the metaWeblog shim, which both learn their port only once listening.
public actor ListeningPort {
    private var bound: Int?
    private var isClosed = false
    private var waiters: [CheckedContinuation<Int?, Never>] = []

    public init() {}

    /// The port once the server listens; nil if it stops first.
    public func port() async -> Int? {
        if bound != nil || isClosed { return bound }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// Records the bound port and wakes the waiters.
    public func set(_ port: Int) {
        bound = port
        resume()
    }

    /// Marks the server stopped and wakes the waiters.
    public func close() {
        isClosed = true
        resume()
    }

    private func resume() {
        for waiter in waiters { waiter.resume(returning: bound) }
        waiters.removeAll()
    }
}
