/// A timeout in a test helper, with what it was waiting for.
///
/// Its own type, apart from `TestFailure`, so that a reader polling a socket can catch a quiet
/// moment (`catch is TestTimeout`) and go on.
public struct TestTimeout: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
