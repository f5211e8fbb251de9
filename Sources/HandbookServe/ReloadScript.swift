import Foundation

/// What `serve` adds to the pages it sends: a script that reloads the page after a rebuild and
/// shows a failed build's errors. The files on disk never contain it.
enum ReloadScript {
    static let path = "/__handbook/reload.js"
    static let eventsPath = "/__handbook/events"

    /// Adds the script before `</body>`, tagged with the build the page comes from. The site's
    /// Content-Security-Policy allows same-origin scripts and connections.
    static func inject(into html: Data, build: Int, assetVersions: [String: String] = [:]) -> Data {
        // Asynchronous and cached (its URL carries its own hash), so it never holds up the page.
        let tag = Data("<script src=\"\(path)?v=\(sourceVersion)\" data-build=\"\(build)\" async></script>\n".utf8)
        var result = versioningAssets(in: html, assetVersions)
        guard let end = result.range(of: Data("</body>".utf8), options: .backwards) else { return result + tag }
        result.insert(contentsOf: tag, at: end.lowerBound)
        return result
    }

    /// A reload fetches the page again but takes unchanged styles and scripts from the
    /// browser's cache: served pages link each asset with its hash (`style.css?v=…`), and such
    /// links are cached for long. A changed asset gets a new link.
    private static func versioningAssets(in html: Data, _ versions: [String: String]) -> Data {
        var result = html
        for (asset, version) in versions.sorted(by: { $0.key < $1.key }) {
            let link = Data((asset + "\"").utf8)
            let versioned = Data((asset + "?v=" + version + "\"").utf8)
            var searchStart = result.startIndex
            while let found = result.range(of: link, in: searchStart..<result.endIndex) {
                result.replaceSubrange(found, with: versioned)
                searchStart = found.lowerBound + versioned.count
            }
        }
        return result
    }

    /// `assets/…` path → a hash of its bytes.
    static func versions(of files: [String: Data]) -> [String: String] {
        var versions: [String: String] = [:]
        for (path, data) in files where path.hasPrefix("assets/") { versions[path] = version(of: data) }
        return versions
    }

    static let sourceVersion = version(of: Data(source.utf8))

    /// FNV-1a of the bytes, in hex.
    private static func version(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Through the buffer: iterating `Data` itself is several times slower.
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    static let source = """
    // HandbookGen serve: reloads this page after each rebuild and shows a failed build's errors.
    (function () {
      "use strict";
      var loaded = document.currentScript.getAttribute("data-build");
      var events = new EventSource("\(eventsPath)");
      events.addEventListener("hello", function (event) {
        if (event.data !== loaded) location.reload();
      });
      events.addEventListener("reload", function () { location.reload(); });
      events.addEventListener("failed", function (event) { show(event.data); });

      function show(text) {
        var panel = document.getElementById("handbook-build-failed");
        if (!panel) {
          panel = document.createElement("div");
          panel.id = "handbook-build-failed";
          panel.setAttribute("role", "alert");
          var style = panel.style;
          style.position = "fixed"; style.left = "0"; style.right = "0"; style.bottom = "0";
          style.maxHeight = "50vh"; style.overflow = "auto"; style.zIndex = "1000";
          style.background = "#2b0a0a"; style.color = "#ffe4e4"; style.borderTop = "4px solid #e5484d";
          style.padding = "1rem 1.25rem"; style.font = "14px/1.5 ui-monospace, monospace";
          var heading = document.createElement("strong");
          heading.textContent = "The build failed; this is the last good version.";
          var details = document.createElement("pre");
          // Its own colours: the site's <pre> (light grey in light mode) would hide pale text.
          details.style.whiteSpace = "pre-wrap"; details.style.margin = ".5rem 0 0";
          details.style.background = "transparent"; details.style.color = "inherit"; details.style.padding = "0";
          panel.appendChild(heading);
          panel.appendChild(details);
          document.body.appendChild(panel);
        }
        panel.querySelector("pre").textContent = text;
      }
    })();

    """
}
