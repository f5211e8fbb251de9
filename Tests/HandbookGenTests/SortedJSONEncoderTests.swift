import Foundation
import Testing
@testable import TextBytes

/// `SortedJSONEncoder` writes what `JSONEncoder` writes (sorted keys, slashes unescaped, pretty or
/// compact) for any value made of keyed, unkeyed and single-value containers.
@Suite struct SortedJSONEncoderTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A random document, encoded through every kind of container.
    indirect enum Value: Encodable {
        case text(String), integer(Int), small(Int8), large(UInt64), real(Double), single(Float), flag(Bool), null
        case list([Value])
        /// Members in the order they are encoded; a nil member is left out (`encodeIfPresent`).
        case object([(String, Value?)])
        case dictionary([String: Value])
        /// Members written with the container's own overloads for strings, numbers and flags.
        case scalars([(String, Value)])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text): var single = encoder.singleValueContainer(); try single.encode(text)
            case .integer(let number): var single = encoder.singleValueContainer(); try single.encode(number)
            case .small(let number): var single = encoder.singleValueContainer(); try single.encode(number)
            case .large(let number): var single = encoder.singleValueContainer(); try single.encode(number)
            case .real(let number): var single = encoder.singleValueContainer(); try single.encode(number)
            case .single(let number): var single = encoder.singleValueContainer(); try single.encode(number)
            case .flag(let flag): var single = encoder.singleValueContainer(); try single.encode(flag)
            case .null: var single = encoder.singleValueContainer(); try single.encodeNil()
            case .list(let items):
                var list = encoder.unkeyedContainer()
                for item in items { try list.encode(item) }
            case .object(let members):
                var object = encoder.container(keyedBy: Key.self)
                for (key, value) in members { try object.encodeIfPresent(value, forKey: Key(key)) }
            case .dictionary(let members):
                var single = encoder.singleValueContainer()
                try single.encode(members)
            case .scalars(let members):
                var object = encoder.container(keyedBy: Key.self)
                for (key, value) in members {
                    switch value {
                    case .text(let text): try object.encode(text, forKey: Key(key))
                    case .integer(let number): try object.encode(number, forKey: Key(key))
                    case .real(let number): try object.encode(number, forKey: Key(key))
                    case .flag(let flag): try object.encode(flag, forKey: Key(key))
                    case .null: try object.encodeNil(forKey: Key(key))
                    default: try object.encode(value, forKey: Key(key))
                    }
                }
            }
        }
    }

    /// SplitMix64: the same documents on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let keys = ["a", "b", "ab", "B", "Z", "_x", "0", "10", "9", "id", "zh-Hans", "zh-Hant", "en", "schemaVersion",
                       "scopes", "section", "sectionTitle", "é", "导", "👍", ""]
    static let texts = JSONTextWriterTests.awkward + ["https://example.com/a/b", "x"]
    static let reals: [Double] = [0, 1, -1, 44, 0.5, -2.25, 1.0 / 3, 1e-7, 123456.789, 1e14, 99999999999999.5]

    static func value(_ random: inout Generator, depth: Int) -> Value {
        let leaf = depth >= 4 || Int.random(in: 0..<3, using: &random) == 0
        if leaf {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return .text(texts.randomElement(using: &random)!)
            case 1: return .integer(Int.random(in: -1_000_000...1_000_000, using: &random))
            case 2: return .small(Int8.random(in: .min ... .max, using: &random))
            case 3: return .large(UInt64.random(in: 0 ... .max, using: &random))
            case 4: return .real(reals.randomElement(using: &random)!)
            case 5: return .single(Float(reals.randomElement(using: &random)!))
            case 6: return .flag(Bool.random(using: &random))
            default: return .null
            }
        }
        let count = Int.random(in: 0..<6, using: &random)
        let names = Array(keys.shuffled(using: &random).prefix(count))
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .list((0..<count).map { _ in value(&random, depth: depth + 1) })
        case 1: return .object(names.map { ($0, Int.random(in: 0..<4, using: &random) == 0 ? nil : value(&random, depth: depth + 1)) })
        case 2: return .dictionary(Dictionary(uniqueKeysWithValues: names.map { ($0, value(&random, depth: depth + 1)) }))
        default: return .scalars(names.map { ($0, value(&random, depth: depth + 1)) })
        }
    }

    @Test func randomDocumentsMatchJSONEncoder() throws {
        var random = Generator(state: 23)
        for number in 0..<600 {
            // A top-level value is a container, as a document's is.
            let document = Value.list([Self.value(&random, depth: 0)])
            for pretty in [true, false] {
                let expected = try JSONTextWriterTests.referenceJSON(document, pretty: pretty)
                // Objects sorted through the scratch buffer, then every object sorted in place.
                for limit in [1 << 20, 0] {
                    let written = try SortedJSONEncoder.encode(document, pretty: pretty, scratchLimit: limit)
                    #expect(written == expected, "document \(number), \(pretty ? "pretty" : "compact"), limit \(limit): \(Self.difference(written, expected))")
                }
            }
        }
    }

    /// Where two documents first differ, with some text around it.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let at = zip(a.indices, zip(a, b)).first { $1.0 != $1.1 }?.0 ?? min(a.count, b.count)
        func around(_ bytes: [UInt8]) -> String { String(decoding: bytes[max(0, at - 60)..<min(bytes.count, at + 60)], as: UTF8.self) }
        return "at \(at):\n\(around(a))\n---\n\(around(b))"
    }

    /// The catalogue's types have large members next to small ones: the small ones move past them.
    @Test func membersFarOutOfOrderAreSorted() throws {
        let long = (0..<5000).map { "rule \($0)" }
        let document = Value.object([("z", .text("last")), ("m", .list(long.map(Value.text))), ("a", .integer(1)),
                                     ("y", .object([("q", .null), ("b", .list([]))])), ("b", .dictionary([:]))])
        for pretty in [true, false] {
            for limit in [1 << 20, 0] {
                #expect(try SortedJSONEncoder.encode(document, pretty: pretty, scratchLimit: limit)
                        == (try JSONTextWriterTests.referenceJSON(document, pretty: pretty)))
            }
        }
    }

    struct Nesting: Encodable {
        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Key.self)
            var inner = object.nestedContainer(keyedBy: Key.self, forKey: Key("inner"))
            try inner.encode(1, forKey: Key("x"))
        }
    }

    @Test func nestedContainersAndInvalidNumbersAreRefused() {
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder.encode(Nesting(), pretty: true) }
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder.encode([Double.nan], pretty: true) }
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder.encode([Double.infinity], pretty: false) }
    }
}
