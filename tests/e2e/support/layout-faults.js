// What a person sees wrong in a page's layout, found from the geometry the browser laid out (run in the page with
// page.evaluate): the page scrolling sideways; a menu, field or button narrower than the text it shows, or cut off
// at the screen's edge; two labels, legends, headings or controls drawn over each other. Each fault is a line
// naming the elements by what a person reads on them. Pointer target sizes are axe-core's rule (WCAG 2.2 2.5.8,
// with its spacing and inline exceptions): layout.test.js runs it beside this.
//
// Only what is on screen in the page's flow counts: an element inside a closed <details>, a collapsed section or a
// container that scrolls sideways on purpose (a wide table, a token strip) is skipped for the edge check there.

/**
 * @param {{ textPixels?: number }} [options] textPixels: the smallest size body text may be drawn at, on screen (in
 *   present mode, for the back of a room); headings must then be larger still. The maps' own labels (canvas and
 *   SVG) and the matrices' numbers are figures, not body text, and keep their size.
 * @returns {string[]} the faults, one line each
 */
export function layoutFaults({ textPixels = 0 } = {}) {
  const faults = [];
  const root = document.documentElement;
  const overflow = root.scrollWidth - root.clientWidth;
  if (overflow > 0) faults.push(`the page scrolls sideways by ${overflow} px`);

  /** Hidden from the eye on purpose (a screen reader's copy of a map's numbers): clipped to nothing. */
  const clippedAway = (node) => {
    for (let parent = node; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) return true;
    }
    return false;
  };
  const shown = (node) => {
    // Skipped content (content-visibility: auto, far from the screen) keeps the place it had: not what is seen.
    if (!node.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) || clippedAway(node))
      return false;
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const name = (node) => {
    const text = (node.value && node.tagName === 'SELECT' ? node.selectedOptions[0]?.text : null) ?? node.textContent;
    const words = (text || node.getAttribute('aria-label') || node.id || node.tagName).trim().replace(/\s+/g, ' ');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} “${words.slice(0, 40)}”`;
  };
  /** Whether an ancestor scrolls sideways (its overflow is meant: the person scrolls it), or clips to hide. */
  const clippedByDesign = (node) => {
    for (let parent = node.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const { overflowX } = getComputedStyle(parent);
      if (overflowX !== 'visible') return true;
    }
    return false;
  };

  // Text a control shows, measured in the control's own font.
  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (node, text) => {
    const style = getComputedStyle(node);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const controls = [...document.querySelectorAll('#app select, #app button, #app input:not([type="hidden"])')].filter(
    shown,
  );
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (!clippedByDesign(control) && (box.left < -0.5 || box.right > root.clientWidth + 0.5))
      faults.push(`${name(control)} is cut off at the edge (${Math.round(box.left)}-${Math.round(box.right)} px)`);
    const style = getComputedStyle(control);
    const inner = box.width - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (control.tagName === 'SELECT') {
      // The chosen option's text, beside the menu's arrow (about one em).
      const text = control.selectedOptions[0]?.text ?? '';
      const needed = textWidth(control, text) + Number.parseFloat(style.fontSize);
      if (text && inner < needed)
        faults.push(`${name(control)} is ${Math.round(box.width)} px wide, narrower than its text`);
    } else if (control.tagName === 'BUTTON') {
      if (control.scrollWidth > control.clientWidth + 1 || (control.textContent.trim() && inner < 8))
        faults.push(`${name(control)} is ${Math.round(box.width)} px wide, narrower than its text`);
    } else if (['text', 'search', 'number', ''].includes(control.type)) {
      const text = control.value || control.placeholder || '';
      // A field may be narrower than a long sentence in it, but never too narrow to show a word of it.
      if (inner < Math.min(textWidth(control, text), textWidth(control, 'MMMM')))
        faults.push(`${name(control)} is ${Math.round(box.width)} px wide, too narrow to type in`);
    }
  }

  // Labels, legends, headings (their text, not their boxes: a heading's box spans the line) and controls: no two
  // drawn over each other, but for one inside the other (a label's own field).
  const textBoxes = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
  };
  const textual = [
    ...document.querySelectorAll('#app :is(h1, h2, h3, h4, legend, .field-label, label, figcaption, th)'),
  ].filter(shown);
  const pieces = [
    ...textual.flatMap((node) => textBoxes(node).map((rect) => ({ node, rect }))),
    ...controls.map((node) => ({ node, rect: node.getBoundingClientRect() })),
  ];
  const reported = new Set();
  for (let i = 0; i < pieces.length; i += 1) {
    for (let j = i + 1; j < pieces.length; j += 1) {
      const a = pieces[i];
      const b = pieces[j];
      if (a.node === b.node || a.node.contains(b.node) || b.node.contains(a.node)) continue;
      const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (width <= 2 || height <= 2) continue; // touching, or a border's width apart
      const line = `${name(a.node)} is drawn over ${name(b.node)}`;
      if (!reported.has(line)) faults.push(line);
      reported.add(line);
    }
  }
  if (textPixels) faults.push(...typeFaults(textPixels, shown, name));
  return faults;

  /** Text drawn smaller than `smallest` px on screen, one fault per size and kind of element; a heading not larger. */
  function typeFaults(smallest, isShown, nameOf) {
    const zoom = Number(document.documentElement.style.zoom) || 1;
    const found = new Map();
    const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (
        !text.textContent.trim() ||
        !parent ||
        parent.closest('svg, canvas, math, .editor-grid, [aria-hidden="true"]')
      )
        continue;
      if (!isShown(parent)) continue;
      const pixels = Number.parseFloat(getComputedStyle(parent).fontSize) * zoom;
      const heading = /^H[1-3]$/.test(parent.tagName);
      const least = heading ? smallest * 1.15 : smallest;
      if (pixels + 0.01 >= least) continue;
      const line = `${nameOf(parent)} is ${Math.round(pixels * 10) / 10} px, under ${Math.round(least)} px`;
      const kind = `${parent.tagName} ${parent.className} ${Math.round(pixels)}`;
      if (!found.has(kind)) found.set(kind, line);
    }
    return [...found.values()];
  }
}
