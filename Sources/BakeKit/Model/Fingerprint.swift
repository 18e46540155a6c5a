/// A stable hash of a value: stable across runs, unlike `Hasher`.
///
/// Two routes. `of(_:)` takes a `Fingerprintable` value, which adds its stored properties by
/// hand: it is what every output of a build is fingerprinted by, about ten times cheaper than
/// going through `Encodable`'s existential containers. `of(encoding:)` takes any `Encodable`
/// value through the conformance the compiler writes, so a property added is hashed without
/// anyone remembering to: it hashes what a build fingerprints once (`SiteInputs`), and it is
/// the oracle the hand-written fingerprints are tested against (`FingerprintableTests`).
///
/// ```swift
/// let fingerprint = Fingerprint.of(inputs, seed: site.fingerprint)
/// ```
public enum Fingerprint {
    public static func of(_ value: some Fingerprintable, seed: UInt64 = 0) -> UInt64 {
        var fields = FingerprintFields(seed: seed)
        value.addFields(to: &fields)
        return fields.value
    }

    public static func of(encoding value: some Encodable, seed: UInt64 = 0) -> UInt64 {
        let sink = HashSink()
        sink.hasher.combine(Int64(bitPattern: seed))
        // The encoder never throws; a value whose own `encode(to:)` throws hashes as far as it got
        // and then as the error, which still differs from every value that encodes.
        do {
            try value.encode(to: FingerprintEncoder(sink: sink))
        } catch {
            sink.mark(.failure)
            sink.hasher.combine(String(describing: error))
        }
        return sink.hasher.value
    }
}

/// A value that adds each of its stored properties to a fingerprint, in order, by hand.
///
/// `addFields(to:)` adds every stored property once, with one `add` call each (an enum adds its
/// case, then its payload as one field). `FingerprintableTests` holds each conforming type to
/// that: the number of fields it adds must be the number `Mirror` finds, so a property added to
/// an inputs type and not to its fingerprint fails a test; and over real plans, the outputs
/// whose hand-written fingerprint changes are exactly those whose `Encodable` one does.
public protocol Fingerprintable {
    func addFields(to fields: inout FingerprintFields)
}

/// The fields of a value being fingerprinted. The encoding is prefix-free for a given type (a
/// string ends in a byte UTF-8 never uses, an array starts with its count, an optional with
/// whether it is there, an enum with its case), so two values of one type differ in their
/// fingerprints unless the hash collides.
public struct FingerprintFields: Sendable {
    private var hasher = ContentHasher()
    /// How many fields were added at this level, not counting those inside them.
    public private(set) var count = 0

    init(seed: UInt64) {
        hasher.combine(Int64(bitPattern: seed))
    }

    /// A value's fields, apart from any hash: for the tests that count them.
    public static func of(_ value: some Fingerprintable) -> FingerprintFields {
        var fields = FingerprintFields(seed: 0)
        value.addFields(to: &fields)
        return fields
    }

    var value: UInt64 { hasher.value }

    public mutating func add(_ value: String) { count += 1; hasher.combine(value) }
    public mutating func add(_ value: Int) { count += 1; hasher.combine(Int64(value)) }
    public mutating func add(_ value: Int64) { count += 1; hasher.combine(value) }
    public mutating func add(_ value: UInt64) { count += 1; hasher.combine(Int64(bitPattern: value)) }
    public mutating func add(_ value: Bool) { count += 1; hasher.combine(value ? 1 : 0) }

    public mutating func add(_ value: Int?) { add(value.map(Int64.init)) }
    public mutating func add(_ value: Int64?) {
        count += 1
        guard let value else { hasher.combine(0); return }
        hasher.combine(1)
        hasher.combine(value)
    }

    public mutating func add(_ values: [String]) {
        count += 1
        hasher.combine(Int64(values.count))
        for value in values { hasher.combine(value) }
    }

    public mutating func add(_ value: some Fingerprintable) {
        count += 1
        nest(value)
    }

    public mutating func add(_ value: (some Fingerprintable)?) {
        count += 1
        guard let value else { hasher.combine(0); return }
        hasher.combine(1)
        nest(value)
    }

    public mutating func add(_ values: [some Fingerprintable]) {
        count += 1
        hasher.combine(Int64(values.count))
        for value in values { nest(value) }
    }

    /// An enum's case, by its place in the declaration: not a stored property, so not counted.
    public mutating func add(case index: Int) {
        hasher.combine(Int64(-1 - index))
    }

    private mutating func nest(_ value: some Fingerprintable) {
        var nested = FingerprintFields(hasher: hasher)
        value.addFields(to: &nested)
        hasher = nested.hasher
    }

    private init(hasher: ContentHasher) {
        self.hasher = hasher
    }
}

/// The hash being built, shared by the encoder and its containers.
///
/// Every value is preceded by a byte saying what it is (a key, an element, a container), so
/// that no two different values of one type feed the hasher the same bytes: `[[1], [2]]` and
/// `[[1, 2]]`, or a field absent and a field present, differ.
private final class HashSink {
    enum Mark: UInt8 {
        case key = 1, element, keyed, unkeyed, single, null, failure
    }

    var hasher = ContentHasher()

    func mark(_ mark: Mark) {
        hasher.combine(bytes: CollectionOfOne(mark.rawValue))
    }

    func add(_ value: Int64) { hasher.combine(value) }
    func add(_ value: String) { hasher.combine(value) }
}

