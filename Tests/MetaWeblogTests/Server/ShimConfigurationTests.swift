import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing

@Suite struct ShimConfigurationTests {
    @Test func readsTheLoginFromTheSettings() throws {
        let blog = try TestBlog(settings: ["@commit_changes false"])
        defer { blog.delete() }
        let configuration = try ShimConfiguration(blog: blog.folder, environment: [:])
        #expect(configuration.credentials.user == TestLogin.user)
        #expect(configuration.credentials.passwordHash == TestLogin.hash)
        #expect(!configuration.commitChanges)
        #expect(configuration.site.timeZone.identifier == "America/Los_Angeles")
    }

    @Test func letsTheEnvironmentWin() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let other = PasswordHash.make(password: "other", cost: 4)
        let configuration = try ShimConfiguration(blog: blog.folder, environment: [
            ShimConfiguration.userVariable: "editor", ShimConfiguration.passwordHashVariable: other.text,
        ])
        #expect(configuration.credentials.user == "editor")
        #expect(configuration.credentials.passwordHash == other)
    }

    @Test func refusesToStartWithoutALoginNamingTheKeys() async throws {
        let blog = try TestBlog(login: false)
        defer { blog.delete() }
        let error = try #require(throws: ShimConfigurationError.self) { try ShimConfiguration(blog: blog.folder, environment: [:]) }
        #expect(error.reason == .missingCredentials(missing: [
            "@metaweblog_user (or BAKE_METAWEBLOG_USER)", "@metaweblog_password_hash (or BAKE_METAWEBLOG_PASSWORD_HASH)",
        ]))
        #expect(error.message.contains("hash-password"))
        await #expect(throws: ShimConfigurationError.self) {
            try await MetaWeblogServer(options: MetaWeblogOptions(blog: blog.folder, port: 0, environment: [:]))
        }
    }

    @Test func refusesAPlainPassword() throws {
        let blog = try TestBlog(settings: ["@metaweblog_password_hash hunter2"])
        defer { blog.delete() }
        let error = try #require(throws: ShimConfigurationError.self) { try ShimConfiguration(blog: blog.folder, environment: [:]) }
        #expect(error.reason == .invalidPasswordHash(source: "@metaweblog_password_hash"))
        #expect(error.message.contains("never store the password itself"))
    }

    @Test func refusesAnUnclearCommitSetting() throws {
        let blog = try TestBlog(settings: ["@commit_changes sometimes"])
        defer { blog.delete() }
        let error = try #require(throws: ShimConfigurationError.self) { try ShimConfiguration(blog: blog.folder, environment: [:]) }
        #expect(error.message.contains("@commit_changes has the value `sometimes`; expected true or false"))
    }

    /// The shim reads the settings as bake does, and names the file in full: it may be started from anywhere.
    @Test func namesTheSettingsFileAndLineOfAProblem() throws {
        let blog = try TestBlog(settings: ["@time_zone Mars/Olympus"])
        defer { blog.delete() }
        let error = try #require(throws: ShimConfigurationError.self) { try ShimConfiguration(blog: blog.folder, environment: [:]) }
        #expect(error.message.hasPrefix(blog.folder.settingsPath + ":"), "\(error.message)")
        #expect(error.message.contains("Mars/Olympus"), "\(error.message)")
        try FileManager.default.removeItem(atPath: blog.folder.settingsPath)
        let missing = try #require(throws: ShimConfigurationError.self) { try ShimConfiguration(blog: blog.folder, environment: [:]) }
        #expect(missing.message.hasPrefix(blog.folder.settingsPath + ": cannot read the settings"), "\(missing.message)")
    }

    @Test func refusesARemoteHostUnlessAllowed() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let error = try await #require(throws: ShimConfigurationError.self) {
            try await MetaWeblogServer(options: MetaWeblogOptions(blog: blog.folder, host: "0.0.0.0", port: 0, environment: [:]))
        }
        #expect(error.reason == .remoteHostNotAllowed(host: "0.0.0.0"))
        // Which hosts are loopback is BakeIO's isLoopback, tested in BakeIOTests/Serving/LoopbackTests.
        #expect(MetaWeblogOptions(blog: blog.folder, host: "LOCALHOST", port: 0, environment: [:]).isLoopback)
        #expect(!MetaWeblogOptions(blog: blog.folder, host: "127.example.com", port: 0, environment: [:]).isLoopback)
    }
}
