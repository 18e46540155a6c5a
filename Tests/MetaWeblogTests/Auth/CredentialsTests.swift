@testable import MetaWeblog
import Testing

@Suite struct CredentialsTests {
    @Test func verifiesTheUserAndThePasswordTogether() {
        let credentials = Credentials(user: "mira", passwordHash: TestLogin.hash)
        #expect(credentials.verify(user: "mira", password: TestLogin.password))
        #expect(!credentials.verify(user: "Mira", password: TestLogin.password))
        #expect(!credentials.verify(user: "mira ", password: TestLogin.password))
        #expect(!credentials.verify(user: "mir", password: TestLogin.password))
        #expect(!credentials.verify(user: "mira", password: "wrong"))
        #expect(!credentials.verify(user: "", password: ""))
    }

    @Test func comparesBytesWhateverTheirLength() {
        #expect(ConstantTime.equal([], []))
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equal([1, 2], [1, 2, 0]))
        #expect(!ConstantTime.equal([0], []))
    }
}
