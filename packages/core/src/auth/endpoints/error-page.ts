const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The auth error page: a heading, a generic explanation, a link to the application root, and the
 * error code from the `error` query parameter (default "Unknown"), HTML-escaped. `nonce` marks the
 * page's own stylesheet for its Content-Security-Policy.
 */
export function renderErrorPage(appName: string, code: string | null, nonce?: string): string {
  const shown = escapeHtml(code && code.length > 0 ? code : "Unknown");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authentication error - ${escapeHtml(appName)}</title>
<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}
code{background:#f1f3f5;padding:.15rem .4rem;border-radius:.25rem}</style></head>
<body>
<main>
<h1>Something went wrong</h1>
<p>We could not complete your sign-in request. Please try again; if the problem persists, contact the site's support.</p>
<p>Error code: <code id="error-code">${shown}</code></p>
<p><a href="/">Return to the application</a></p>
</main>
</body>
</html>`;
}
