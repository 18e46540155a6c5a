/// The one user who may write to the blog: a user name and a bcrypt hash of the password.
///
/// ```swift
/// let credentials = Credentials(user: "mira", passwordHash: hash)
/// credentials.verify(user: "mira", password: "correct horse")   // true
/// ```
public struct Credentials: Sendable, Hashable {
    /// The user name editors log in with.
    public let user: String
    /// The hash of the password.
    public let passwordHash: PasswordHash

    /// Creates credentials.
    public init(user: String, passwordHash: PasswordHash) {
        self.user = user
        self.passwordHash = passwordHash
    }

    /// Whether the user name and the password are right. The user name is compared in
    /// constant time, and the password is always hashed, so a wrong name takes as long as a
    /// wrong password.
    func verify(user: String, password: String) -> Bool {
        let userMatches = ConstantTime.equal(Array(user.utf8), Array(self.user.utf8))
        let passwordMatches = passwordHash.matches(password)
        return userMatches && passwordMatches
    }
}
