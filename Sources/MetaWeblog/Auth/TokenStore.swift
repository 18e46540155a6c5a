import BakeIO
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The blog's Micropub tokens, in `.micropub-tokens` at the blog's root (JSON, readable by its
/// owner only; never in `site/`, never committed by the shim). Holds hashes, not tokens.
///
/// Read on every request, so a token made or revoked by `bake-metaweblog new-token` or
/// `revoke-token` counts at once, without a restart. Changes hold an exclusive lock on the
/// blog's folder, so the command line and the running shim never lose each other's tokens.
///
/// ```swift
/// let store = TokenStore(blog: blog)
/// let (token, _) = try store.add(name: "iA Writer", scopes: [.create], now: Date())
/// try store.find(token)?.scopes   // [.create]
/// ```
public struct TokenStore: Sendable {
    /// The file's name in the blog.
    public static let fileName = ".micropub-tokens"
    /// The longest token name.
    public static let maxNameLength = 200

    /// The blog.
    public let blog: BlogFolder

    public init(blog: BlogFolder) {
        self.blog = blog
    }

    /// Every token's record, oldest first; none when there is no file yet.
    public func all() throws(TokenStoreError) -> [AccessToken] {
        let bytes: [UInt8]
        do {
            guard let present = try FileIO.readIfPresent(path) else { return [] }
            bytes = present
        } catch {
            throw TokenStoreError(.file(error))
        }
        do {
            return try JSONDecoder().decode(File.self, from: Data(bytes)).tokens
        } catch {
            throw TokenStoreError(.unreadable(path: path))
        }
    }

    /// The record of `token`, or nil. Every record is compared, in constant time.
    public func find(_ token: String) throws(TokenStoreError) -> AccessToken? {
        let hash = AccessToken.hash(token)
        var found: AccessToken?
        for record in try all() where record.matches(hash: hash) {
            found = record
        }
        return found
    }

    /// Makes and records a new token named `name`; returns the token, which is not kept.
    /// - Parameter uniqueName: When the name is taken, add ` 2`, ` 3` … instead of failing.
    public func add(name: String, scopes: [TokenScope], now: Date, uniqueName: Bool = false) throws(TokenStoreError) -> (token: String, record: AccessToken) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= Self.maxNameLength, !name.contains(where: \.isNewline) else {
            throw TokenStoreError(.badName(name))
        }
        guard !scopes.isEmpty else { throw TokenStoreError(.noScopes) }
        return try locked { () throws(TokenStoreError) in
            var tokens = try all()
            var chosen = name
            var number = 2
            while tokens.contains(where: { $0.name == chosen }) {
                guard uniqueName else { throw TokenStoreError(.nameTaken(name)) }
                chosen = "\(name) \(number)"
                number += 1
            }
            let made = AccessToken.make(name: chosen, scopes: scopes, now: now)
            tokens.append(made.record)
            try save(tokens)
            return made
        }
    }

    /// Removes the token named `name`; throws when there is none.
    public func revoke(name: String) throws(TokenStoreError) {
        try locked { () throws(TokenStoreError) in
            var tokens = try all()
            guard tokens.contains(where: { $0.name == name }) else { throw TokenStoreError(.noSuchToken(name)) }
            tokens.removeAll { $0.name == name }
            try save(tokens)
        }
    }

    /// The file's path.
    public var path: String { blog.path(Self.fileName) }
}

private extension TokenStore {
    struct File: Codable {
        var tokens: [AccessToken]
    }

    func save(_ tokens: [AccessToken]) throws(TokenStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(File(tokens: tokens))
        } catch {
            throw TokenStoreError(.unreadable(path: path))
        }
        do {
            try FileIO.writeAtomically(Array(data) + [UInt8(ascii: "\n")], to: path, durable: true, mode: 0o600)
        } catch {
            throw TokenStoreError(.file(error))
        }
    }

    /// Runs `body` holding an exclusive lock on the blog's folder.
    func locked<T>(_ body: () throws(TokenStoreError) -> T) throws(TokenStoreError) -> T {
        let fd = open(blog.root, O_RDONLY)
        guard fd >= 0 else { throw TokenStoreError(.file(FileSystemError(path: blog.root, operation: .read, errno: errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw TokenStoreError(.file(FileSystemError(path: blog.root, operation: .read, errno: errno))) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

/// Why the token file could not be read or changed.
public struct TokenStoreError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The file could not be read or written.
        case file(FileSystemError)
        /// The file is not the JSON the shim writes.
        case unreadable(path: String)
        /// A token name must be one line of 1 to 200 characters.
        case badName(String)
        /// Another token has this name.
        case nameTaken(String)
        /// No token has this name.
        case noSuchToken(String)
        /// A token needs at least one scope.
        case noScopes
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// What went wrong, and what was expected.
    public var message: String {
        switch reason {
        case .file(let error): "cannot \(error.operation.rawValue) \(error.path) (\(error.reason))"
        case .unreadable(let path): "\(path) is not a token file; expected the JSON bake-metaweblog writes"
        case .badName(let name): "the token name \"\(name)\" cannot be used; expected one line of 1 to \(TokenStore.maxNameLength) characters"
        case .nameTaken(let name): "a token named \"\(name)\" exists already; revoke it first (revoke-token) or choose another --name"
        case .noSuchToken(let name): "no token is named \"\(name)\"; list-tokens shows their names"
        case .noScopes: "no scope given; expected some of \(TokenScope.allCases.map(\.rawValue).joined(separator: ","))"
        }
    }
}
