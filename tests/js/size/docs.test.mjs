// The documents that quote page sizes quote what scripts/page-size.mjs measures on web/dist: the same table (pages,
// files, budgets and goals) with every figure within 0.5 KB. A build that moves a page by more than that fails here
// until the table is refreshed with `node scripts/page-size.mjs --write-docs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { QUOTING_DOCS, ROOT, measurePages, quotedTable, sizeTable } from '../../../scripts/page-size.mjs';

const TOLERANCE_KB = 0.5;
const FIGURE = /(\d+(?:\.\d+)?) KB/g;

/** A table's rows keyed by their first cell, each as its text with figures blanked and its figures in KB. */
function rows(table) {
  return new Map(table.split('\n').slice(2).map((line) => [line.split(' | ')[0].replace(/^\| /, ''),
    { text: line.replace(FIGURE, '# KB'), figures: [...line.matchAll(FIGURE)].map((m) => Number(m[1])) }]));
}

const measured = rows(sizeTable(measurePages()));

for (const file of QUOTING_DOCS) {
  test(`${file} quotes the page sizes scripts/page-size.mjs measures`, () => {
    const quoted = rows(quotedTable(readFileSync(path.join(ROOT, file), 'utf8'), file).table);
    assert.deepEqual([...quoted.keys()], [...measured.keys()], `${file}: the pages`);
    for (const [page, want] of measured) {
      const got = quoted.get(page);
      assert.equal(got.text, want.text, `${file}: ${page}`);
      got.figures.forEach((kb, i) => assert.ok(Math.abs(kb - want.figures[i]) <= TOLERANCE_KB,
        `${file}: ${page}: quotes ${kb} KB where scripts/page-size.mjs measures ${want.figures[i]} KB; ` +
        'refresh with node scripts/page-size.mjs --write-docs'));
    }
  });
}
