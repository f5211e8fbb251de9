/// Encodes an `Encodable` value straight into bytes, exactly as Foundation's `JSONEncoder` does
/// with `.sortedKeys` and `.withoutEscapingSlashes` (and `.prettyPrinted` when asked): the
/// catalogue's JSON is its types' `Codable` conformance, and nothing else spells its shape.
///
/// `JSONEncoder` builds a tree of boxed values before writing a byte; this writes each value as
/// it is encoded (`JSONTextWriter`) and puts an object's members in order when the object ends,
/// in place. A container ends when the `encode(to:)` that opened it returns. Nested containers
/// (`nestedContainer`, `nestedUnkeyedContainer`) and `superEncoder` are not supported: encoding a
/// value that asks for one throws `Unsupported`. `SortedJSONEncoderTests` holds the encoder to
/// `JSONEncoder` on random documents, `JSONTextWriterTests` on the catalogue.
package enum SortedJSONEncoder {
    package struct Unsupported: Error, CustomStringConvertible {
        package var description: String
    }

    /// The document's bytes, without a line break after it. `scriptSafe`: strings escaped for a
    /// script as `JSONTextWriter` escapes them; `capacity`: the bytes to reserve; `scratchLimit`:
    /// `JSONTextWriter`'s (tests sort every object in place with 0).
    package static func encode<Value: Encodable>(_ value: Value, pretty: Bool, scriptSafe: Bool = false, capacity: Int = 0,
                                                 scratchLimit: Int = 1 << 20) throws -> [UInt8] {
        // Made in place: a second reference to the buffer would have the first append copy it.
        let sink = Sink(writer: JSONTextWriter(pretty: pretty, scriptSafe: scriptSafe, capacity: capacity))
        sink.writer.scratchLimit = scratchLimit
        try sink.encode(value)
        return sink.writer.bytes
    }

    /// The document being written, shared by every container of one `encode`.
    fileprivate final class Sink {
        var writer: JSONTextWriter

        init(writer: JSONTextWriter) {
            self.writer = writer
        }

        /// Writes one value through its `encode(to:)`, whose containers are ended when it returns
        /// (the containers write numbers, flags and strings with their own overloads). A value
        /// that encodes nothing is `{}`, as `JSONEncoder` writes it.
        func encode<Value: Encodable>(_ value: Value) throws {
            // Most generic values are strings in lists: written without the round trip.
            if Value.self == String.self { return writer.value(value as! String) }
            let depth = writer.depth
            let length = writer.bytes.count
            try value.encode(to: ValueEncoder(sink: self))
            guard writer.depth > depth || writer.bytes.count > length else {
                writer.beginObject()
                writer.endObject()
                return
            }
            while writer.depth > depth { writer.endContainer() }
        }

        /// `JSONEncoder` refuses a number JSON cannot hold.
        func write(_ number: Double) throws {
            guard number.isFinite else { throw Unsupported(description: "\(number) is not a valid JSON number") }
            writer.value(number)
        }

        func write(_ number: Float) throws {
            guard number.isFinite else { throw Unsupported(description: "\(number) is not a valid JSON number") }
            writer.value(number)
        }
    }

    private struct ValueEncoder: Encoder {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            sink.writer.beginObject(sortingMembers: true)
            return KeyedEncodingContainer(KeyedContainer<Key>(sink: sink))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            sink.writer.beginArray()
            return UnkeyedContainer(sink: sink)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(sink: sink) }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            sink.writer.key(key.stringValue)
            sink.writer.null()
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            sink.writer.key(key.stringValue)
            sink.writer.value(value)
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            sink.writer.key(key.stringValue)
            sink.writer.value(value)
        }

        mutating func encode(_ value: Double, forKey key: Key) throws {
            sink.writer.key(key.stringValue)
            try sink.write(value)
        }

        mutating func encode(_ value: Float, forKey key: Key) throws {
            sink.writer.key(key.stringValue)
            try sink.write(value)
        }

        mutating func encode(_ value: Int, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { sink.writer.key(key.stringValue); sink.writer.value(value) }

        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            sink.writer.key(key.stringValue)
            try sink.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Refusing<NestedKey>())
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Refusing<Key>() }
        mutating func superEncoder() -> any Encoder { RefusingEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder() }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }
        var count = 0

        mutating func encodeNil() throws {
            sink.writer.null()
            count += 1
        }

        mutating func encode(_ value: String) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: Bool) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: Double) throws { try sink.write(value); count += 1 }
        mutating func encode(_ value: Float) throws { try sink.write(value); count += 1 }
        mutating func encode(_ value: Int) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: Int8) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: Int16) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: Int32) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: Int64) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: UInt) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: UInt8) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: UInt16) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: UInt32) throws { sink.writer.value(value); count += 1 }
        mutating func encode(_ value: UInt64) throws { sink.writer.value(value); count += 1 }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            try sink.encode(value)
            count += 1
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Refusing<NestedKey>())
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Refusing<AnyKey>() }
        mutating func superEncoder() -> any Encoder { RefusingEncoder() }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.writer.null() }
        mutating func encode(_ value: String) throws { sink.writer.value(value) }
        mutating func encode(_ value: Bool) throws { sink.writer.value(value) }
        mutating func encode(_ value: Double) throws { try sink.write(value) }
        mutating func encode(_ value: Float) throws { try sink.write(value) }
        mutating func encode(_ value: Int) throws { sink.writer.value(value) }
        mutating func encode(_ value: Int8) throws { sink.writer.value(value) }
        mutating func encode(_ value: Int16) throws { sink.writer.value(value) }
        mutating func encode(_ value: Int32) throws { sink.writer.value(value) }
        mutating func encode(_ value: Int64) throws { sink.writer.value(value) }
        mutating func encode(_ value: UInt) throws { sink.writer.value(value) }
        mutating func encode(_ value: UInt8) throws { sink.writer.value(value) }
        mutating func encode(_ value: UInt16) throws { sink.writer.value(value) }
        mutating func encode(_ value: UInt32) throws { sink.writer.value(value) }
        mutating func encode(_ value: UInt64) throws { sink.writer.value(value) }
        mutating func encode<Value: Encodable>(_ value: Value) throws { try sink.encode(value) }
    }

    // What a nested container or a super encoder is given: every use throws.

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let refusal = Unsupported(description: "SortedJSONEncoder does not support nested containers or super encoders")

    private struct Refusing<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }

        mutating func encodeNil(forKey key: Key) throws { throw refusal }
        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { throw refusal }
        mutating func encodeNil() throws { throw refusal }
        mutating func encode<Value: Encodable>(_ value: Value) throws { throw refusal }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Refusing<NestedKey>())
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Refusing<NestedKey>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { RefusingEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder() }
    }

    private struct RefusingEncoder: Encoder {
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(Refusing<Key>()) }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { Refusing<AnyKey>() }
        func singleValueContainer() -> any SingleValueEncodingContainer { RefusingSingleValue() }
    }

    private struct RefusingSingleValue: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws { throw refusal }
        mutating func encode<Value: Encodable>(_ value: Value) throws { throw refusal }
    }
}
