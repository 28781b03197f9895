// Starts Swagger UI on the document named by the page (no inline script: the page's CSP forbids it).
window.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('reference');
  window.ui = window.SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    domNode: root,
    deepLinking: true,
    // The online validator badge would send the document to a third party.
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
    showExtensions: false,
  });
});
