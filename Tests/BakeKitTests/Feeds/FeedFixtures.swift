import BakeKit

/// The posts both feed suites render: a titled post full of relative links, an untitled note,
/// a link post, a title with markup characters, and an HTML post with characters XML forbids.
struct FeedFixtures {
    let settings: SiteSettings
    let items: [(post: Post, html: String)]

    init() throws {
        // A site in a subfolder, so root-relative and page-relative links resolve differently.
        settings = try makeSettings(url: "https://example.com/blog/")
        let posts = try [
            makePost(
                "posts/2014/03/31/relative-links.markdown", date: "2014-03-31 20:16:46 -0700", title: "Relative links",
                body: """
                See [the archive](/blog/archive.html), [a sibling](sibling.html), [the month](../index.html),
                [a note](#note), [elsewhere](https://example.org/x) and [mail](mailto:mira@example.com).

                ![A loaf](/blog/media/loaf.svg)

                <img src='pic.png' alt="single quotes"> <a href="//cdn.example.net/x.js">scheme-relative</a>
                """,
                extraHeader: "@modDate 2014-04-02 08:00:00 -0700\n@categoryArray Feeds, The Web\n", settings: settings
            ),
            makePost("posts/2022/12/02/untitled.markdown", date: "Fri Dec 02 20:00:00 -0800 2022", title: "",
                     body: "First real rain of the season. The gutters are singing.", settings: settings),
            makePost("posts/2021/07/04/link-post.markdown", date: "2021-07-04T09:00:00-07:00", title: "JSON Feed 1.1",
                     body: "Worth a read.", extraHeader: "@link https://www.jsonfeed.org/version/1.1/\n", settings: settings),
            makePost("posts/2020/01/09/markup.markdown", date: "2020-01-09 07:00:00", title: "Fish & <chips> “quoted” 'too'",
                     body: "Ampersands & angle brackets <3 and ]]> in text.", settings: settings),
            makePost("posts/2019/03/14/control.html", date: "2019-03-14 23:59:59 -0700", title: "Control characters",
                     body: "<p>A form feed \u{0C}, a vertical tab \u{0B} and a bell \u{07} from a pasted document.</p>\n", settings: settings),
        ]
        items = posts.map { ($0.post, $0.html) }
    }

    var permalinks: [String] {
        items.map { "https://example.com/blog/" + $0.post.permalink.path }
    }
}
