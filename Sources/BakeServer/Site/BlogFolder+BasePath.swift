import BakeIO
import BakeKit

extension BlogFolder {
    /// The path part of the site's URL, "" or e.g. `/blog`; nil when `site.settings` does not
    /// read. Preview serves the site there as well as at `/`, so root-relative links work.
    var basePath: String? {
        (try? settings())?.basePath
    }
}
