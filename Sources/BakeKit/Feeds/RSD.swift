/// `rsd.xml`, Really Simple Discovery: tells desktop blog editors where the metaWeblog
/// endpoint is.
public struct RSD: Sendable {
    public let settings: SiteSettings

    public init(settings: SiteSettings) {
        self.settings = settings
    }

    /// The RSD document, or nil when the blog names no endpoint.
    public func render() -> String? {
        guard let endpoint = settings.xmlrpcURL else { return nil }
        let api = MarkupEscaping.xml(endpoint)
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <rsd version="1.0" xmlns="http://archipelago.phrasewise.com/rsd">
        <service>
        <engineName>bake</engineName>
        <homePageLink>\(MarkupEscaping.xml(settings.url + "/"))</homePageLink>
        <apis>
        <api name="MetaWeblog" preferred="true" apiLink="\(api)" blogID="1"/>
        <api name="MovableType" preferred="false" apiLink="\(api)" blogID="1"/>
        <api name="Blogger" preferred="false" apiLink="\(api)" blogID="1"/>
        </apis>
        </service>
        </rsd>

        """
    }
}
