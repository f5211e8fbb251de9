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

  // Search loads on first use (focus, "/", or a query in the URL): pages stay light.
  var searchField = document.getElementById("search-input");
  var searchLoading = false;
  function loadSearch() {
    if (searchLoading || !searchField) return;
    searchLoading = true;
    var index = document.createElement("script");
    index.src = searchField.getAttribute("data-index");
    index.onload = function () {
      var script = document.createElement("script");
      script.src = searchField.getAttribute("data-script");
      document.head.appendChild(script);
    };
    document.head.appendChild(index);
  }
  if (searchField) {
    searchField.addEventListener("focus", loadSearch);
    searchField.addEventListener("input", loadSearch);
    if (body.dataset.page === "search" || /[?&]q=/.test(location.search)) loadSearch();
  }
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (event.key === "/" && searchField && tag !== "input" && tag !== "textarea" && !event.target.isContentEditable) {
      event.preventDefault();
      searchField.focus();
    }
  });

  // The sidebar filter narrows the tree as the search matches: prefixes, Chinese substrings,
  // Traditional forms and glossary names.
  var navFilter = document.getElementById("nav-filter");
  function applyNavFilter() {
    var query = navFilter.value.trim();
    var api = window.HandbookSearch;
    if (query && !api) return loadSearch();
    navFilter.closest(".sidebar").classList.toggle("filtering", !!query);
    document.querySelectorAll(".nav-parts > li").forEach(function (part) {
      var partMatches = !query || api.matches(query, part.querySelector("a").textContent);
      var any = false;
      part.querySelectorAll("ul li").forEach(function (item) {
        var visible = partMatches || api.matches(query, item.textContent);
        item.hidden = !visible;
        any = any || visible;
      });
      part.hidden = !(partMatches || any);
    });
  }
  if (navFilter) {
    navFilter.addEventListener("focus", loadSearch);
    navFilter.addEventListener("input", applyNavFilter);
    document.addEventListener("handbook-search-ready", applyNavFilter);
  }

  // On phones the contents start folded, so the page's own text comes first.
  var navDetails = document.querySelector(".nav-details");
  if (navDetails && window.matchMedia && window.matchMedia("(max-width: 48rem)").matches) navDetails.open = false;

  // The language switch keeps the reader at the same section.
  document.querySelectorAll("a[data-keep-hash]").forEach(function (link) {
    link.addEventListener("click", function () {
      var base = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", base + location.hash);
    });
  });

  // A button on every rule that copies its permalink (the id link works without it).
  document.querySelectorAll(".rule-meta").forEach(function (meta) {
    var anchor = meta.parentNode.id;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-link";
    button.textContent = body.getAttribute("data-copy");
    button.addEventListener("click", function () {
      var url = location.href.split("#")[0] + "#" + anchor;
      var done = function () {
        button.textContent = body.getAttribute("data-copied");
        setTimeout(function () { button.textContent = body.getAttribute("data-copy"); }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(done, function () { location.hash = anchor; });
      } else {
        location.hash = anchor;
        done();
      }
    });
    meta.insertBefore(button, meta.children[1]);
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
