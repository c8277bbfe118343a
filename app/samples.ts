import { makeCase, type TestCaseState } from '../src/share/index.js';
import shop from '../public/samples/shop-robots.txt?raw';

/** The case a first visit opens. */
export const SAMPLE_CASE: TestCaseState = {
  ...makeCase(shop, [{ url: 'https://www.example-shop.com/checkout/payment?step=2', crawler: { kind: 'text', value: 'Googlebot' } }]),
  bulkUrls: [
    'https://www.example-shop.com/',
    'https://www.example-shop.com/products/red-shoes',
    'https://www.example-shop.com/checkout/payment',
    'https://www.example-shop.com/search?q=shoes',
    'https://www.example-shop.com/search/help',
    'https://www.example-shop.com/internal/press/2024',
    'https://www.example-shop.com/assets/site.css',
    'https://www.example-shop.com/product?id=7&sessionid=abc',
  ].join('\n'),
};
