import BakeTestSupport
import Foundation

/// One Server-Sent Event.
struct ServerEvent: Sendable, Equatable {
    let name: String
    let data: String
    /// When the event's last byte was read.
    var received = ContinuousClock.now
}

/// A live-reload listener, as a page's script is: it reads `/_bake/events` on a thread of its
/// own and keeps every event, for a test to wait on in order.
final class TestEventStream: @unchecked Sendable {
    // Unchecked: `events`, `cursor`, `isClosed` and `hasEnded` are read and written under `lock`.
    private let socket: TestSocket
    private let lock = NSLock()
    private var events: [ServerEvent] = []
    private var cursor = 0
    private var isClosed = false
    private var hasEnded = false

    init(port: Int) throws {
        socket = try TestSocket(port: port, timeoutSeconds: 1)
        try socket.send("GET /_bake/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        Thread { [self] in read() }.start()
    }

    /// Waits for the next event named `name`, passing over others, after those already taken.
    @discardableResult
    func next(_ name: String, timeout: Duration = .seconds(600)) async throws -> ServerEvent {
        var found: ServerEvent?
        try await eventually("event: \(name) (so far: \(all.map(\.name)))", timeout: timeout) {
            found = take(name)
            return found != nil
        }
        return found!
    }

    /// Every event received so far.
    var all: [ServerEvent] {
        lock.withLock { events }
    }

    /// Whether the server ended the stream.
    var ended: Bool {
        lock.withLock { hasEnded }
    }

    /// Hangs up.
    func close() {
        lock.withLock { isClosed = true }
        socket.shutdown()
    }
}

private extension TestEventStream {
    func take(_ name: String) -> ServerEvent? {
        lock.withLock {
            guard let index = events[cursor...].firstIndex(where: { $0.name == name }) else { return nil }
            cursor = index + 1
            return events[index]
        }
    }

    func read() {
        var head: [UInt8] = []
        var body: [UInt8]?
        var decoder = ChunkedDecoder()
        while true {
            let chunk: [UInt8]
            do {
                guard let received = try socket.receive() else { break }
                chunk = received
            } catch is TestTimeout {
                if lock.withLock({ isClosed }) { break }
                continue
            } catch {
                break
            }
            if body == nil {
                head += chunk
                guard let split = head.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
                body = decoder.decode(Array(head[split.upperBound...]))
            } else {
                body! += decoder.decode(chunk)
            }
            while let end = body!.firstRange(of: Array("\n\n".utf8)) {
                let block = String(decoding: body![..<end.lowerBound], as: UTF8.self)
                body!.removeSubrange(..<end.upperBound)
                if let event = Self.event(block) { lock.withLock { events.append(event) } }
            }
        }
        lock.withLock { hasEnded = true }
        socket.close()
    }

    static func event(_ block: String) -> ServerEvent? {
        var name: String?
        var data: [String] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("event:") { name = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("data:") { data.append(String(line.dropFirst(line.hasPrefix("data: ") ? 6 : 5))) }
        }
        guard name != nil || !data.isEmpty else { return nil }
        return ServerEvent(name: name ?? "message", data: data.joined(separator: "\n"))
    }
}