private struct FingerprintEncoder: Encoder {
    let sink: HashSink
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.mark(.keyed)
        return KeyedEncodingContainer(KeyedHashContainer<Key>(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.mark(.unkeyed)
        return UnkeyedHashContainer(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        sink.mark(.single)
        return SingleHashContainer(sink: sink)
    }
}

/// The primitive values every container writes the same way.
private protocol HashWriting {
    var sink: HashSink { get }
    /// Marks where the next value starts: its key, or that it is the next element.
    func begin(_ key: (any CodingKey)?)
}

extension HashWriting {
    func put(_ value: Bool, _ key: (any CodingKey)?) { begin(key); sink.add(value ? 1 : 0) }
    func put(_ value: String, _ key: (any CodingKey)?) { begin(key); sink.add(value) }
    func putInteger(_ value: some BinaryInteger, _ key: (any CodingKey)?) {
        begin(key)
        // Every integer type up to 64 bits fits; wider ones go by their text.
        if let small = Int64(exactly: value) { sink.add(small) } else { sink.add(String(value)) }
    }
    func putWord(_ value: UInt64, _ key: (any CodingKey)?) { begin(key); sink.add(Int64(bitPattern: value)) }
    func putFloat(_ value: some BinaryFloatingPoint & LosslessStringConvertible, _ key: (any CodingKey)?) {
        begin(key)
        sink.add(String(value))
    }
    func putNil(_ key: (any CodingKey)?) { begin(key); sink.mark(.null) }
    func putValue(_ value: some Encodable, _ key: (any CodingKey)?) throws {
        begin(key)
        try value.encode(to: FingerprintEncoder(sink: sink))
    }
}

private struct KeyedHashContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, HashWriting {
    let sink: HashSink
    var codingPath: [any CodingKey] { [] }

    func begin(_ key: (any CodingKey)?) {
        sink.mark(.key)
        sink.add(key?.stringValue ?? "")
    }

    mutating func encodeNil(forKey key: Key) throws { putNil(key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { putFloat(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { putFloat(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { putInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { putWord(value, key) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { try putValue(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        begin(key)
        return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        begin(key)
        return FingerprintEncoder(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        begin(nil)
        return FingerprintEncoder(sink: sink)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        begin(key)
        return FingerprintEncoder(sink: sink)
    }
}

private struct UnkeyedHashContainer: UnkeyedEncodingContainer, HashWriting {
    let sink: HashSink
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(sink: HashSink) {
        self.sink = sink
    }

    func begin(_ key: (any CodingKey)?) {
        sink.mark(.element)
    }

    mutating func encodeNil() throws { count += 1; putNil(nil) }
    mutating func encode(_ value: Bool) throws { count += 1; put(value, nil) }
    mutating func encode(_ value: String) throws { count += 1; put(value, nil) }
    mutating func encode(_ value: Double) throws { count += 1; putFloat(value, nil) }
    mutating func encode(_ value: Float) throws { count += 1; putFloat(value, nil) }
    mutating func encode(_ value: Int) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: Int8) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: Int16) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: Int32) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: Int64) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: UInt) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: UInt8) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: UInt16) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: UInt32) throws { count += 1; putInteger(value, nil) }
    mutating func encode(_ value: UInt64) throws { count += 1; putWord(value, nil) }
    mutating func encode(_ value: some Encodable) throws { count += 1; try putValue(value, nil) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        begin(nil)
        return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        begin(nil)
        return FingerprintEncoder(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        begin(nil)
        return FingerprintEncoder(sink: sink)
    }
}

private struct SingleHashContainer: SingleValueEncodingContainer, HashWriting {
    let sink: HashSink
    var codingPath: [any CodingKey] { [] }

    func begin(_ key: (any CodingKey)?) {}

    mutating func encodeNil() throws { putNil(nil) }
    mutating func encode(_ value: Bool) throws { put(value, nil) }
    mutating func encode(_ value: String) throws { put(value, nil) }
    mutating func encode(_ value: Double) throws { putFloat(value, nil) }
    mutating func encode(_ value: Float) throws { putFloat(value, nil) }
    mutating func encode(_ value: Int) throws { putInteger(value, nil) }
    mutating func encode(_ value: Int8) throws { putInteger(value, nil) }
    mutating func encode(_ value: Int16) throws { putInteger(value, nil) }
    mutating func encode(_ value: Int32) throws { putInteger(value, nil) }
    mutating func encode(_ value: Int64) throws { putInteger(value, nil) }
    mutating func encode(_ value: UInt) throws { putInteger(value, nil) }
    mutating func encode(_ value: UInt8) throws { putInteger(value, nil) }
    mutating func encode(_ value: UInt16) throws { putInteger(value, nil) }
    mutating func encode(_ value: UInt32) throws { putInteger(value, nil) }
    mutating func encode(_ value: UInt64) throws { putWord(value, nil) }
    mutating func encode(_ value: some Encodable) throws { try putValue(value, nil) }
}

/// A value with its fingerprint worked out once, when it is made. As a field, it adds that
/// fingerprint, so a value that many outputs name (a post, a month's titles) is hashed once
/// per build rather than once per output, and still by every stored property.
///
/// Its properties read through: `ref.sourcePath` for `ref.value.sourcePath`.
@dynamicMemberLookup
public struct Digested<Value: Fingerprintable & Encodable & Hashable & Sendable>: Fingerprintable, Encodable, Hashable, Sendable {
    public let value: Value
    /// `Fingerprint.of(value)`.
    public let fingerprint: UInt64

    public init(_ value: Value) {
        self.value = value
        self.fingerprint = Fingerprint.of(value)
    }

    public subscript<Property>(dynamicMember keyPath: KeyPath<Value, Property>) -> Property {
        value[keyPath: keyPath]
    }

    /// Its fingerprint, which stands for every field of the value.
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(fingerprint)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fingerprint)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.fingerprint == rhs.fingerprint && lhs.value == rhs.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}
