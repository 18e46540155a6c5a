import XMLRPC

/// `blogger.getUserInfo(appkey, username, password)`: the user, named after `@author`.
struct GetUserInfo: XMLRPCMethod {
    var name: String { "blogger.getUserInfo" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        try await context.authenticate(parameters, at: 1)
        let site = context.configuration.site
        let user = context.configuration.credentials.user
        let names = site.author.split(separator: " ", maxSplits: 1).map(String.init)
        return .struct([
            "userid": .string(user),
            "nickname": .string(site.author.isEmpty ? user : site.author),
            "firstname": .string(names.first ?? ""),
            "lastname": .string(names.count > 1 ? names[1] : ""),
            "email": .string(""),
            "url": .string(site.url + "/"),
        ])
    }
}
