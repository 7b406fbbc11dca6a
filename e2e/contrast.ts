import type { Locator } from '@playwright/test';

/**
 * WCAG AA text contrast inside one element, measured in the page: each element that holds text is
 * checked, its colour against the first opaque background behind it (ancestors' backgrounds
 * composed), at 4.5:1 for normal text and 3:1 for large text (24 px, or 18.66 px bold). There is no
 * axe-core here; this covers what the transcript dialog has (solid colours, no images behind text).
 */
export interface ContrastFailure {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

export function contrastFailures(root: Locator): Promise<ContrastFailure[]> {
  return root.evaluate((rootEl) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m?.[1]) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    };
    const over = (top: number[], bottom: number[]): number[] => {
      const a = top[3] ?? 1;
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (bottom[i] ?? 0) * (1 - a)).concat(1);
    };
    const background = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if ((bg[3] ?? 0) > 0) layers.push(bg);
        if ((bg[3] ?? 0) >= 1) break;
      }
      let out = [255, 255, 255, 1];
      for (const layer of layers.reverse()) out = over(layer, out);
      return out;
    };
    const lum = (c: number[]): number => {
      const [r, g, b] = [0, 1, 2].map((i) => {
        const v = (c[i] ?? 0) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const failures: ContrastFailure[] = [];
    for (const el of [rootEl, ...Array.from(rootEl.querySelectorAll('*'))]) {
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!ownText) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || (el as HTMLElement).offsetParent === null && style.position !== 'fixed') continue;
      const bg = background(el);
      const fg = over(parse(style.color), bg);
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = ((l1 ?? 0) + 0.05) / ((l2 ?? 0) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed) failures.push({ text: (el.textContent ?? '').trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100, needed, color: style.color, background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})` });
    }
    return failures;
  });
}
