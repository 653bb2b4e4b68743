// What the embed page's elements show, as scripts any engine's driver can evaluate: the worked example's first row
// of weights (from the map's screen-reader table), the en-ja translator's words, and whether the elements'
// adopted stylesheet applies (the map's legend is a flex row only with it).
export const elementsState = `(() => {
  const map = document.querySelector('#worked-example')?.shadowRoot;
  const row = map?.querySelector('.heatmap table tbody tr');
  const legend = map?.querySelector('.heatmap-legend');
  const words = document.querySelector('#translator')?.shadowRoot?.querySelectorAll('.translation-output .token') ?? [];
  return { map: row ? [...row.querySelectorAll('td')].map((td) => td.textContent) : null, japanese: [...words].map((t) => t.textContent).join(' '),
    styled: legend ? getComputedStyle(legend).display === 'flex' : false };
})()`;

/** True once both elements have drawn. */
export const elementsShown = `(() => { const s = ${elementsState}; return s.map !== null && s.japanese.endsWith('<eos>'); })()`;

/** What the worked example and the en-ja example sentence must show, styled. */
export const expectedElements = {
  map: ['0.1554', '0.4223', '0.4223'],
  japanese: 'maria wa niwa de ringo o taberu <eos>',
  styled: true,
};
