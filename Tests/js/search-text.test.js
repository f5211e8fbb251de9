// search.js's text module under node (`node --test Tests/js`): the cases Swift's
// SearchNormalizer is held to (Tests/shared/search-matching.json), so that the site and the
// tools cannot drift apart.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const path = require("node:path");
const HandbookSearchText = require(path.join(__dirname, "../../templates/assets/search/10-text.js"));
const fixture = require(path.join(__dirname, "../shared/search-matching.json"));

const text = HandbookSearchText(fixture.variants);

function matches(query, haystack) {
  const tokens = text.tokens(query);
  const normalized = text.normalize(haystack);
  return tokens.length > 0 && tokens.every((t) => text.occurs(normalized, t, text.isHanCode(t.charCodeAt(0))));
}

test("normalises as SearchNormalizer does", () => {
  for (const c of fixture.normalize) assert.strictEqual(text.normalize(c.text), c.normalized, c.text);
});

test("matches the shared cases", () => {
  assert.ok(fixture.matches.length >= 10);
  for (const c of fixture.matches) assert.strictEqual(matches(c.query, c.text), c.matches, `${c.query} in ${c.text}: ${c.note}`);
});

test("find gives the best occurrence: a whole word before a prefix", () => {
  const at = text.find("tabs tab", "tab", false);
  assert.strictEqual(at >> 2, 5);
  assert.ok(at & text.WHOLE_WORD && at & text.WORD_START);
  assert.strictEqual(text.find("stable", "tab", false), -1);
  assert.strictEqual(text.find("使用导航栏", "航栏", true) >> 2, 3);
});

test("a table of variants comes from the index, character by character", () => {
  assert.strictEqual(HandbookSearchText("").normalize("導航"), "導航");
  assert.strictEqual(HandbookSearchText("導导").normalize("導航"), "导航");
});
