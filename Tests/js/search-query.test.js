// search.js's index and query modules under node (`node --test Tests/js`): a small index in
// the shape of docs/search-index.md (version 4), searched as the site searches it.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const path = require("node:path");
const folder = path.join(__dirname, "../../templates/assets/search");
const HandbookSearchText = require(path.join(folder, "10-text.js"));
const HandbookSearchIndex = require(path.join(folder, "20-index.js"));
const HandbookSearchQuery = require(path.join(folder, "30-query.js"));

// [kind, scope, title, text, context, url, ruleID, edition, section, pinyin?]
const RECORDS = [
  ["c", 0, "Navigation bars", "A navigation bar sits at the top of the screen.", "Bars", "en/bars/navigation.html", "", "", ""],
  ["rd", 0, "Use short titles", "Keep the navigation bar's title short; a button may sit beside it.", "Bars · Navigation bars",
    "en/bars/navigation.html#short-titles", "bars.navigation.short-titles", "iOS 7", "Titles"],
  ["c", 1, "Buttons", "Buttons start actions.", "Controls", "en/controls/buttons.html", "", "", ""],
  ["ra", 1, "Avoid vague labels", "A button labelled OK says little.", "Controls · Buttons",
    "en/controls/buttons.html#vague", "controls.buttons.vague", "iOS 12", ""],
  ["c", 0, "导航栏", "導航欄位于屏幕顶部。", "栏", "zh/bars/navigation.html", "", "", ""],
  ["rc", 0, "标签栏的图标", "使用导航栏时，标签栏仍然可见。", "栏 · 标签栏", "zh/bars/tab-bars.html#icons", "lan.icons", "iOS 7", ""],
  ["t", -1, "标签栏", "屏幕底部的栏。", "", "zh/glossary.html#tab-bar", "", "", ""],
  ["rcl", 1, "Button labels", "Name the action.", "Controls · Buttons", "en/controls/buttons.html#labels",
    "controls.buttons.labels", "iOS 7", ""]
];

function indexData(changes) {
  return Object.assign({
    version: 3, language: "zh-Hans",
    scopes: [["bars", "Bars"], ["controls", "Controls"]],
    records: RECORDS, variants: "導导欄栏", synonyms: [["tab bar", "标签栏"]],
    readings: "biao标dao导hang航lan栏qian签", editions: ["iOS 12", "iOS 7"]
  }, changes || {});
}
function searcher(data) {
  const text = HandbookSearchText(data.variants);
  const index = HandbookSearchIndex(data, text);
  return { index, query: HandbookSearchQuery(data, index, text) };
}
const ALL = { scopes: [], edition: "", advice: [], status: [] };
function urls(data, query, limit, choice) {
  return searcher(data).query.search(query, limit, choice || ALL).map((r) => r.record.url);
}

test("a Latin prefix finds the records holding a word it begins", () => {
  const found = urls(indexData(), "navig");
  assert.deepStrictEqual(found.slice().sort(), ["en/bars/navigation.html", "en/bars/navigation.html#short-titles"]);
  assert.deepStrictEqual(urls(indexData(), "vig"), [], "only at a word's start");
});

test("a Chinese substring finds the records holding it, Traditional folded", () => {
  assert.deepStrictEqual(urls(indexData(), "航栏"), ["zh/bars/navigation.html", "zh/bars/tab-bars.html#icons"]);
  assert.deepStrictEqual(urls(indexData(), "航欄"), ["zh/bars/navigation.html", "zh/bars/tab-bars.html#icons"]);
  assert.deepStrictEqual(urls(indexData(), "顶部"), ["zh/bars/navigation.html"], "in the Traditional body, normalised");
});

test("a match in the title comes before one in the body", () => {
  const found = urls(indexData(), "button");
  // "Button labels" is the last record and a rule, yet its title holds the word whole.
  assert.deepStrictEqual(found.slice(0, 2), ["en/controls/buttons.html#labels", "en/controls/buttons.html"]);
  assert.deepStrictEqual(found.slice(2).sort(), ["en/bars/navigation.html#short-titles", "en/controls/buttons.html#vague"]);
  const results = searcher(indexData()).query.search("button", 0, ALL);
  assert.ok(results[1].score > results[2].score);
  assert.strictEqual(results.total, 4);
});

test("a glossary synonym is an alternative of the query", () => {
  const { query } = searcher(indexData());
  assert.deepStrictEqual(query.alternatives("Tab Bar"), [["Tab Bar", 0], ["标签栏", 5]]);
  assert.deepStrictEqual(urls(indexData(), "tab bar"), ["zh/glossary.html#tab-bar", "zh/bars/tab-bars.html#icons"]);
  assert.deepStrictEqual(urls(indexData({ synonyms: [] }), "tab bar"), []);
  // Begun from three characters on, at a larger penalty.
  assert.deepStrictEqual(query.alternatives("tab"), [["tab", 0], ["标签栏", 15]]);
});

