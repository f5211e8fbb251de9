// search.js's index and query modules under node (`node --test Tests/js`): a small index in
// the shape of docs/search-index.md (version 3), searched as the site searches it.
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

// RECORDS as a chunked index's head (docs/search-index.md, Chunks): chunk 0 the first four
// records, chunk 1 the rest, and a directory of the keys each chunk holds.
function chunkedData() {
  const text = HandbookSearchText("導导欄栏");
  const chunks = [[0, 4], [4, 4]], sets = [], directory = {};
  const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const keysOf = new Map();
  RECORDS.forEach((r, n) => {
    const chunk = n < 4 ? 0 : 1;
    const body = text.normalize([r[2], r[3], r[4], r[6]].join(" "));
    const keys = (body.match(/[a-z0-9\u00c0-\u1fff]+/g) || []).map((w) => w.slice(0, 2))
      .concat((body.match(/[\u3400-\u9fff]/g) || []));
    keys.forEach((key) => { if (!keysOf.has(key)) keysOf.set(key, new Set()); keysOf.get(key).add(chunk); });
  });
  for (const [key, holding] of keysOf) {
    const bits = BASE64[[...holding].reduce((sum, c) => sum | (1 << c), 0)];
    if (!sets.includes(bits)) sets.push(bits);
    directory[key] = sets.indexOf(bits);
  }
  const head = indexData({ records: [], chunks, total: RECORDS.length, directory, sets, titles: true });
  return { head, rows: [RECORDS.slice(0, 4), RECORDS.slice(4)] };
}

test("a chunked index searches the chunks a query needs, once they are in", () => {
  const { head, rows } = chunkedData();
  const { index, query } = searcher(head);
  assert.deepStrictEqual(query.search("vague", 12, ALL).map((r) => r.record.url), []);
  // A Latin query may be pinyin: it asks for titles.js too.
  assert.deepStrictEqual(index.wanted(), ["titles", 0], "vague is only in chunk 0");
  query.search("button", 12, ALL);
  assert.deepStrictEqual(index.wanted(), ["titles", 0, 1], "button is in both");
  query.search("航栏", 12, ALL);
  assert.deepStrictEqual(index.wanted(), [1]);
  index.receive(1, rows[1]);
  index.receive(0, rows[0]);
  assert.deepStrictEqual(index.loadedChunks(), ["0", "1"]);
  // Record numbers run on from chunk to chunk: the same results as the single index.
  for (const q of ["button", "航栏", "navig", "tab bar"]) {
    assert.deepStrictEqual(query.search(q, 12, ALL).map((r) => r.record.url), urls(indexData(), q, 12), q);
  }
  assert.deepStrictEqual(index.wanted(), ["titles"], "only titles.js is still out");
  // The pinyin search reads titles.js.
  assert.deepStrictEqual(query.alternatives("dhl"), [["dhl", 0]]);
  assert.deepStrictEqual(index.wanted(), ["titles"]);
  index.receive("titles", RECORDS.filter((r) => /[\u3400-\u9fff]/.test(r[2])).map((r) => [r[0][0], r[2]]));
  assert.deepStrictEqual(query.alternatives("dhl"), [["dhl", 0], ["导航栏", 6]]);
  // Typos are corrected once everything the query needs is in (titles.js too, for a Latin query).
  const corrected = query.search("navigatoin", 12, ALL);
  assert.strictEqual(corrected.suggestion, "navigation");
  assert.deepStrictEqual(corrected.map((r) => r.record.url), urls(indexData(), "navigatoin", 12));
});
