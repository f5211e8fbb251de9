// HandbookGen — small, dependency-free behaviour for every page. Search lives in search.js.
(function () {
  "use strict";
  var body = document.body;
  var root = document.documentElement;
  function make(tag) { return document.createElement(tag); }

  // The theme: light, dark or the system's, kept for every page (theme.js applies the stored
  // one before the page is drawn; this is the switch).
  function storedTheme() {
    try { return localStorage.getItem("handbook-theme") || "auto"; } catch (e) { return "auto"; }
  }
  function applyTheme(theme) {
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
    else root.removeAttribute("data-theme");
  }

  // Search loads on first use (focus, "/", or a query in the URL): pages stay light.
  var searchField = document.getElementById("search-input");
  var searchLoading = false;
  function loadSearch() {
    if (searchLoading || !searchField) return;
    searchLoading = true;
    var index = make("script");
    index.src = searchField.getAttribute("data-index");
    index.onload = function () {
      var script = make("script");
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
    var slash = event.key === "/" && tag !== "input" && tag !== "textarea" && tag !== "select" && !event.target.isContentEditable;
    var commandK = (event.key === "k" || event.key === "K") && (event.metaKey || event.ctrlKey) && !event.altKey;
    if (searchField && (slash || commandK)) {
      event.preventDefault();
      searchField.focus();
      searchField.select();
    }
  });

  var themes = document.querySelector("[data-themes]");
  if (themes) {
    var names = themes.getAttribute("data-themes").split("|");
    var select = themes.appendChild(make("select"));
    select.id = select.className = "theme-select";
    select.setAttribute("aria-label", names[0]);
    ["auto", "light", "dark"].forEach(function (value, i) { select.add(new Option(names[i + 1], value)); });
    select.value = storedTheme();
    select.onchange = function () {
      try { localStorage.setItem("handbook-theme", select.value); } catch (e) { /* this page only */ }
      applyTheme(select.value);
    };
  }

  // Anchors stop below the sticky header.
  var header = document.querySelector(".site-header");
  function measureHeader() { if (header) root.style.setProperty("--header-h", header.offsetHeight + "px"); }
  measureHeader();
  window.addEventListener("resize", measureHeader);
  var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView({ behavior: "instant" });

  // The sidebar filter lives in search.js, which it loads.
  var navFilter = document.getElementById("nav-filter");
  if (navFilter) {
    navFilter.addEventListener("focus", loadSearch);
    navFilter.addEventListener("input", loadSearch);
  }

  // On phones the contents start folded, so the page's own text comes first.
  var navDetails = document.querySelector(".nav-details");
  if (navDetails && window.matchMedia && window.matchMedia("(max-width: 48rem)").matches) navDetails.open = false;
  // Phones and tablets: "on this page" starts folded above the text.
  var tocDetails = document.querySelector(".toc details");
  if (tocDetails && matchMedia("(max-width: 72rem)").matches) tocDetails.open = false;

  // Each part of the sidebar folds. A page lists its own part's chapters only; another part's
  // come from <lang>/chapters.js, loaded on first use (a script: it works from file://).
  var parts = document.querySelector(".nav-parts[data-chapters]"), chapters = [];
  if (parts) parts.querySelectorAll(".nav-part").forEach(function (part, index) {
    var link = part.firstElementChild, list = part.querySelector("ul");
    var toggle = part.insertBefore(make("button"), link);
    toggle.type = "button";
    toggle.className = "nav-toggle";
    toggle.setAttribute("aria-label", parts.getAttribute("data-toggle").replace("%s", link.textContent));
    toggle.setAttribute("aria-expanded", !!list);
    function show(open) {
      toggle.setAttribute("aria-expanded", open);
      part.classList.toggle("open", open);
      if (list) list.hidden = !open;
    }
    toggle.onclick = function () {
      var open = toggle.getAttribute("aria-expanded") != "true";
      if (list || !open) return show(open);
      chapters.push(function () {
        list = part.appendChild(make("ul"));
        window.HANDBOOK_CHAPTERS[index].forEach(function (chapter) {
          var a = list.appendChild(make("li")).appendChild(make("a"));
          a.textContent = chapter[0];
          a.href = body.dataset.root + chapter[1];
        });
        show(true);
      });
      if (window.HANDBOOK_CHAPTERS) return chapters.pop()();
      var script = make("script");
      script.src = parts.getAttribute("data-chapters");
      script.onload = function () { while (chapters.length) chapters.shift()(); };
      document.head.appendChild(script);
    };
  });

  // The sidebar opens scrolled to the current chapter.
  var sidebar = document.querySelector(".sidebar");
  var currentLink = sidebar && sidebar.querySelector('a[aria-current="page"]');
  if (currentLink && sidebar.scrollHeight > sidebar.clientHeight) {
    sidebar.scrollTop += currentLink.getBoundingClientRect().top - sidebar.getBoundingClientRect().top - sidebar.clientHeight / 3;
  }

  // The language switch keeps the reader at the same section, and the search page its query.
  var switches = document.querySelectorAll("a.language-switch");
  switches.forEach(function (link) {
    link.addEventListener("click", function () {
      var base = link.getAttribute("href").split("#")[0].split("?")[0];
      link.setAttribute("href", base + (body.dataset.page === "search" ? location.search : "") + location.hash);
    });
  });

  // Per rule: its id, a button that copies its permalink, links to it in the other languages.
  document.querySelectorAll(".rule-meta").forEach(function (meta) {
    var anchor = meta.parentNode.id;
    meta.parentNode.setAttribute("data-rule-id", meta.firstChild.textContent);
    switches.forEach(function (other) {
      var link = meta.appendChild(make("a"));
      link.className = "other-language";
      link.href = other.getAttribute("href").split("#")[0] + "#" + anchor;
      link.lang = link.hreflang = other.lang;
      link.textContent = other.textContent;
    });
    var button = make("button");
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

  // The card of a term link loads on first use (terms.js).
  var terms = null;
  function termsOnFirstUse(event) {
    var link = event.target.closest && event.target.closest('a.xref[href*="glossary.html#term-"]');
    if (!link) return;
    if (event.type === "click" && event.pointerType === "touch" && !window.HandbookTerms) event.preventDefault();
    if (terms) return;
    terms = make("script");
    terms.src = body.dataset.root + "assets/terms.js";
    terms.onload = function () { window.HandbookTerms(link, event.type); };
    document.head.appendChild(terms);
  }
  ["mouseover", "focusin", "click"].forEach(function (type) { document.addEventListener(type, termsOnFirstUse); });
})();
