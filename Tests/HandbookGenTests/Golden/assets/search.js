// HandbookGen search: instant, bilingual, offline. The index is window.HANDBOOK_SEARCH_INDEX,
// loaded by <lang>/search-index.js (a script, so it works from file://). Shape: docs/search-index.md.
// Matching: a Latin query word matches the start of a word; a run of Han characters matches
// anywhere; Traditional characters are folded to Simplified; glossary variants and the other
// language's terms find the term. Results are built with DOM nodes and textContent only.
(function () {
  "use strict";
  var data = window.HANDBOOK_SEARCH_INDEX;
  var input = document.getElementById("search-input");
  if (!data || !input) return;

  var KINDS = { c: "chapter", s: "section", r: "rule", t: "term" };
  var KIND_ORDER = { c: 0, t: 1, s: 2, r: 3 };
  var root = document.body.getAttribute("data-root") || "";
  var searchPage = input.getAttribute("data-search-page");
  var onSearchPage = document.body.getAttribute("data-page") === "search";
  var panel = document.getElementById("search-panel");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var pageContainer = document.getElementById("search-page");

  // ---- normalisation (mirrors SearchNormalizer.swift) ----
  var variants = {};
  for (var v = 0; v + 1 < data.variants.length; v += 2) variants[data.variants[v]] = data.variants[v + 1];
  var HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
  function fold(ch) {
    var simple = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    return variants[simple] || simple;
  }
  function normalize(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) out += fold(text[i]);
    return out;
  }
  // Normalised text plus, for each of its characters, the index of the original character.
  function normalizeWithMap(text) {
    var out = "", map = [];
    for (var i = 0; i < text.length; i++) {
      var f = fold(text[i]);
      for (var j = 0; j < f.length; j++) { out += f[j]; map.push(i); }
    }
    map.push(text.length);
    return { text: out, map: map };
  }
  function tokens(query) {
    return normalize(query).match(/[\u3400-\u9fff\uf900-\ufaff]+|[\p{L}\p{N}]+/gu) || [];
  }
  function isWordChar(ch) { return /[\p{L}\p{N}]/u.test(ch) && !HAN.test(ch); }

  // Where `token` occurs in `text` as a match: Han anywhere, Latin at a word start.
  // Returns [position, wholeWord] of the best occurrence, or null.
  function find(text, token) {
    var han = HAN.test(token[0]);
    var from = 0, best = null;
    while (true) {
      var at = text.indexOf(token, from);
      if (at < 0) return best;
      var startsWord = at === 0 || !isWordChar(text[at - 1]) || (han && !HAN.test(text[at - 1]));
      if (han || startsWord) {
        var end = at + token.length;
        var whole = startsWord && (end >= text.length || !isWordChar(text[end]) || han);
        if (!best || (whole && !best[1]) || (startsWord && !best[2])) best = [at, whole, startsWord];
        if (whole) return best;
      }
      from = at + 1;
    }
  }

  // ---- records ----
  var records = data.records.map(function (r, index) {
    return {
      kind: r[0], scope: r[1], title: r[2], text: r[3], context: r[4], url: r[5], ruleID: r[6],
      order: index, nTitle: normalize(r[2]), nBody: normalize(r[3] + " " + r[4] + " " + r[6])
    };
  });
  var synonyms = data.synonyms;

  function score(record, queryTokens) {
    var total = 0, titleChars = 0;
    for (var i = 0; i < queryTokens.length; i++) {
      var t = queryTokens[i];
      var inTitle = find(record.nTitle, t);
      if (inTitle) {
        total += 100 + (inTitle[1] ? 30 : 0) + (inTitle[2] ? 20 : 0) + (inTitle[0] === 0 ? 25 : 0);
        titleChars += t.length;
        continue;
      }
      var inBody = find(record.nBody, t);
      if (!inBody) return 0;
      total += 10 + (inBody[1] ? 5 : 0) + (inBody[2] ? 3 : 0);
    }
    // The more of the title the query covers, the closer the match ("Tab Bars" before "Tab bar controller").
    total = total / queryTokens.length;
    if (titleChars) total += Math.round(40 * titleChars / Math.max(record.nTitle.length, 1));
    return total + (3 - KIND_ORDER[record.kind]);
  }

  // The query itself, plus the terms it names through the glossary (other language, variants):
  // [text, penalty]. A name typed in full counts more than one it only begins.
  function alternatives(query) {
    var q = normalize(query).trim();
    var alts = [[query, 0]];
    if (q.length < 2) return alts;
    var seen = {};
    for (var i = 0; i < synonyms.length; i++) {
      var key = synonyms[i][0], term = synonyms[i][1];
      if (seen[term]) continue;
      if (key === q) { alts.splice(1, 0, [term, 5]); seen[term] = true; }
      else if (key.indexOf(q) === 0 && q.length >= 3 && alts.length < 5) { alts.push([term, 15]); seen[term] = true; }
    }
    return alts;
  }

  var state = { query: "", scopes: [] };

  function inScope(record) {
    if (!state.scopes.length) return true;
    var scopeIDs = [], kinds = [];
    state.scopes.forEach(function (s) { (KINDS_BY_NAME[s] ? kinds : scopeIDs).push(s); });
    var scopeOK = !scopeIDs.length || (record.scope >= 0 && scopeIDs.indexOf(data.scopes[record.scope][0]) >= 0);
    var kindOK = !kinds.length || kinds.indexOf(KINDS[record.kind] + "s") >= 0;
    return scopeOK && kindOK;
  }
  var KINDS_BY_NAME = { chapters: "c", sections: "s", rules: "r", terms: "t" };

  function search(query) {
    var alts = alternatives(query);
    var best = {};
    alts.forEach(function (alt) {
      var queryTokens = tokens(alt[0]);
      if (!queryTokens.length) return;
      for (var i = 0; i < records.length; i++) {
        var record = records[i];
        if (!inScope(record)) continue;
        var s = score(record, queryTokens);
        if (s > 0) {
          s -= alt[1];
          if (!best[i] || best[i].score < s) best[i] = { record: record, score: s, tokens: queryTokens };
        }
      }
    });
    return Object.keys(best).map(function (k) { return best[k]; }).sort(function (a, b) {
      return b.score - a.score || KIND_ORDER[a.record.kind] - KIND_ORDER[b.record.kind] || a.record.order - b.record.order;
    });
  }

  // ---- rendering (textContent only) ----
  function highlighted(text, queryTokens) {
    var fragment = document.createDocumentFragment();
    var n = normalizeWithMap(text);
    var ranges = [];
    queryTokens.forEach(function (t) {
      var hit = find(n.text, t);
      if (hit) ranges.push([n.map[hit[0]], n.map[hit[0] + t.length]]);
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

  function snippet(text, queryTokens) {
    var n = normalize(text);
    for (var i = 0; i < queryTokens.length; i++) {
      var hit = find(n, queryTokens[i]);
      if (hit) {
        var start = Math.max(0, hit[0] - 30);
        return (start > 0 ? "…" : "") + text.slice(start, start + 120) + (start + 120 < text.length ? "…" : "");
      }
    }
    return text.slice(0, 120) + (text.length > 120 ? "…" : "");
  }

  function kindLabel(kind) {
    return input.getAttribute("data-kind-" + KINDS[kind]) || KINDS[kind];
  }

  function resultItem(result, index, prefix) {
    var record = result.record;
    var li = document.createElement("li");
    li.setAttribute("role", "option");
    li.id = prefix + index;
    li.setAttribute("aria-selected", "false");
    var link = document.createElement("a");
    link.href = root + record.url;
    link.tabIndex = -1;
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
      text.appendChild(highlighted(snippet(record.text, result.tokens), result.tokens));
      link.appendChild(text);
    }
    li.appendChild(link);
    li.addEventListener("mousedown", function (event) { event.preventDefault(); location.href = link.href; });
    return li;
  }

  function chips(container) {
    var group = document.createElement("div");
    group.className = "chips";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", input.getAttribute("placeholder"));
    var names = data.scopes.map(function (s) { return [s[0], s[1]]; }).concat(
      ["rules", "sections", "terms"].map(function (k) { return [k, input.getAttribute("data-kind-" + k.slice(0, -1)) || k]; }));
    names.forEach(function (pair) {
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip";
      chip.setAttribute("data-scope", pair[0]);
      chip.setAttribute("aria-pressed", state.scopes.indexOf(pair[0]) >= 0 ? "true" : "false");
      chip.textContent = pair[1];
      chip.addEventListener("mousedown", function (event) { event.preventDefault(); });
      chip.addEventListener("click", function () {
        var at = state.scopes.indexOf(pair[0]);
        if (at >= 0) state.scopes.splice(at, 1); else state.scopes.push(pair[0]);
        update(true);
        if (!onSearchPage) input.focus();
      });
      group.appendChild(chip);
    });
    container.appendChild(group);
  }

  var active = -1;
  var current = [];

  function setActive(index) {
    var options = list.querySelectorAll('[role="option"]');
    if (!options.length) { active = -1; input.removeAttribute("aria-activedescendant"); return; }
    active = (index + options.length) % options.length;
    options.forEach(function (o, i) { o.setAttribute("aria-selected", i === active ? "true" : "false"); });
    input.setAttribute("aria-activedescendant", options[active].id);
    options[active].scrollIntoView({ block: "nearest" });
  }

  function announce(count) {
    var text = count ? (input.getAttribute("data-results") || "%d").replace("%d", count) : input.getAttribute("data-no-results");
    status.textContent = text;
    return text;
  }

  function render() {
    var query = state.query;
    current = query.trim() ? search(query) : [];
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    var shown = onSearchPage ? [] : current.slice(0, 12);
    shown.forEach(function (result, i) { list.appendChild(resultItem(result, i, "search-option-")); });
    var open = !onSearchPage && query.trim() !== "";
    panel.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    var summary = query.trim() ? announce(current.length) : "";
    if (open) {
      var chipRow = panel.querySelector(".chips");
      if (chipRow) chipRow.remove();
      chips(panel);
      panel.insertBefore(panel.querySelector(".chips"), list);
    }
    if (onSearchPage && pageContainer) {
      pageContainer.textContent = "";
      chips(pageContainer);
      var count = document.createElement("p");
      count.className = "meta";
      count.textContent = summary;
      pageContainer.appendChild(count);
      var full = document.createElement("ul");
      full.className = "search-results";
      full.setAttribute("role", "list");
      current.forEach(function (result, i) {
        var item = resultItem(result, i, "search-result-");
        item.setAttribute("role", "listitem");
        item.removeAttribute("aria-selected");
        item.querySelector("a").tabIndex = 0;
        full.appendChild(item);
      });
      pageContainer.appendChild(full);
    }
  }

  function urlFor() {
    var params = new URLSearchParams();
    if (state.query) params.set("q", state.query);
    if (state.scopes.length) params.set("scope", state.scopes.join(","));
    var search = params.toString();
    return location.pathname + (search ? "?" + search : "") + location.hash;
  }

  function update(push) {
    render();
    try {
      if (push) history.pushState(state, "", urlFor()); else history.replaceState(state, "", urlFor());
    } catch (e) { /* some file:// setups refuse history changes; the search still works */ }
  }

  function readURL() {
    var params = new URLSearchParams(location.search);
    state.query = params.get("q") || "";
    state.scopes = (params.get("scope") || "").split(",").filter(Boolean);
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
      var options = list.querySelectorAll('[role="option"] a');
      if (active >= 0 && options[active]) location.href = options[active].href;
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
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (event.key === "/" && tag !== "input" && tag !== "textarea" && !event.target.isContentEditable) {
      event.preventDefault();
      input.focus();
    }
  });
  window.addEventListener("popstate", function () { readURL(); render(); });

  readURL();
  if (state.query || onSearchPage) render();

  // For tests and the keystroke benchmark: the same search the field runs.
  window.HandbookSearch = {
    search: function (query) { return search(query).map(function (r) { return r.record.url; }); },
    normalize: normalize
  };
})();
