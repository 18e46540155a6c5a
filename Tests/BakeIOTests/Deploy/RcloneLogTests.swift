@testable import BakeIO
import Testing

@Suite struct RcloneLogTests {
    @Test func readsWhatWasWrittenDeletedOrWouldBeAndTheFirstError() {
        let log = RcloneLog("""
        {"time":"2026-12-06T20:36:28Z","level":"notice","msg":"Config file \\"/root/.config/rclone/rclone.conf\\" not found - using defaults","source":"config/config.go:374"}
        {"time":"2026-12-06T20:36:29Z","level":"info","msg":"Copied (new)","object":"index.html","objectType":"*s3.Object","size":1234}
        {"time":"2026-12-06T20:36:29Z","level":"info","msg":"Copied (replaced existing)","object":"2014/03/31/a b.html","objectType":"*s3.Object"}
        {"time":"2026-12-06T20:36:29Z","level":"info","msg":"Deleted","object":"2019/06/20/gone.html","objectType":"*s3.Object"}
        {"time":"2026-12-06T20:36:29Z","level":"notice","msg":"Skipped copy as --dry-run is set (size 12)","object":"feed.json","objectType":"*local.Object"}
        {"time":"2026-12-06T20:36:30Z","level":"error","msg":"error listing: operation error S3: ListObjects, https response error StatusCode: 403, api error InvalidAccessKeyId: The Access Key Id you provided does not exist in our records.","object":"","objectType":"string"}
        {"time":"2026-12-06T20:36:30Z","level":"error","msg":"a later error","object":{"a":1}}
        not json
        2026/12/06 20:36:30 INFO  : text.html: Copied (new)
        """)
        #expect(log.changed == ["index.html", "2014/03/31/a b.html", "2019/06/20/gone.html"])
        #expect(log.skipped == ["feed.json"])
        #expect(log.firstError == "InvalidAccessKeyId: The Access Key Id you provided does not exist in our records.")
        #expect(RcloneLog("").firstError == nil)
    }
}
