// Renders /api/openapi.json with Redoc: /api/docs/redoc.standalone.js is Redoc's own bundle, copied
// from node_modules at build time (site/scripts/api-docs.mjs), so the page loads nothing from elsewhere.
/* global Redoc, document */
Redoc.init(
  '/api/openapi.json',
  {
    // Redoc's search runs in a blob: Web Worker, which the page's policy does not allow.
    disableSearch: true,
    expandResponses: '200,201',
    hideHostname: true,
    pathInMiddlePanel: true,
    sortTagsAlphabetically: false,
  },
  document.getElementById('redoc'),
);
