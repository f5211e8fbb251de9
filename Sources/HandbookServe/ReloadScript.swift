import Foundation

/// What `serve` adds to the pages it sends: a script that reloads the page after a rebuild and
/// shows a failed build's errors. The files on disk never contain it.
enum ReloadScript {
    static let path = "/__handbook/reload.js"
    static let eventsPath = "/__handbook/events"

    /// Adds the script before `</body>`, tagged with the build the page comes from. The site's
    /// Content-Security-Policy allows same-origin scripts and connections.
    static func inject(into html: Data, build: Int) -> Data {
        let tag = Data("<script src=\"\(path)?build=\(build)\"></script>\n".utf8)
        guard let end = html.range(of: Data("</body>".utf8), options: .backwards) else { return html + tag }
        var result = html
        result.insert(contentsOf: tag, at: end.lowerBound)
        return result
    }

    static let source = """
    // HandbookGen serve: reloads this page after each rebuild and shows a failed build's errors.
    (function () {
      "use strict";
      var loaded = new URL(document.currentScript.src).searchParams.get("build");
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
          details.style.whiteSpace = "pre-wrap"; details.style.margin = ".5rem 0 0";
          panel.appendChild(heading);
          panel.appendChild(details);
          document.body.appendChild(panel);
        }
        panel.querySelector("pre").textContent = text;
      }
    })();

    """
}
