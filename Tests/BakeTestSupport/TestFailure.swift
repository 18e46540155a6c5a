/// A broken expectation in a test helper, with what went wrong.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
