/// Where the renderer gets the body HTML of the posts and pages an output shows, by source
/// path. A dictionary is one; the build passes one that can also fetch a body it was not
/// given, for the list entries it did not expect to render.
public protocol BodySource: Sendable {
    func body(of sourcePath: String) -> String?
}

extension Dictionary: BodySource where Key == String, Value == String {
    public func body(of sourcePath: String) -> String? {
        self[sourcePath]
    }
}