test("pinyin initials spell a Han title with the index's readings", () => {
  const { query } = searcher(indexData());
  assert.deepStrictEqual(query.alternatives("dhl"), [["dhl", 0], ["导航栏", 6]]);
  assert.deepStrictEqual(urls(indexData(), "dhl")[0], "zh/bars/navigation.html");
  assert.deepStrictEqual(urls(indexData(), "dao hang lan")[0], "zh/bars/navigation.html");
  assert.deepStrictEqual(query.alternatives("bql").map((a) => a[0]), ["bql", "标签栏"]);
  assert.deepStrictEqual(urls(indexData({ readings: "" }), "dhl"), []);
});

test("a typo one edit away is corrected", () => {
  const { query } = searcher(indexData());
  const results = query.search("navigatoin", 12, ALL);
  assert.strictEqual(results.suggestion, "navigation");
  assert.deepStrictEqual(results.map((r) => r.record.url).sort(), ["en/bars/navigation.html", "en/bars/navigation.html#short-titles"]);
  assert.strictEqual(query.search("navigation", 12, ALL).suggestion, "");
  assert.strictEqual(query.editKind("navigaton", "navigation", 10), 0);
  assert.deepStrictEqual(query.corrections("buton"), ["button"]);
});

test("facets narrow the results and count what each choice gives", () => {
  const { query } = searcher(indexData());
  const rules = { scopes: ["rules"], edition: "", advice: [], status: [] };
  assert.deepStrictEqual(query.search("button", 0, rules).map((r) => r.record.kind), ["r", "r", "r"]);
  const current = { scopes: [], edition: "", advice: [], status: ["current"] };
  const results = query.search("button", 0, current);
  assert.ok(!results.some((r) => r.record.status === "l"), "legacy left out");
  const facets = results.facets();
  assert.strictEqual(facets.type.rules, 2);
  assert.strictEqual(facets.status.legacy, 1);
  assert.strictEqual(facets.edition["iOS 12"], 1);
  assert.deepStrictEqual(query.chosen(rules, "type"), ["rules"]);
});

// A larger index of generated records, so that a search with a limit takes its shortcuts
// (title matches by bound, bodies while one could still enter).
function generated() {
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];
  const han = "导航栏标签按钮图标";
  const records = [];
  for (let n = 0; n < 400; n++) {
    const w = (k) => words[(n * 7 + k * 3) % words.length];
    const kind = ["c", "s", "rd", "ra", "rc", "t"][n % 6];
    const title = n % 3 ? `${w(0)} ${w(1)}` : han.slice(n % 7, n % 7 + 2) + w(2);
    const body = `${w(3)} ${w(4)} ${w(0)}s ${han.slice(n % 5, n % 5 + 3)} ${w(5)}ing`;
    records.push([kind, kind === "t" ? -1 : n % 2, title, body, `Part · Chapter ${n % 9}`, `en/${n}.html`, `id.${n}`, "", ""]);
  }
  return indexData({ records, synonyms: [["bravo charlie", "delta"]] });
}

test("a query set's order is stable, and a limited search gives the full ranking's first", () => {
  const data = generated();
  const queries = ["alpha", "alp", "bravo charlie", "导航", "航栏", "echo", "echos", "hotel india", "juliet golf", "标签 alpha", "delt", "foxtrotin"];
  const first = queries.map((q) => urls(data, q));
  assert.ok(first.every((list) => list.length > 0), "every query finds something");
  assert.ok(first.some((list) => list.length > 48), "some query takes the limited path");
  const { query } = searcher(data);
  queries.forEach((q, k) => {
    assert.deepStrictEqual(query.search(q, 0, ALL).map((r) => r.record.url), first[k], `${q}: again`);
    assert.deepStrictEqual(query.search(q, 12, ALL).map((r) => r.record.url), first[k].slice(0, 12), `${q}: limited`);
  });
  // Score, then kind, then place in the index (the same as the search before its modules).
  assert.deepStrictEqual(first[4].slice(0, 6), ["en/120.html", "en/204.html", "en/330.html", "en/36.html", "en/162.html", "en/246.html"]);
});

