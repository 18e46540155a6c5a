import MetaWeblog
import Testing

@Suite struct PasswordHashTests {
    @Test func matchesOnlyThePassword() {
        let hash = PasswordHash.make(password: "s3cret ✓", cost: 4)
        #expect(hash.text.hasPrefix("$2b$04$"))
        #expect(hash.text.count == 60)
        #expect(hash.cost == 4)
        #expect(hash.matches("s3cret ✓"))
        #expect(!hash.matches("s3cret"))
        #expect(!hash.matches("s3cret ✓ "))
        #expect(!hash.matches(""))
        #expect(!hash.matches("s3cret ✓\u{0}more"))
    }

    @Test func saltsEveryHash() {
        #expect(PasswordHash.make(password: "same", cost: 4) != PasswordHash.make(password: "same", cost: 4))
    }

    @Test func readsHashesOfOtherTools() throws {
        // htpasswd writes $2y$ and older tools $2a$: for passwords like these, the same
        // algorithm as $2b$, so the same hash under another name.
        let made = PasswordHash.make(password: "password", cost: 4)
        for prefix in ["$2y$", "$2a$"] {
            let renamed = try #require(PasswordHash(prefix + made.text.dropFirst(4)))
            #expect(renamed.matches("password"))
            #expect(!renamed.matches("Password"))
        }
    }

    @Test func refusesWhatIsNotABcryptHash() {
        #expect(PasswordHash("hunter2") == nil)
        #expect(PasswordHash("") == nil)
        #expect(PasswordHash("$2b$04$short") == nil)
        #expect(PasswordHash("$1$" + String(repeating: "a", count: 57)) == nil)
        #expect(PasswordHash("$2b$99$" + String(repeating: "a", count: 53)) == nil)
        #expect(PasswordHash("$2b$10$" + String(repeating: "!", count: 53)) == nil)
        // A cost bcrypt can't read, though `Int` reads it as 4: every login would fail.
        #expect(PasswordHash("$2b$+4$" + String(repeating: "a", count: 53)) == nil)
        #expect(PasswordHash("$2b$04$" + String(repeating: "a", count: 53)) != nil)
    }
}
