import { describe, expect, it } from 'vitest';
import { hoistEmotionStyles, PRERENDERED_CSS_ATTRIBUTE } from '@/app/prerender-styles';

describe("a prerendered page's styles (web/app/prerender-styles.ts)", () => {
  it('takes every emotion style out of the markup: the globals as they are, the rest merged in order', () => {
    const html =
      '<style data-emotion="css-global a1">@layer reset,base;</style>' +
      '<div><style data-emotion="css x1">.css-x1{color:red}</style><p class="css-x1">one</p>' +
      '<style data-emotion="css y2 z3">.css-y2{margin:0}.css-z3{padding:0}</style><p class="css-y2 css-z3">two</p>' +
      '<style data-emotion="css-global b2">body{margin:0}</style></div>';
    const { head, body } = hoistEmotionStyles(html);
    expect(body).toBe('<div><p class="css-x1">one</p><p class="css-y2 css-z3">two</p></div>');
    expect(head).toBe(
      '<style data-emotion="css-global a1">@layer reset,base;</style>' +
        '<style data-emotion="css-global b2">body{margin:0}</style>' +
        '<style data-emotion="css x1 y2 z3">.css-x1{color:red}.css-y2{margin:0}.css-z3{padding:0}</style>',
    );
  });

  it('keeps a style written twice once, and leaves a page without styles alone', () => {
    const twice = '<style data-emotion="css x1">.css-x1{color:red}</style><i></i><style data-emotion="css x1">.css-x1{color:red}</style>';
    expect(hoistEmotionStyles(twice)).toEqual({ head: '<style data-emotion="css x1">.css-x1{color:red}</style>', body: '<i></i>' });
    expect(hoistEmotionStyles('<p>plain</p>')).toEqual({ head: '', body: '<p>plain</p>' });
  });

  it('refuses what it cannot merge faithfully: two caches, or an element repeating only some ids', () => {
    expect(() => hoistEmotionStyles('<style data-emotion="css a">x</style><style data-emotion="other b">y</style>')).toThrow(/two emotion caches/);
    expect(() => hoistEmotionStyles('<style data-emotion="css a">x</style><style data-emotion="css a b">y</style>')).toThrow(/repeats/);
  });
});

describe("the landing page's styles, as plain elements emotion never moves (`static`)", () => {
  it('keeps the same CSS in the same order, the ids and key in their own attribute, the globals marked empty', () => {
    const html =
      '<style data-emotion="css-global a1">@layer reset,base;</style>' +
      '<div><style data-emotion="css x1">.css-x1{color:red}</style><p class="css-x1">one</p>' +
      '<style data-emotion="css y2 z3">.css-y2{margin:0}.css-z3{padding:0}</style><p class="css-y2 css-z3">two</p></div>';
    const { head, body } = hoistEmotionStyles(html, 'static');
    expect(body).toBe('<div><p class="css-x1">one</p><p class="css-y2 css-z3">two</p></div>');
    expect(head).toBe(
      `<style ${PRERENDERED_CSS_ATTRIBUTE}="">@layer reset,base;</style>` +
        `<style ${PRERENDERED_CSS_ATTRIBUTE}="css x1 y2 z3">.css-x1{color:red}.css-y2{margin:0}.css-z3{padding:0}</style>`,
    );
    expect(head).not.toContain('data-emotion');
  });
});
