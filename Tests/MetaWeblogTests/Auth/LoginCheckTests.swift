@testable import MetaWeblog
import Testing

@Suite struct LoginCheckTests {
    @Test func remembersOnlyAPasswordThatPassedAndStillChecksTheUser() async {
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash))
        #expect(await !login.verify(user: "mira", password: "wrong", client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        #expect(await !login.verify(user: "someone", password: TestLogin.password, client: "a"))
        #expect(await !login.verify(user: "mira", password: "wrong", client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
    }
}
