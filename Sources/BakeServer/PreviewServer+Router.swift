import Hummingbird

extension PreviewServer {
    /// The routes: the live-reload stream at `/_bake/events`, and the site for everything else.
    static func makeRouter(site: ServedSite, broadcaster: ReloadBroadcaster) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SiteMiddleware(site: site, broadcaster: broadcaster))
        router.get(RouterPath(ReloadScript.eventsPath)) { _, _ -> Response in
            let events = await broadcaster.listen()
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    for await event in events {
                        try await writer.write(ByteBuffer(string: event.text))
                    }
                    try await writer.finish(nil)
                }
            )
        }
        return router
    }
}
