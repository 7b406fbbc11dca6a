/**
 * Saving a chart as a file, entirely in the page. Charts that may be exported draw with
 * presentation attributes (stroke, fill, font) rather than CSS classes, so the serialised SVG looks
 * the same outside the page; the PNG is that SVG drawn onto a canvas at twice its size, on white.
 */

/** Saves a Blob under `filename` through a temporary object URL (no network). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  // Revoke after the click has been handled; revoking synchronously can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file-name stem from a chart title ("R, T, A vs wavelength" → "r-t-a-vs-wavelength"). */
export function fileStem(title: string): string {
  const stem = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return stem || 'chart';
}

/** A standalone SVG document for the chart (namespace declared, size fixed, XML prolog). */
export function serializeSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const { width, height } = svgSize(svg);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox.baseVal;
  if (box && box.width > 0 && box.height > 0) return { width: box.width, height: box.height };
  return { width: svg.width.baseVal.value || 800, height: svg.height.baseVal.value || 400 };
}

export function exportSvg(svg: SVGSVGElement, title: string): void {
  downloadBlob(`${fileStem(title)}.svg`, new Blob([serializeSvg(svg)], { type: 'image/svg+xml' }));
}

/** Renders the SVG to a PNG (`scale` × its size, white background) and saves it. */
export async function exportPng(svg: SVGSVGElement, title: string, scale = 2): Promise<void> {
  const { width, height } = svgSize(svg);
  const url = URL.createObjectURL(new Blob([serializeSvg(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser gives no 2-D canvas, so the chart cannot be saved as PNG (save it as SVG instead)');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the canvas could not encode a PNG');
    downloadBlob(`${fileStem(title)}.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
