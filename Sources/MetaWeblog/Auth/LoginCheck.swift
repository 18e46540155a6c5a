/// Checks the logins of calls against the credentials.
///
/// The bcrypt check of the configured hash is slow on purpose (a quarter of a second at cost
/// 12), and an editor sends the password with every call. Once a password passes the full
/// check, a cost-4 bcrypt of it, with a fresh random salt and kept in memory only, answers
/// later calls in about a millisecond; any other password gets the full check again.
///
/// ```swift
/// let login = LoginCheck(credentials: credentials)
/// await login.verify(user: "mira", password: "correct horse")   // slow the first time, fast after
/// ```
actor LoginCheck {
    /// The cost of the remembered hash: bcrypt's cheapest.
    static let rememberedCost = 4

    /// Who may write.
    let credentials: Credentials
    private var remembered: PasswordHash?

    init(credentials: Credentials) {
        self.credentials = credentials
    }

    /// Whether the user name and password are right. The hashing runs on the caller's task,
    /// so concurrent calls are not queued behind one another's bcrypt.
    nonisolated func verify(user: String, password: String) async -> Bool {
        if let remembered = await rememberedHash(), remembered.matches(password) {
            return ConstantTime.equal(Array(user.utf8), Array(credentials.user.utf8))
        }
        guard credentials.verify(user: user, password: password) else { return false }
        await remember(PasswordHash.make(password: password, cost: Self.rememberedCost))
        return true
    }
}

private extension LoginCheck {
    func rememberedHash() -> PasswordHash? {
        remembered
    }

    func remember(_ hash: PasswordHash) {
        remembered = hash
    }
}
