// HandbookGen — small, dependency-free behaviour for every page. Search lives in search.js.
(function () {
  "use strict";
  var body = document.body;

  // The root page sends readers to their language; plain links remain as the fallback.
  if (body.dataset.page === "root") {
    var wantsChinese = (navigator.languages || [navigator.language || ""]).some(function (tag) {
      return /^zh\b/i.test(tag);
    });
    var target = document.querySelector('[data-language="' + (wantsChinese ? "zh-Hans" : "en") + '"]');
    if (target) location.replace(target.getAttribute("href"));
    return;
  }

  // The language switch keeps the reader at the same section.
  document.querySelectorAll("a[data-keep-hash]").forEach(function (link) {
    link.addEventListener("click", function () {
      var base = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", base + location.hash);
    });
  });

  // Copy a rule's permalink.
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var url = location.href.split("#")[0] + button.getAttribute("data-copy");
      var done = function () {
        var label = button.textContent;
        button.textContent = button.getAttribute("data-done");
        setTimeout(function () { button.textContent = label; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(done, function () { location.hash = button.getAttribute("data-copy"); });
      } else {
        location.hash = button.getAttribute("data-copy");
      }
    });
  });

  // The table of contents follows the section being read.
  var tocLinks = Array.prototype.slice.call(document.querySelectorAll(".toc a"));
  if (tocLinks.length && "IntersectionObserver" in window) {
    var byId = {};
    tocLinks.forEach(function (a) { byId[decodeURIComponent(a.hash.slice(1))] = a; });
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        tocLinks.forEach(function (a) { a.classList.remove("active"); });
        var link = byId[entry.target.id];
        if (link) link.classList.add("active");
      });
    }, { rootMargin: "0px 0px -70% 0px" });
    Object.keys(byId).forEach(function (id) {
      var heading = document.getElementById(id);
      if (heading) observer.observe(heading);
    });
  }
})();
