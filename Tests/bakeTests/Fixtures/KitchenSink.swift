import BakeTestSupport

/// Posts that hold everything that can push a page sideways or trip a checker, added to a
/// copy of the sample blog for the browser tests: a 1600 px image, a 1600 × 1067 photo with
/// a caption (the sample blog's `media/heron-at-dawn.jpg`), a 560 px iframe, an
/// 8-column table with code in its cells, a long code line, code highlighted in six
/// languages, a task list, nested quotes, footnotes, and an untitled post that replies to a
/// page with a URL far wider than a phone. Dated in November 2026, so both are on the home page.
enum KitchenSink {
    /// The titled post's page.
    static let postPath = "/2026/11/20/kitchen-sink.html"
    /// The untitled post's page.
    static let untitledPath = "/2026/11/21/untitled-kitchen-note.html"
    /// A podcast episode's page, with its player.
    static let episodePath = "/2026/11/19/kitchen-episode.html"
    /// Their month.
    static let monthPath = "/2026/11/"

    /// Writes the posts and the image into `blog`.
    static func add(to blog: TestBlog) throws {
        try blog.write(post, to: "posts/2026/11/20/kitchen-sink.markdown")
        try blog.write(untitled, to: "posts/2026/11/21/untitled-kitchen-note.markdown")
        try blog.write(wideImage, to: "static/media/wide-1600.svg")
        try blog.write(episode, to: "posts/2026/11/19/kitchen-episode.markdown")
        // Never fetched: the player waits for a press of play.
        try blog.write("not audio", to: "static/media/episode-1.mp3")
    }
}

private extension KitchenSink {
    static let episode = """
    @title Episode 1: the kitchen
    @pubDate 2026-11-19 09:30:00 -0800
    @enclosure /media/episode-1.mp3
    @enclosureLength 9
    @itunesDuration 12:34

    Show notes, with [a link](/about.html).
    """

    // The iframe embeds the blog's own about page, so that the test needs no network.
    static let post = """
    @title Everything a post can hold
    @pubDate 2026-11-20 09:30:00 -0800
    @categoryArray Fixtures, Layout

    A photo wider than any phone, at its natural 1600 px:

    ![A wide band of colour, 1600 by 400 pixels](/media/wide-1600.svg)

    A photo with a title, which makes it a figure with a caption:

    ![A heron standing in still water at sunrise, reeds on the left and the sun low over distant hills](/media/heron-at-dawn.jpg "A heron at dawn: a 1600 by 1067 JPEG, with a caption long enough to wrap on a phone")

    A 560 px embed, as video sites hand them out:

    <iframe src="/about.html" width="560" height="315" title="The about page, embedded"></iframe>

    | Kind | Left | Centre | Right | Code | Count | Notes | More notes |
    | :--- | :--- | :---: | ---: | --- | ---: | --- | --- |
    | bread | sourdough | levain | 78% | `long-flag-with-many-hyphens` | 12 | a cell with several words in it | another long cell |
    | cake | sponge | eggs | 50% | `--another-hyphenated-option` | 3 | short | yet another cell of text |

    ```swift
    let sentence = "A code line far longer than a phone is wide, so that it must scroll inside its own box and never widen the page."
    ```

    Highlighted code, with a token of every colour the theme gives, for the contrast checks:

    ```swift
    /// Bakes the blog.
    @MainActor struct Oven: Sendable {
        func bake(_ loaves: Int = 2) throws -> [String] { loaves > 0x10 ? [] : Array(repeating: "loaf", count: loaves) }
    }
    ```

    ```objc
    #import <Foundation/Foundation.h>
    @interface Oven : NSObject
    - (NSInteger)bake:(NSString *)name; // 42 loaves
    @end
    ```

    ```python
    import os

    @dataclass
    class Loaf(Bread):
        def rise(self, hours: float = 1.5) -> bool:
            '''Whether it rose.'''
            return len(self.name) > 0 and not os.environ.get("COLD")  # warm
    ```

    ```console
    $ bake build --output /tmp/site && echo "done"
    Baked 3 posts and 1 page
    ```

    ```html
    <!doctype html>
    <p class="note" data-count="3">Bread &amp; butter<!-- a comment --></p>
    ```

    ```diff
    --- a/loaf.txt
    +++ b/loaf.txt
    @@ -1 +1 @@
    -flour
    +more flour
    ```

    - [x] Bake the loaf
    - [ ] Write about it
    - [ ] Post it

    > A quotation,
    >
    > > with a quotation inside it,
    > >
    > > > and one more inside that.

    Two remarks need footnotes.[^one] Here is the second.[^two]

    [^one]: The first footnote, with a [link](https://example.com/notes).
    [^two]: The second footnote.
    """

    static let untitled = """
    @pubDate 2026-11-21 07:15:00 -0800
    @in_reply_to https://a-rather-long-host-name.example.org/2026/11/20/a-post-with-a-slug-much-wider-than-any-phone-screen.html?utm_source=nowhere

    A post with no title, a short task list, and a footnote.[^why]

    - [x] Feed the starter
    - [ ] Shape the loaf

    [^why]: Untitled posts still need a heading for people who navigate by headings.
    """

    /// An image 1600 px wide at its natural size.
    static let wideImage = """
    <svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400"><rect width="1600" height="400" fill="#c2410c"/><rect x="400" width="800" height="400" fill="#fbbf24"/></svg>
    """
}
