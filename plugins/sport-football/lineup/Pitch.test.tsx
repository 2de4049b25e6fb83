import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import type { LineupPlayer } from '../../../contract/matchData';
import { fitName, formationLines, nameWidth, Pitch } from './Pitch';

describe('formationLines', () => {
  const p = (id: number, position: string) => ({ id, number: id, name: `P${id}`, position });
  const eleven = [p(1, 'G'), p(2, 'D'), p(3, 'D'), p(4, 'D'), p(5, 'D'), p(6, 'M'), p(7, 'M'), p(8, 'M'), p(9, 'M'), p(10, 'F'), p(11, 'F')];

  it('splits the outfield players by the formation, goalkeeper first', () => {
    expect(formationLines(eleven, [4, 2, 3, 1]).map((line) => line.map((x) => x.id))).toEqual([[1], [2, 3, 4, 5], [6, 7], [8, 9, 10], [11]]);
  });

  it('groups by position when the formation does not add up', () => {
    expect(formationLines(eleven, [4, 4, 3]).map((line) => line.length)).toEqual([1, 4, 4, 2]);
    expect(formationLines([], [4, 4, 2])).toEqual([]);
  });
});

/** Long real-world names in the five interface languages' scripts (the feed sends names in the member's language). */
const NAMES: Record<string, string[]> = {
  en: ['Trent Alexander-Arnold', 'Pierre-Emerick Aubameyang', 'Kevin De Bruyne', 'Wojciech Szczęsny', 'Mohamed Salah', 'Virgil van Dijk'],
  'zh-CN': ['克里斯蒂亚诺·罗纳尔多', '亚历山大-阿诺德', '凯文·德布劳内', '维吉尔·范戴克', '穆罕默德·萨拉赫', '武磊'],
  'zh-TW': ['克里斯蒂亞諾·羅納度', '亞歷山大-阿諾德', '凱文·迪布尼', '維吉爾·雲迪克', '穆罕默德·沙拿', '武磊'],
  vi: ['Nguyễn Quang Hải', 'Đặng Văn Lâm', 'Nguyễn Hoàng Đức', 'Quế Ngọc Hải', 'Nguyễn Tiến Linh', 'Đoàn Văn Hậu'],
  th: ['ธีรศิลป์ แดงดา', 'ชนาธิป สรงกระสินธ์', 'ศุภชัย ใจเด็ด', 'ธีราทร บุญมาทัน', 'กวินทร์ ธรรมสัจจานันท์', 'สารัช อยู่เย็น'],
};

function eleven(language: string, side: number): LineupPlayer[] {
  const names = NAMES[language]!;
  return Array.from({ length: 11 }, (_, i) => ({ id: side * 100 + i, number: i + 1, name: names[i % names.length]!, position: i === 0 ? 'G' : 'X' }));
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  label: string;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every name's box on the pitch, from where the pitch puts each player and the width it gave the name. */
function nameBoxes(container: HTMLElement): { names: Box[]; shirts: Box[] } {
  const names: Box[] = [];
  const shirts: Box[] = [];
  for (const player of container.querySelectorAll('g[transform]')) {
    const [, x, y] = /translate\(([\d.]+) ([\d.]+)\)/.exec(player.getAttribute('transform')!)!.map(Number) as [number, number, number];
    const text = player.querySelector('text:last-of-type')!;
    const width = Number(text.getAttribute('data-width'));
    const baseline = y + Number(text.getAttribute('y'));
    names.push({ left: x - width / 2, right: x + width / 2, top: baseline - 4.2, bottom: baseline + 1.2, label: text.textContent! });
    shirts.push({ left: x - 6, right: x + 6, top: y - 6, bottom: y + 6, label: player.querySelector('title')!.textContent! });
  }
  return { names, shirts };
}

describe('<Pitch> names', () => {
  const formations = [
    [4, 4, 2],
    [4, 2, 3, 1],
    [4, 1, 2, 1, 2],
    [3, 4, 3],
  ];

  for (const language of Object.keys(NAMES)) {
    it(`keeps every name box clear of the others and of other shirts (${language})`, () => {
      for (const formation of formations) {
        const { container, unmount } = render(
          <Pitch home={formationLines(eleven(language, 1), formation)} away={formationLines(eleven(language, 2), formation)} label="pitch" />,
        );
        const { names, shirts } = nameBoxes(container);
        expect(names).toHaveLength(22);
        for (let i = 0; i < names.length; i++) {
          for (let j = i + 1; j < names.length; j++) {
            if (overlaps(names[i]!, names[j]!)) throw new Error(`${formation.join('-')}: "${names[i]!.label}" overlaps "${names[j]!.label}"`);
          }
          shirts.forEach((shirt, j) => {
            if (j !== i && overlaps(names[i]!, shirt)) throw new Error(`${formation.join('-')}: "${names[i]!.label}" covers the shirt of ${shirt.label}`);
          });
          // Readable: some of the name is left, never just an ellipsis.
          expect(names[i]!.label.replace('…', '').length).toBeGreaterThanOrEqual(2);
        }
        unmount();
      }
    });
  }
});

describe('fitName', () => {
  it('keeps a name that fits, drops given names before cutting, and cuts with an ellipsis last', () => {
    expect(fitName('Salah', 30)).toEqual({ text: 'Salah', width: nameWidth('Salah'), squeezed: false });
    expect(fitName('Kevin De Bruyne', nameWidth('De Bruyne') + 0.1).text).toBe('De Bruyne');
    expect(fitName('克里斯蒂亚诺·罗纳尔多', nameWidth('罗纳尔多') + 0.1).text).toBe('罗纳尔多');
    const cut = fitName('Aubameyang', 14);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.width).toBeLessThanOrEqual(14);
  });
});
