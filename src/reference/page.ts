import { assetPath } from './assets.ts';

/** Where the page reads the document from: the server's own copy, so it is always this build's. */
export const OPENAPI_PATH = '/v2/openapi.json';

/**
 * The reference page: a short header, then Swagger UI rendering the OpenAPI document. Nothing in
 * it varies per request, so it is built once.
 */
export function referencePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cohort API v2 reference</title>
<link rel="icon" type="image/png" href="${assetPath('favicon-32x32.png')}">
<link rel="stylesheet" href="${assetPath('swagger-ui.css')}">
<link rel="stylesheet" href="${assetPath('reference.css')}">
</head>
<body>
<header class="cohort-header">
<h1>Cohort API v2 reference</h1>
<p>Every endpoint of the Research Study Recruitment API, with its parameters, bodies, responses,
errors and examples, rendered from <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).
To send a request from this page, choose <strong>Authorize</strong> and paste an API key
(<code>ck_...</code>); it stays in this page and is sent only to this server.</p>
<p><code>dashboard_url</code> and <code>links.dashboard</code> values are pages for people to open
in a browser; <code>links.self</code>, <code>links.launch</code> and <code>links.submissions</code>
are API paths.</p>
</header>
<div id="reference" data-openapi-url="${OPENAPI_PATH}"></div>
<noscript><p>The reference needs JavaScript; the document itself is at
<a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p></noscript>
<script src="${assetPath('swagger-ui-bundle.js')}"></script>
<script src="${assetPath('reference.js')}"></script>
</body>
</html>
`;
}
