import BakeKit

extension Post {
    /// - Parameter sourcePath: The entry's path, which the cache stores once.
    convenience init?(reading reader: inout ByteReader, sourcePath: String) {
        guard let year = reader.int(), let month = reader.int(), let day = reader.int(),
              let slug = reader.string(), let format = reader.string().flatMap(BodyFormat.init(rawValue:)),
              let status = reader.string().flatMap(Status.init(rawValue:)), let title = reader.string(),
              let pubDate = reader.int64(), let hasModDate = reader.bool(), let modDate = reader.int64(),
              let link = reader.string(), let categoryCount = reader.count(),
              // A damaged date must not reach the month names.
              CivilTime.isValid(year: year, month: month, day: day)
        else { return nil }
        var categories: [String] = []
        for _ in 0..<categoryCount {
            guard let category = reader.string() else { return nil }
            categories.append(category)
        }
        guard let metadata = PostMetadata(reading: &reader), let excerpt = reader.string(), let contentHash = reader.uint64(),
              let imageSources = reader.strings()
        else { return nil }
        self.init(
            sourcePath: sourcePath, permalink: Permalink(year: year, month: month, day: day, slug: slug), format: format,
            status: status, title: title, pubDate: Timestamp(seconds: pubDate),
            modDate: hasModDate ? Timestamp(seconds: modDate) : nil, link: link.isEmpty ? nil : link,
            categories: categories, metadata: metadata, excerpt: excerpt, contentHash: contentHash, imageSources: imageSources
        )
    }

    func write(to writer: inout ByteWriter) {
        writer.write(permalink.year)
        writer.write(permalink.month)
        writer.write(permalink.day)
        writer.write(permalink.slug)
        writer.write(format.rawValue)
        writer.write(status.rawValue)
        writer.write(title)
        writer.write(pubDate.seconds)
        writer.write(modDate != nil)
        writer.write(modDate?.seconds ?? 0)
        writer.write(link ?? "")
        writer.write(categories.count)
        categories.forEach { writer.write($0) }
        metadata.write(to: &writer)
        writer.write(excerpt)
        writer.write(contentHash)
        writer.write(strings: imageSources)
    }
}

extension Page {
    init?(reading reader: inout ByteReader, sourcePath: String) {
        guard let name = reader.string(),
              let format = reader.string().flatMap(BodyFormat.init(rawValue:)), let title = reader.string(),
              let metadata = PostMetadata(reading: &reader), let excerpt = reader.string(), let contentHash = reader.uint64(),
              let imageSources = reader.strings()
        else { return nil }
        self.init(sourcePath: sourcePath, name: name, format: format, title: title, metadata: metadata, excerpt: excerpt, contentHash: contentHash,
                  imageSources: imageSources)
    }

    func write(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(format.rawValue)
        writer.write(title)
        metadata.write(to: &writer)
        writer.write(excerpt)
        writer.write(contentHash)
        writer.write(strings: imageSources)
    }
}

extension PostMetadata {
    init?(reading reader: inout ByteReader) {
        guard let count = reader.count() else { return nil }
        var fields: [Field] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.string(), let value = reader.string(), let line = reader.int() else { return nil }
            fields.append(Field(key: key, value: value, line: line))
        }
        self.init(fields: fields)
    }

    func write(to writer: inout ByteWriter) {
        writer.write(fields.count)
        for field in fields {
            writer.write(field.key)
            writer.write(field.value)
            writer.write(field.line)
        }
    }
}
