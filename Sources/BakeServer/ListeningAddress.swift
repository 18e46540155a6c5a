/// The port the server bound, for callers that wait for it (tests, and port 0).
actor ListeningAddress {
    private var bound: Int?
    private var isClosed = false
    private var waiters: [CheckedContinuation<Int?, Never>] = []

    /// The port once the server listens; nil if it stops first.
    func port() async -> Int? {
        if bound != nil || isClosed { return bound }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func set(_ port: Int) {
        bound = port
        resume()
    }

    func close() {
        isClosed = true
        resume()
    }

    private func resume() {
        for waiter in waiters { waiter.resume(returning: bound) }
        waiters.removeAll()
    }
}
