/// The live-reload snippet that preview adds to every HTML page it serves. It is added as
/// the page goes out, never written to disk, so `bake build` output never has it.
///
/// The script listens to `/_bake/events` (see `ReloadEvent`): it reloads the page after a
/// rebuild, swaps stylesheets in place when only CSS changed, and shows the build's problems
/// in an overlay until a good build clears it. It makes no other requests.
///
/// The script carries the version of the site the page was served from. The stream's first
/// event, `hello`, names the version now; when they differ, a build finished between the
/// page being served and its stream opening, and the page reloads rather than stay stale.
///
/// It closes the stream when the page is left. Chromium keeps left pages alive in its
/// back/forward cache, open streams included, and allows six connections to a host: after six
/// pages, the next one waited for a minute. A page brought back from that cache reloads.
enum ReloadScript {
    /// The path of the Server-Sent Events stream the script listens to.
    static let eventsPath = "/_bake/events"

    /// The `<script>` element, for a page of the site at `version`.
    static func element(version: String) -> String {
        // Written into a JavaScript string as it is, so it must need no escaping.
        precondition(version.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }, "a version is letters, digits and -")
        return elementBefore + "\"" + version + "\"" + elementAfter
    }

    /// The version in a served page's script, if it has one.
    static func version(in html: String) -> String? {
        guard let start = html.range(of: elementBefore + "\"")?.upperBound,
              let end = html[start...].firstIndex(of: "\"") else { return nil }
        return String(html[start..<end])
    }

    /// `html` with the script before its last `</body>`, or at the end when it has none.
    static func inject(into html: [UInt8], version: String) -> [UInt8] {
        let script = Array(element(version: version).utf8)
        var result = html
        result.insert(contentsOf: script, at: closingBodyIndex(in: html) ?? html.count)
        return result
    }
}

private extension ReloadScript {
    static let elementBefore = #"""
    <script id="bake-preview">(()=>{
    const es=new EventSource("\#(eventsPath)");let seen=
    """#

    static let elementAfter = #"""
    ,box;
    const mark=e=>{seen=e.data};
    es.addEventListener("hello",e=>{if(seen!==e.data)location.reload();seen=e.data});
    es.addEventListener("reload",e=>{mark(e);location.reload()});
    es.addEventListener("css",e=>{mark(e);for(const l of document.querySelectorAll('link[rel~="stylesheet"]')){
    const u=new URL(l.href,location.href);if(u.origin!==location.origin)continue;
    u.searchParams.set("bake",Date.now());const n=l.cloneNode();n.href=u.href;n.onload=()=>l.remove();l.after(n)}});
    es.addEventListener("problems",e=>{box?.remove();box=document.createElement("div");box.id="bake-problems";box.setAttribute("role","alert");
    box.style.cssText="position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2em;background:rgba(40,0,0,.94);color:#fdd;font:14px/1.5 ui-monospace,monospace";
    const t=document.createElement("p");t.style.cssText="margin:0 0 1.5em;font:inherit;color:inherit";
    t.textContent="bake: this change did not build; preview still serves the last good site. Click to hide.";box.append(t);
    for(const line of JSON.parse(e.data)){const p=document.createElement("pre");p.className="bake-problem";
    p.style.cssText="margin:0 0 1em;padding:0 0 1em;border-bottom:1px solid rgba(255,221,221,.3);white-space:pre-wrap;font:inherit;color:inherit;background:none";
    p.textContent=line;box.append(p)}
    box.onclick=()=>box.remove();document.body.append(box)});
    es.addEventListener("ok",()=>{box?.remove();box=null});
    addEventListener("pagehide",()=>es.close());addEventListener("pageshow",e=>{if(e.persisted)location.reload()});
    })();</script>
    """#

    static let closingBody = Array("</body".utf8)

    /// Where the last `</body` starts, ignoring case.
    static func closingBodyIndex(in html: [UInt8]) -> Int? {
        guard html.count >= closingBody.count else { return nil }
        var start = html.count - closingBody.count
        while start >= 0 {
            var matches = true
            for offset in 0..<closingBody.count where lowercased(html[start + offset]) != closingBody[offset] {
                matches = false
                break
            }
            if matches { return start }
            start -= 1
        }
        return nil
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
