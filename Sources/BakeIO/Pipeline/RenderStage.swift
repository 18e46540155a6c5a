import BakeKit

/// The render stage: each planned output's inputs and fingerprint, then the bytes of every
/// output whose fingerprint the last build did not record, each rendered once.
///
/// An output's fingerprint is the hash of the same `OutputInputs` value it is rendered from,
/// so what a page shows and what decides whether it is rendered again cannot drift apart.
struct RenderStage: Sendable {
    let renderer: SiteRenderer
    /// The hash of what every output is made from, and of the bake making it.
    let base: UInt64

    /// - Parameter highlighting: What highlighted bodies depend on (`CodeHighlighter.identity`).
    init(renderer: SiteRenderer, highlighting: String) {
        self.renderer = renderer
        var hasher = ContentHasher()
        hasher.combine(Int64(bitPattern: renderer.baseFingerprint))
        hasher.combine(SiteBuilder.toolIdentity)
        hasher.combine(highlighting)
        self.base = hasher.value
    }

    /// One planned output, before it is rendered.
    struct Planned: Sendable {
        let page: PlannedPage
        let fingerprint: UInt64

        /// Its file in the output folder.
        var path: String { page.path.file }
        var inputs: OutputInputs { page.inputs }
    }

    /// Every output of the plan with its fingerprint, in plan order.
    func planned() async -> [Planned] {
        let base = base
        return await parallelMap(renderer.plan.outputs) { output in
            Planned(page: output, fingerprint: SiteRenderer.fingerprint(of: output, base: base))
        }
    }

    /// Which outputs to keep as the last build left them, and which to render: an output is
    /// kept when the manifest records its fingerprint and its file is as bake left it.
    /// The manifest is looked up on every core: at 10,000 posts, 12,000 lookups of a path.
    static func split(_ planned: [Planned], previous: SiteManifest?, onDisk: OutputFiles) async -> (kept: [SiteWriter.Item], toRender: [Planned]) {
        guard let previous else { return ([], planned) }
        let records = await parallelMap(planned) { output -> SiteManifest.Record? in
            guard let record = previous.records[output.path], record.fingerprint == output.fingerprint, onDisk.matches(record) else { return nil }
            return record
        }
        var kept: [SiteWriter.Item] = []
        var toRender: [Planned] = []
        kept.reserveCapacity(planned.count)
        for (output, record) in zip(planned, records) {
            if let record {
                kept.append(SiteWriter.Item(path: record.path, fingerprint: output.fingerprint, content: .keep(record)))
            } else {
                toRender.append(output)
            }
        }
        return (kept, toRender)
    }

    /// The source paths whose bodies `outputs` show; without the lists' when their entries
    /// are kept, which are put together from those.
    func bodiesNeeded(by outputs: [Planned], listsFromEntries: Bool) -> Set<String> {
        var paths = Set<String>()
        for output in outputs {
            if listsFromEntries, case .list = output.inputs { continue }
            paths.formUnion(output.inputs.bodiesShown)
        }
        return paths
    }

    /// Renders `outputs` on every core.
    /// - Parameters:
    ///   - bodies: body HTML by source path; must hold `bodiesNeeded(by: outputs)`.
    ///   - entries: the list entries kept so far, which the render adds to.
    func render(_ outputs: [Planned], bodies: some BodySource, entries: EntryStore) async -> [SiteWriter.Item] {
        let renderer = renderer
        return await parallelMap(outputs) { output in
            SiteWriter.Item(path: output.path, fingerprint: output.fingerprint,
                            content: .bytes(renderer.render(output.page, bodies: bodies, entries: entries).bytes))
        }
    }

    /// How many of `outputs` are lists of posts, whose entries the entry cache keeps.
    static func listCount(_ outputs: [Planned]) -> Int {
        outputs.count { if case .list = $0.inputs { return true } else { return false } }
    }
}
