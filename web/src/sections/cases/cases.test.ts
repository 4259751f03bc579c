import { CASES } from './caseData';
import { iconNumber, iconUrl, socialUrl } from './cases';

describe('case icons', () => {
  test('the first five cases use icons 1 to 5', () => {
    expect([0, 1, 2, 3, 4].map(iconNumber)).toEqual([1, 2, 3, 4, 5]);
  });

  test('index 5 and above reuse icon 4', () => {
    expect([5, 6, 7, 12].map(iconNumber)).toEqual([4, 4, 4, 4]);
    expect(iconUrl(6)).toBe('/images/cases/icon-4.svg');
  });

  test('each case carries the icon its index maps to', () => {
    CASES.forEach((item, index) => expect(item.ico).toBe(iconNumber(index)));
  });
});

describe('case data', () => {
  test('has the seven cases of the spec: 3 websites, 2 bots, 1 database, 1 AI chatbot', () => {
    const count = (type: string) => CASES.filter((c) => c.type === type).length;
    expect(CASES).toHaveLength(7);
    expect([
      count('website'),
      count('telegram-bot'),
      count('database'),
      count('ai-chatbot'),
    ]).toEqual([3, 2, 1, 1]);
  });

  test('uses preview images 1 to 7 once each', () => {
    expect(CASES.map((c) => c.img).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('links the social profile by sType', () => {
    expect(socialUrl({ sType: 'x', social: 'mint' })).toBe('https://x.com/mint');
    expect(socialUrl({ sType: 'ig', social: 'mint' })).toBe('https://www.instagram.com/mint');
  });

  test('points Learn more at the case page of the docs', () => {
    for (const item of CASES) expect(item.url).toBe(`cases/${item.id}`);
  });
});
