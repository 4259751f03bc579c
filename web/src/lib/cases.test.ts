import { logoUrl, pictureBase, socialUrl } from './cases';

describe('case links', () => {
  test('a logo is served as uploaded, a picture by its generated sizes', () => {
    expect(logoUrl({ logo: '/images/cases/icon-4.svg' })).toBe('/images/cases/icon-4.svg');
    expect(pictureBase({ image: '/images/cases/case-8.webp' })).toBe('/images/cases/built/case-8');
    expect(pictureBase({ image: '/images/cases/shop.front.JPG' })).toBe(
      '/images/cases/built/shop.front',
    );
  });

  test('links the social profile by sType', () => {
    expect(socialUrl({ sType: 'x', social: 'mint' })).toBe('https://x.com/mint');
    expect(socialUrl({ sType: 'ig', social: 'mint' })).toBe('https://www.instagram.com/mint');
  });
});
