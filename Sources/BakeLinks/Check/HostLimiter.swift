/// Lets at most `total` requests run at once, and at most `perHost` to any one host, so that a
/// check is quick without hammering a site that many posts link to.
///
/// ```swift
/// let limiter = HostLimiter(total: 8, perHost: 2)
/// await limiter.acquire("example.com")
/// defer { Task { await limiter.release("example.com") } }
/// ```
actor HostLimiter {
    let total: Int
    let perHost: Int
    private var running = 0
    private var runningByHost: [String: Int] = [:]
    private var waiting: [(host: String, continuation: CheckedContinuation<Void, Never>)] = []
    /// The most requests that ran at once to one host, for the tests.
    private(set) var mostAtOnce: [String: Int] = [:]

    /// How many requests wait for a slot.
    var waitingCount: Int { waiting.count }

    init(total: Int, perHost: Int) {
        self.total = max(1, total)
        self.perHost = max(1, perHost)
    }

    /// Waits for a free slot for `host`, and takes it.
    func acquire(_ host: String) async {
        if canStart(host) {
            start(host)
            return
        }
        await withCheckedContinuation { continuation in
            waiting.append((host, continuation))
        }
    }

    /// Gives back the slot taken for `host`, and hands it to the first waiting request that may use it.
    func release(_ host: String) {
        running -= 1
        runningByHost[host, default: 1] -= 1
        var index = 0
        while index < waiting.count {
            if canStart(waiting[index].host) {
                let next = waiting.remove(at: index)
                start(next.host)
                next.continuation.resume()
            } else {
                index += 1
            }
        }
    }

    private func canStart(_ host: String) -> Bool {
        running < total && runningByHost[host, default: 0] < perHost
    }

    private func start(_ host: String) {
        running += 1
        runningByHost[host, default: 0] += 1
        mostAtOnce[host] = max(mostAtOnce[host] ?? 0, runningByHost[host]!)
    }
}
