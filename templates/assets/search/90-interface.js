// HandbookGen search: instant, bilingual, offline — the page. The index is
// window.HANDBOOK_SEARCH_INDEX, loaded by <lang>/search-index.js (a script, so it works from
// file://; site.js loads both on first use). Shape: docs/search-index.md.
// A large index keeps its records in chunks, <lang>/search-index/<n>.js, each a script that
// calls HANDBOOK_SEARCH_CHUNK: a query loads those the head's directory says can hold a match.
// The modules before this one do the rest without the DOM: 10-text.js (HandbookSearchText,
// normalising and matching), 20-index.js (HandbookSearchIndex, records, postings, chunks and
// their directory), 30-query.js (HandbookSearchQuery, alternatives, ranking, facets, typos).
// This one is the field, the dropdown, the search page with its facets and groups, the URL,
// chunk loading by script tags, the sidebar filter and window.HandbookSearch (tests' hooks).
// Results are built with DOM nodes and textContent only.
(function () {
  "use strict";
  var data = window.HANDBOOK_SEARCH_INDEX;
  var input = document.getElementById("search-input");
  if (!data || !input) return;

  var KINDS = { c: "chapter", s: "section", r: "rule", t: "term" };
  var root = document.body.getAttribute("data-root") || "";
  var searchPage = input.getAttribute("data-search-page");
  var onSearchPage = document.body.getAttribute("data-page") === "search";
  var panel = document.getElementById("search-panel");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var pageContainer = document.getElementById("search-page");

  var searchText = HandbookSearchText(data.variants);
  var normalize = searchText.normalize, normalizeWithMap = searchText.normalizeWithMap;
  var isHanCode = searchText.isHanCode, find = searchText.find;
  var index = HandbookSearchIndex(data, searchText);
  var engine = HandbookSearchQuery(data, index, searchText);
  var chunked = index.chunked;

  // ---- chunks: loaded by script tags (so that file:// works), each calling this ----
  var inFlight = 0, whenIdle = [], lastRender = 0;
  var chunkFolder = (input.getAttribute("data-index") || "search-index.js").replace(/[^\/]*$/, "") + "search-index/";
  window.HANDBOOK_SEARCH_CHUNK = index.receive;
  // At most four scripts at a time, in the order asked for: on a slow link the first chunks
  // arrive, and their results show, before the others.
  var queue = [];
  function request(names) {
    names.forEach(function (name) {
      if (index.chunkState(name)) return;
      index.setChunkState(name, 1);
      queue.push(name);
    });
    while (inFlight < 4 && queue.length) fetchChunk(queue.shift());
  }
  function fetchChunk(name) {
    inFlight++;
    var script = document.createElement("script");
    script.src = chunkFolder + name + ".js";
    script.setAttribute("data-search-chunk", name);
    script.onload = script.onerror = function () {
      if (index.chunkState(name) === 1) index.setChunkState(name, 3);
      inFlight--;
      if (queue.length) fetchChunk(queue.shift());
      arrived();
    };
    document.head.appendChild(script);
  }
  // Results show as chunks arrive (at once while none is shown, then at most every 150 ms) and
  // once more when the last is in.
  function arrived() {
    if ((inFlight === 0 || !current.length || performance.now() - lastRender > 150) && state.query.trim() &&
        (onSearchPage || document.activeElement === input)) render();
    if (inFlight === 0 && !queue.length) whenIdle.splice(0).forEach(function (done) { done(); });
  }

  // The query and the facets chosen (docs/search-index.md, Matching): the search page shows
  // current records only until another status is chosen.
  var state = { query: "", scopes: [], edition: "", advice: [], status: null };
  function statuses() { return state.status || (onSearchPage ? ["current"] : []); }
  function choice() {
    return { scopes: state.scopes, edition: state.edition, advice: state.advice, status: statuses() };
  }
  function search(query, limit) { return engine.search(query, limit, choice()); }
  function chosen(group) { return engine.chosen(choice(), group); }

  // The "did you mean" line over the results, in the dropdown and on the search page, and
  // before the count the live region announces.
  function explain(suggestion) {
    [panel, pageContainer].forEach(function (container) {
      if (!container) return;
      var old = container.querySelector(".did-you-mean");
      if (old) old.remove();
      if (!suggestion || (container === panel) === onSearchPage) return;
      var template = panel.getAttribute("data-did-you-mean") || "Did you mean %s?", at = template.indexOf("%s");
      var line = document.createElement("p");
      line.className = "did-you-mean meta";
      line.appendChild(document.createTextNode(template.slice(0, Math.max(at, 0))));
      var button = document.createElement("button");
      button.type = "button";
      button.className = "chip";
      button.textContent = suggestion;
      button.addEventListener("mousedown", function (event) { event.preventDefault(); });
      button.addEventListener("click", function () {
        input.value = suggestion;
        state.query = suggestion;
        update(true);
        if (!onSearchPage) input.focus();
      });
      line.appendChild(button);
      if (at >= 0) line.appendChild(document.createTextNode(template.slice(at + 2)));
      var results = container === panel ? list : container.querySelector(".search-results");
      container.insertBefore(line, results);
      status.textContent = line.textContent + " " + status.textContent;
    });
  }

  // ---- rendering (textContent only) ----
  function highlighted(text, queryTokens) {
    var fragment = document.createDocumentFragment();
    var n = normalizeWithMap(text);
    var ranges = [];
    queryTokens.forEach(function (t) {
      var hit = find(n.text, t, isHanCode(t.charCodeAt(0)));
      if (hit >= 0) ranges.push([n.map[hit >> 2], n.map[(hit >> 2) + t.length]]);
    });
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var at = 0;
    ranges.forEach(function (r) {
      if (r[0] < at) return;
      fragment.appendChild(document.createTextNode(text.slice(at, r[0])));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(r[0], r[1]);
      fragment.appendChild(mark);
      at = r[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(at)));
    return fragment;
  }

  // About 120 characters of the record's text around the first match.
  function snippet(record, queryTokens) {
    var text = record.text, n = record.nText;
    var start = 0;
    if (n.length === text.length) {
      for (var i = 0; i < queryTokens.length; i++) {
        var hit = find(n, queryTokens[i], isHanCode(queryTokens[i].charCodeAt(0)));
        if (hit >= 0) { start = Math.max(0, (hit >> 2) - 30); break; }
      }
    }
    return (start > 0 ? "…" : "") + text.slice(start, start + 120) + (start + 120 < text.length ? "…" : "");
  }

  function kindLabel(kind) {
    return input.getAttribute("data-kind-" + KINDS[kind]) || KINDS[kind];
  }

  // In the dropdown a result is an option (no link inside: options hold no interactive
  // content); on the search page it is a list item with an ordinary link.
  function resultItem(result, index, prefix, asLink) {
    var record = result.record;
    var li = document.createElement("li");
    li.id = prefix + index;
    li.setAttribute("data-href", root + record.url);
    var link = document.createElement(asLink ? "a" : "span");
    if (asLink) {
      link.href = root + record.url;
    } else {
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
    }
    var kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = kindLabel(record.kind);
    var title = document.createElement("span");
    title.className = "title";
    title.appendChild(highlighted(record.title, result.tokens));
    link.appendChild(kind);
    link.appendChild(title);
    var context = document.createElement("span");
    context.className = "context";
    context.textContent = record.context;
    if (record.context) link.appendChild(context);
    if (record.text) {
      var text = document.createElement("span");
      text.className = "context snippet";
      text.appendChild(highlighted(snippet(record, result.tokens), result.tokens));
      link.appendChild(text);
    }
    li.appendChild(link);
    if (!asLink) {
      li.addEventListener("mousedown", function (event) {
        event.preventDefault();
        writeURL(false);
        location.href = li.getAttribute("data-href");
      });
    }
    return li;
  }

  // The chips of each facet group, with how many results each would give for the query. In
  // the dropdown: parts and result types; on the search page also advice and status, each group
  // labelled, and the edition as a list.
  function facetGroups() {
    var page = pageContainer || input;
    var label = function (name, fallback) { return page.getAttribute("data-" + name) || input.getAttribute("data-" + name) || fallback; };
    var groups = [
      ["part", data.scopes.map(function (s) { return [s[0], s[1]]; })],
      ["type", ["chapters", "sections", "rules", "terms"].filter(function (k) { return onSearchPage || k !== "chapters"; })
        .map(function (k) { return [k, label("kind-" + k.slice(0, -1), k)]; })]
    ];
    if (onSearchPage) {
      groups.push(["advice", ["do", "avoid", "consider"].map(function (k) { return [k, label("advice-" + k, k)]; })]);
      groups.push(["status", ["current", "legacy", "deprecated"].map(function (k) { return [k, label("status-" + k, k)]; })]);
    }
    return groups.map(function (g) { return { name: g[0], title: label("facet-" + g[0], g[0]), values: g[1] }; });
  }
  function isChosen(group, value) { return chosen(group).indexOf(value) >= 0; }
  function toggle(group, value) {
    if (group === "part" || group === "type") {
      var at = state.scopes.indexOf(value);
      if (at >= 0) state.scopes.splice(at, 1); else state.scopes.push(value);
    } else {
      var list = group === "advice" ? state.advice : statuses().slice();
      var index = list.indexOf(value);
      if (index >= 0) list.splice(index, 1); else list.push(value);
      if (group === "status") state.status = list.length ? list : ["current", "legacy", "deprecated"];
    }
  }

  function chips(container, counts) {
    var existing = container.querySelector(".facets");
    if (!existing) {
      existing = document.createElement("div");
      existing.className = "facets";
      facetGroups().forEach(function (group) {
        var box = document.createElement("div");
        box.className = "chips";
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", onSearchPage ? group.title : input.getAttribute("placeholder"));
        if (onSearchPage) {
          var heading = document.createElement("span");
          heading.className = "facet-title meta";
          heading.textContent = group.title;
          // Styled here, not in style.css, which every page loads.
          heading.style.minWidth = "4.5rem";
          heading.style.alignSelf = "center";
          box.appendChild(heading);
        }
        group.values.forEach(function (pair) {
          var chip = document.createElement("button");
          chip.type = "button";
          chip.className = "chip";
          chip.setAttribute("data-facet", group.name);
          chip.setAttribute("data-scope", pair[0]);
          chip.appendChild(document.createTextNode(pair[1]));
          var count = document.createElement("span");
          count.className = "count";
          chip.appendChild(count);
          chip.addEventListener("mousedown", function (event) { event.preventDefault(); });
          chip.addEventListener("click", function () {
            toggle(group.name, pair[0]);
            update(true);
            if (!onSearchPage) input.focus();
          });
          box.appendChild(chip);
        });
        existing.appendChild(box);
      });
      container.appendChild(existing);
    }
    existing.querySelectorAll("button.chip").forEach(function (chip) {
      var group = chip.getAttribute("data-facet"), value = chip.getAttribute("data-scope");
      chip.setAttribute("aria-pressed", isChosen(group, value) ? "true" : "false");
      var n = counts ? counts[group][value] || 0 : null;
      chip.querySelector(".count").textContent = n === null ? "" : " " + n;
      var empty = n === 0 && !isChosen(group, value);
      chip.classList.toggle("empty", empty);
      chip.style.color = empty ? "var(--muted)" : "";
      chip.style.borderStyle = empty ? "dashed" : "";
    });
    return existing;
  }

  // The search page's edition filter: every edition a rule was first given in, oldest first,
  // with how many results each would give.
  function editionFilter(container, counts) {
    var existing = container.querySelector(".edition-filter select");
    if (!existing) {
      var names = (data.editions || []).slice();
      var number = function (name) { var n = parseFloat(name.split(" ").pop()); return isNaN(n) ? Infinity : n; };
      names.sort(function (a, b) { return number(a) - number(b) || (a < b ? -1 : a > b ? 1 : 0); });
      var label = document.createElement("label");
      label.className = "edition-filter";
      label.textContent = (input.getAttribute("data-edition") || "Edition") + " ";
      existing = document.createElement("select");
      existing.id = "search-edition";
      [["", input.getAttribute("data-edition-all") || "All"]].concat(names.map(function (n) { return [n, n]; }))
        .forEach(function (pair) {
          var option = document.createElement("option");
          option.value = pair[0];
          option.setAttribute("data-name", pair[1]);
          option.textContent = pair[1];
          existing.appendChild(option);
        });
      existing.addEventListener("change", function () { state.edition = existing.value; update(true); });
      label.appendChild(existing);
      container.appendChild(label);
    }
    existing.value = state.edition;
    Array.prototype.forEach.call(existing.options, function (option) {
      var n = counts && option.value ? counts.edition[option.value] || 0 : null;
      option.textContent = option.getAttribute("data-name") + (n === null ? "" : " (" + n + ")");
    });
  }

  var active = -1;
  var current = [];
  // The search page shows this many results, and as many more on each "+n": of a chunked
  // index fewer, since each result shown needs its chunk.
  var PAGE = chunked ? 50 : 200, pageLimit = PAGE;

  function setActive(index) {
    var options = list.querySelectorAll('[role="option"]');
    if (!options.length) { active = -1; input.removeAttribute("aria-activedescendant"); return; }
    active = (index + options.length) % options.length;
    options.forEach(function (o, i) { o.setAttribute("aria-selected", i === active ? "true" : "false"); });
    input.setAttribute("aria-activedescendant", options[active].id);
    options[active].scrollIntoView({ block: "nearest" });
  }

  function announce(count) {
    var format = input.getAttribute(count === 1 ? "data-result" : "data-results") || input.getAttribute("data-results") || "%d";
    var text = count ? format.replace("%d", count) : input.getAttribute("data-no-results");
    status.textContent = text;
    return text;
  }

  function render() {
    lastRender = performance.now();
    var query = state.query;
    current = query.trim() ? search(query, onSearchPage ? pageLimit : 12) : [];
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    var shown = onSearchPage ? [] : current.slice(0, 12);
    shown.forEach(function (result, i) { list.appendChild(resultItem(result, i, "search-option-", false)); });
    var open = !onSearchPage && query.trim() !== "";
    panel.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    var summary = query.trim() ? announce(current.total) : "";
    var counts = query.trim() && current.facets ? current.facets() : null;
    if (open && !panel.querySelector(".facets")) panel.insertBefore(chips(panel, counts), list);
    else if (open) chips(panel, counts);
    if (onSearchPage && pageContainer) {
      chips(pageContainer, counts);
      editionFilter(pageContainer, counts);
      pageContainer.querySelectorAll(".search-count, .search-results, .more").forEach(function (node) { node.remove(); });
      var count = document.createElement("p");
      count.className = "meta search-count";
      count.textContent = summary;
      pageContainer.appendChild(count);
      var full = document.createElement("ul");
      full.className = "search-results";
      full.setAttribute("role", "list");
      groupedByPage(current.slice(0, pageLimit)).forEach(function (group) {
        full.appendChild(resultGroup(group));
      });
      pageContainer.appendChild(full);
      if (current.total > pageLimit) {
        var more = document.createElement("button");
        more.type = "button";
        more.className = "chip more";
        more.textContent = "+" + (current.total - pageLimit);
        more.addEventListener("click", function () { pageLimit += PAGE; render(); });
        pageContainer.appendChild(more);
      }
    }
    explain(query.trim() ? current.suggestion : "");
    if (chunked) request(index.wanted());
  }

  // The search page groups results by the page they are on (a chapter with its sections and
  // rules; a glossary term on its own), groups in the order of their best result, the chapter
  // first in its group and the other results in their own order.
  function groupedByPage(results) {
    var groups = [], byPage = Object.create(null);
    results.forEach(function (result, index) {
      var page = result.record.kind === "t" ? result.record.url : result.record.url.split("#")[0];
      var group = byPage[page];
      if (!group) groups.push(group = byPage[page] = { page: page, results: [] });
      group.results.push({ result: result, index: index });
    });
    // A chapter leads the group of its own page.
    groups.forEach(function (group) {
      var at = group.results.findIndex(function (entry) { return entry.result.record.kind === "c"; });
      if (at > 0) group.results.unshift(group.results.splice(at, 1)[0]);
    });
    return groups;
  }
  // A group: its chapter's path ("Bars › Navigation bar") over its results, unless the group is
  // one result, or the chapter itself leads it (its own result says as much). A rule under a
  // section shows the section's path: "Navigation bar › Titles" under the group's path, else
  // "Bars › Navigation bar › Titles".
  function resultGroup(group) {
    var first = group.results[0].result.record;
    var li = document.createElement("li");
    li.className = "result-group";
    li.style.padding = "0";
    if (group.results.length > 1 && first.kind !== "c" && first.context) {
      var heading = document.createElement("p");
      heading.className = "group-title meta";
      heading.style.margin = "0.5rem 0.75rem 0";
      heading.textContent = first.context.split(" · ").join(" › ");
      li.appendChild(heading);
    }
    var inner = document.createElement("ul");
    inner.setAttribute("role", "list");
    inner.style.listStyle = "none";
    inner.style.padding = "0";
    var headed = li.firstChild !== null;
    group.results.forEach(function (entry) {
      var item = resultItem(entry.result, entry.index, "search-result-", true);
      // Under the group's path each result's own "part · chapter" would say it again.
      var record = entry.result.record, context = item.querySelector(".context:not(.snippet)");
      var path = record.context.split(" · ");
      if (context && record.section) context.textContent = (headed ? path.slice(-1) : path).concat(record.section).join(" › ");
      else if (context && headed) context.remove();
      inner.appendChild(item);
    });
    li.appendChild(inner);
    return li;
  }

  function urlFor() {
    var params = new URLSearchParams();
    if (state.query) params.set("q", state.query);
    if (state.scopes.length) params.set("scope", state.scopes.join(","));
    if (state.edition) params.set("edition", state.edition);
    if (state.advice.length) params.set("advice", state.advice.join(","));
    if (state.status) params.set("status", state.status.join(","));
    var search = params.toString();
    return location.pathname + (search ? "?" + search : "") + location.hash;
  }

  // Results render on every keystroke; the URL follows once typing pauses, because a history
  // update costs as much as the search itself. A scope change is a new history entry at once.
  var urlTimer = 0;
  function writeURL(push) {
    clearTimeout(urlTimer);
    try {
      if (push) history.pushState(state, "", urlFor()); else history.replaceState(state, "", urlFor());
    } catch (e) { /* some file:// setups refuse history changes; the search still works */ }
  }
  function update(push) {
    render();
    if (push) { writeURL(true); return; }
    clearTimeout(urlTimer);
    urlTimer = setTimeout(function () { writeURL(false); }, 250);
  }

  function readURL(keepTyped) {
    var params = new URLSearchParams(location.search);
    // Text typed while this script was loading is kept.
    state.query = params.get("q") || (keepTyped ? input.value : "");
    state.scopes = (params.get("scope") || "").split(",").filter(Boolean);
    state.edition = params.get("edition") || "";
    state.advice = (params.get("advice") || "").split(",").filter(function (k) { return k in { do: 1, avoid: 1, consider: 1 }; });
    var chosenStatus = (params.get("status") || "").split(",").filter(function (k) { return k in { current: 1, legacy: 1, deprecated: 1 }; });
    state.status = chosenStatus.length ? chosenStatus : null;
    input.value = state.query;
  }

  input.addEventListener("input", function () {
    state.query = input.value;
    update(false);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { event.preventDefault(); setActive(active + 1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); setActive(active - 1); }
    else if (event.key === "Enter") {
      event.preventDefault();
      writeURL(false);  // so that Back returns to this search
      var options = list.querySelectorAll('[role="option"]');
      if (active >= 0 && options[active]) location.href = options[active].getAttribute("data-href");
      else if (onSearchPage && current.length) location.href = root + current[0].record.url;
      else if (searchPage && state.query) location.href = searchPage + "?" + new URLSearchParams({ q: state.query }).toString();
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.value = "";
      state.query = "";
      update(false);
    }
  });
  input.addEventListener("blur", function () {
    setTimeout(function () { if (!onSearchPage) { panel.hidden = true; input.setAttribute("aria-expanded", "false"); } }, 150);
  });
  input.addEventListener("focus", function () { if (state.query.trim() && !onSearchPage) render(); });
  window.addEventListener("popstate", function () { readURL(); render(); });

  readURL(true);
  if (state.query || onSearchPage) render();

  // For tests and the keystroke benchmark: the same search the field runs.
  window.HandbookSearch = {
    search: function (query) { return search(query).map(function (r) { return r.record.url; }); },
    // Calls `done` once the shards and chunks the page's search for `query` needs are loaded
    // (at once for a single index).
    whenLoaded: function (query, done) {
      (function attempt() {
        search(query, onSearchPage ? pageLimit : 12);
        var names = chunked ? index.wanted() : [];
        if (!names.length) return done();
        whenIdle.push(attempt);
        request(names);
      })();
    },
    // The files of a chunked index the page has loaded (record chunks by number, term shards
    // as "t<n>", "words" and "titles").
    loadedChunks: index.loadedChunks,
    normalize: normalize,
    // How many records match `query` (with the facets chosen), loaded or not.
    count: function (query) { return search(query, 12).total; },
    // The correction "did you mean" offers for `query`, or "".
    suggestion: function (query) { return search(query, 12).suggestion; },
    // Whether `text` matches `query` by the search's rules (used by the sidebar filter).
    matches: engine.matches
  };
  document.dispatchEvent(new Event("handbook-search-ready"));

  // The sidebar filter narrows the tree as the search matches: prefixes, Chinese substrings,
  // Traditional forms and glossary names.
  var navFilter = document.getElementById("nav-filter");
  function applyNavFilter() {
    var query = navFilter.value.trim();
    var api = window.HandbookSearch;
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
    navFilter.addEventListener("input", applyNavFilter);
    applyNavFilter();
  }
})();
