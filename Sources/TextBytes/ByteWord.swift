/// Tests on eight bytes at once (one unaligned 64-bit load), for scans that skip text needing
/// nothing: the usual bitwise tests for a zero byte and for a byte below a bound. Neither says
/// "no" when the answer is yes.
package enum ByteWord {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    @inlinable @inline(__always)
    package static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Whether any of the eight bytes equals `byte`.
    @inlinable @inline(__always)
    package static func contains(_ byte: UInt8, in word: UInt64) -> Bool {
        let folded = word ^ (ones &* UInt64(byte))
        return (folded &- ones) & ~folded & highs != 0
    }

    /// Whether any of the eight bytes is below `bound` (at most 128).
    @inlinable @inline(__always)
    package static func containsByte(below bound: UInt8, in word: UInt64) -> Bool {
        (word &- ones &* UInt64(bound)) & ~word & highs != 0
    }
}
