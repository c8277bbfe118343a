import type { TestCaseState } from '../src/share/index.js';
import shop from '../public/samples/shop-robots.txt?raw';

/** The case a first visit opens. */
export const SAMPLE_CASE: TestCaseState = {
  robots: shop,
  tests: [{ url: 'https://www.example-shop.com/checkout/payment?step=2', crawler: { kind: 'text', value: 'Googlebot' } }],
  active: 0,
};
