import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { expectConsistentMarkup, file, verseAt } from './test-helpers.ts';

const USFX = `<?xml version="1.0" encoding="utf-8"?>
<usfx xmlns:xsi="http://eBible.org/usfx.xsd">
<book id="PSA"><id id="PSA">Sample</id><h>詩篇</h><toc level="1">詩篇全書</toc><toc level="3">詩</toc>
<c id="23"/><d>大衛的詩。</d>
<q level="1"><v id="1"/>耶和華是我的牧者，<ve/></q><q level="2"><v id="2"/>我必不致缺乏。<f caller="+"><fr>23:2 </fr><ft>或譯：缺少</ft></f><ve/></q>
</book>
<book id="JHN"><h>約翰福音</h>
<c id="3"/><s>神愛世人</s><p><v id="16"/><wj>神愛世人，</wj>甚至將他的<add>獨生子</add>賜給他們。<ve/></p>
</book>
<book id="FRT"><p>front matter</p></book>
</usfx>`;

describe('USFX reader', () => {
  const result = readImport([file('cuv.usfx.xml', USFX)]);

  it('reads books with their <h> and <toc> names', () => {
    expect(result.format).toBe('usfx');
    expect(result.books).toEqual([
      { book: 19, code: 'PSA', names: { long: '詩篇全書', short: '詩篇', abbreviation: '詩' } },
      { book: 43, code: 'JHN', names: { short: '約翰福音' } },
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual(['book FRT is not one of the 66 books: skipped']);
  });

  it('reads verses, titles, poetry, notes, headings and styles', () => {
    expect(result.verses.map((v) => v.text)).toEqual([
      '耶和華是我的牧者，',
      '我必不致缺乏。',
      '神愛世人，甚至將他的獨生子賜給他們。',
    ]);
    const ps1 = verseAt(result, 19, 23, 1)!;
    expect(ps1.markup?.blocks?.[0].block).toMatchObject({ type: 'title', kind: 'psalm' });
    expect(ps1.markup?.breaks).toEqual([{ at: 0, block: 'poetry', level: 1 }]);
    expect(verseAt(result, 19, 23, 2)?.markup?.notes?.[0].note.text).toBe('或譯：缺少');
    const john = verseAt(result, 43, 3, 16)!;
    expect(john.markup?.blocks?.[0].block).toEqual({ type: 'heading', level: 1, text: '神愛世人', source: 'source' });
    expect(john.markup?.spans).toEqual([
      { from: 0, to: 5, style: 'wj' },
      { from: 10, to: 13, style: 'add' },
    ]);
    for (const verse of result.verses) expectConsistentMarkup(verse);
  });
});
