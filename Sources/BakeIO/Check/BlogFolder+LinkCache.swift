public extension BlogFolder {
    /// Where `bake check --external` keeps the links to other sites that answered: see `LinkCache`.
    var linkCachePath: String { root + "/.bake-cache/links" }
}
