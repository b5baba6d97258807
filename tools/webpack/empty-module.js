// Stands in for stylesheets in the server bundles (tools/webpack/server-render.js).
