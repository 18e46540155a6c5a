/// The baked folder as requests see it: readers share it, a rebuild takes it alone.
///
/// Preview bakes into the folder it serves, and `SiteBuilder` replaces changed files one by
/// one. So that no request sees a tree that is half old and half new, a rebuild holds this
/// gate from the moment it starts until the builder returns, and each request holds it
/// shared while it finds and reads its file. Builds take milliseconds to about a second;
/// a request that arrives during one waits and then gets the new site. A waiting rebuild
/// goes before requests that arrive after it, so a busy browser cannot starve it.
actor ServedSite {
    /// The site's folder, with symbolic links resolved.
    nonisolated let folder: SiteFolder
    /// The path part of the site's URL, e.g. `/blog`, from the last good build.
    private var basePath: String
    private var readers = 0
    private var isWriting = false
    private var waitingReaders: [CheckedContinuation<Void, Never>] = []
    private var waitingWriters: [CheckedContinuation<Void, Never>] = []

    init(folder: SiteFolder, basePath: String) {
        self.folder = folder
        self.basePath = basePath
    }

    /// Runs `body` while no rebuild changes the folder.
    nonisolated func reading<T, E: Error>(_ body: (_ folder: SiteFolder, _ basePath: String) throws(E) -> T) async throws(E) -> T {
        let basePath = await beginReading()
        do {
            let result = try body(folder, basePath)
            await endReading()
            return result
        } catch {
            await endReading()
            throw error
        }
    }

    /// Runs `body` (a build) with the folder to itself; a non-nil result is the new base path.
    nonisolated func writing<T>(_ body: () async -> (T, basePath: String?)) async -> T {
        await beginWriting()
        let (result, basePath) = await body()
        await endWriting(basePath: basePath)
        return result
    }

    /// How many requests and rebuilds wait for the folder.
    var waiting: (readers: Int, writers: Int) {
        (waitingReaders.count, waitingWriters.count)
    }
}

extension ServedSite {
    /// Waits for the folder to be free of rebuilds and counts one more reader; returns the base path.
    func beginReading() async -> String {
        if isWriting || !waitingWriters.isEmpty {
            // The writer that finishes counts us in before resuming us.
            await withCheckedContinuation { waitingReaders.append($0) }
        } else {
            readers += 1
        }
        return basePath
    }

    /// Counts one reader less, handing the folder to a waiting rebuild when it was the last.
    func endReading() {
        readers -= 1
        if readers == 0, !waitingWriters.isEmpty {
            isWriting = true
            waitingWriters.removeFirst().resume()
        }
    }

    /// Waits until no one else holds the folder, then holds it alone.
    func beginWriting() async {
        if isWriting || readers > 0 {
            // Whoever lets go last marks the folder as ours before resuming us.
            await withCheckedContinuation { waitingWriters.append($0) }
        } else {
            isWriting = true
        }
    }

    /// Lets go of the folder: to the next rebuild if one waits, else to every waiting request.
    func endWriting(basePath: String?) {
        if let basePath { self.basePath = basePath }
        if !waitingWriters.isEmpty {
            waitingWriters.removeFirst().resume()
            return
        }
        isWriting = false
        readers += waitingReaders.count
        for reader in waitingReaders { reader.resume() }
        waitingReaders.removeAll()
    }
}
