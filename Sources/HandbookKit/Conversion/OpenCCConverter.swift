import COpenCC
import Foundation
import Synchronization

/// An OpenCC converter (`opencc_open`) for one configuration, such as `s2twp` (Simplified
/// Chinese to Taiwan usage, with phrases). All of HandbookGen's calls into OpenCC are in this
/// file.
///
/// Opening a converter reads its dictionaries, which is slow, so each configuration is opened
/// once per process (`shared(_:)`) and kept. OpenCC's header documents every C function but
/// `opencc_error` as thread-safe: one converter serves every core at once, and only the opening,
/// which may read `opencc_error`, is done under a lock.
final class OpenCCConverter: @unchecked Sendable {
    private let handle: opencc_t
    /// The configuration as the handbook names it (`s2twp`).
    let configuration: String

    private init(handle: opencc_t, configuration: String) {
        self.handle = handle
        self.configuration = configuration
    }

    deinit { opencc_close(handle) }

    /// Why a configuration could not be opened.
    struct OpenFailure: Error, CustomStringConvertible {
        var configuration: String
        var reason: String
        var description: String {
            "cannot open OpenCC's '\(configuration)' conversion (\(reason)); install OpenCC (Debian: "
                + "apt-get install libopencc-dev; macOS: brew install opencc; scripts/install-deps.sh does)"
        }
    }

    /// Where OpenCC's configurations and dictionaries are looked for, before the folder the
    /// library was built with: Debian's, then Homebrew's (Apple silicon, then Intel).
    static var dataFolders: [String] {
        #if canImport(Darwin)
        ["/opt/homebrew/share/opencc", "/usr/local/share/opencc", "/usr/share/opencc"]
        #else
        ["/usr/share/opencc", "/opt/homebrew/share/opencc", "/usr/local/share/opencc"]
        #endif
    }

    private static let opened = Mutex<[String: Result<OpenCCConverter, OpenFailure>]>([:])

    /// The process's converter for `configuration` (`s2twp` or `s2twp.json`), opened on first use.
    static func shared(_ configuration: String) -> Result<OpenCCConverter, OpenFailure> {
        opened.withLock { opened in
            if let converter = opened[configuration] { return converter }
            let result = open(configuration)
            opened[configuration] = result
            return result
        }
    }

    private static func open(_ configuration: String) -> Result<OpenCCConverter, OpenFailure> {
        let name = configuration.hasSuffix(".json") ? configuration : configuration + ".json"
        guard !name.contains("/"), !name.hasPrefix(".") else {
            return .failure(OpenFailure(configuration: configuration, reason: "a configuration is named, not given as a path"))
        }
        // A configuration names its dictionaries relative to its own folder: the full path of
        // the first folder that has it, or else the bare name for OpenCC's built-in folder.
        let path = dataFolders.map { $0 + "/" + name }.first { FileManager.default.isReadableFile(atPath: $0) } ?? name
        let handle = opencc_open(path)
        guard let handle, UInt(bitPattern: handle) != UInt.max else {
            let reason = opencc_error().map { String(cString: $0) } ?? "unknown error"
            return .failure(OpenFailure(configuration: configuration, reason: reason))
        }
        return .success(OpenCCConverter(handle: handle, configuration: configuration))
    }

    /// `bytes` (UTF-8 without NUL) converted, appended to `output`; nil when OpenCC fails.
    func convert(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        let converted = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            opencc_convert_utf8(handle, $0, bytes.count)
        }
        guard let converted else { return false }
        defer { opencc_convert_utf8_free(converted) }
        let length = strlen(converted)
        converted.withMemoryRebound(to: UInt8.self, capacity: length) {
            output.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return true
    }
}