// The fixture handbook's index as the builder splits it, small (Tests/shared/search-chunked,
// kept current by SearchTests): its head, record chunks, term shards, words and titles, and the
// same index in one file (single.js).
const fs = require("node:fs");
const CHUNKED = path.join(__dirname, "../shared/search-chunked");
function runScript(file) {
  const window = {};
  let call = null;
  window.HANDBOOK_SEARCH_CHUNK = (name, contents) => { call = { name, contents }; };
  new Function("window", fs.readFileSync(file, "utf8"))(window);
  return window.HANDBOOK_SEARCH_INDEX || call;
}
// Searches a fresh chunked index as the page does: search, load what it wanted, again, until
// it wants nothing more. Returns the last results and every file it loaded.
function searchChunked(language, q, limit, choice) {
  const { index, query } = searcher(runScript(path.join(CHUNKED, language, "search-index.js")));
  const loaded = [];
  for (let round = 0; round < 30; round++) {
    const results = query.search(q, limit, choice || ALL);
    const names = index.wanted();
    if (!names.length) return { results, loaded };
    names.forEach((name) => {
      const call = runScript(path.join(CHUNKED, language, "search-index", `${name}.js`));
      assert.strictEqual(String(call.name), String(name));
      index.receive(call.name, call.contents);
      loaded.push(String(name));
    });
  }
  throw new Error(`${q}: still loading after 30 rounds`);
}
// Queries over the fixture: every word and every one to four Han characters of every title,
// their first letters, and some that need more (typos, pinyin, synonyms, several words).
function fixtureQueries(single) {
  const queries = new Set(["navigatoin", "buton", "dhl", "gongju", "tab bar", "bar button", "按钮 标题", "x", "zzzz"]);
  single.records.forEach((r) => {
    (r[2].toLowerCase().match(/[a-z0-9]+/g) || []).forEach((w) => { queries.add(w); queries.add(w.slice(0, 2)); queries.add(w[0]); });
    (r[2].match(/[\u3400-\u9fff]+/g) || []).forEach((run) => {
      for (let n = 1; n <= 4; n++) for (let i = 0; i + n <= run.length; i++) queries.add(run.substr(i, n));
    });
  });
  return Array.from(queries).sort();
}

for (const language of ["zh", "en"]) {
  test(`a chunked index (${language}) gives what the same index in one file gives, loading only what a query needs`, () => {
    const singleData = runScript(path.join(CHUNKED, language, "single.js"));
    const single = searcher(singleData).query;
    const files = fs.readdirSync(path.join(CHUNKED, language, "search-index"));
    const queries = fixtureQueries(singleData);
    assert.ok(queries.length > 60, `${queries.length} queries`);
    const legacy = { scopes: [], edition: "", advice: [], status: ["legacy"] };
    const narrowed = { scopes: ["rules", singleData.scopes[0][0]], edition: singleData.editions[0], advice: ["do", "avoid"], status: ["current"] };
    let fewer = 0;
    queries.forEach((q) => {
      for (const [limit, choice] of [[12, ALL], [0, ALL], [12, legacy], [12, narrowed], [1, ALL], [3, ALL]]) {
        const expected = single.search(q, limit, choice);
        const { results, loaded } = searchChunked(language, q, limit, choice);
        const label = `${language} '${q}' limit ${limit}`;
        assert.deepStrictEqual(results.map((r) => r.record.url), expected.map((r) => r.record.url), label);
        assert.deepStrictEqual(results.map((r) => r.score), expected.map((r) => r.score), `${label}: scores`);
        assert.strictEqual(results.total, expected.total, `${label}: total`);
        assert.strictEqual(results.suggestion, expected.suggestion, `${label}: suggestion`);
        assert.deepStrictEqual(results.facets(), expected.facets(), `${label}: facets`);
        if (limit === 12 && loaded.length < files.length / 2) fewer++;
      }
    });
    // A query loads its own shards and the chunks of the records it shows, not the index.
    assert.ok(fewer > queries.length * 0.8, `${fewer} of ${queries.length} queries loaded less than half the files`);
  });
}

test("a chunked index loads the shard of a word's key, and the chunks of the records it shows", () => {
  const head = runScript(path.join(CHUNKED, "en", "search-index.js"));
  const { results, loaded } = searchChunked("en", "toolbar", 12);
  const shard = "t" + head.directory["to"];
  assert.ok(loaded.includes(shard), loaded.join(" "));
  const chunkOf = (i) => String(head.chunks.findIndex(([first, count]) => i >= first && i < first + count));
  const shown = new Set(results.map((r) => chunkOf(r.record.order)));
  // Beyond the shards, titles.js (a Latin query may be pinyin) and the chunks shown: nothing else.
  const chunks = loaded.filter((name) => /^\d+$/.test(name));
  assert.deepStrictEqual(chunks.slice().sort(), Array.from(shown).sort(), "only the chunks of the results");
  assert.ok(results.length > 0);
});
