/** A dependency-free page for trying the auth endpoints from a browser. */
export function homePage(basePath: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gatehouse example</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
form{display:grid;gap:.5rem;margin:1rem 0}pre{background:#f4f4f4;padding:1rem;overflow:auto}</style></head>
<body><main>
<h1>Gatehouse example</h1>
<p>Auth lives under <code>${basePath}</code>. Try <a href="${basePath}/ok">${basePath}/ok</a>.</p>
<form id="signup"><h2>Sign up</h2>
<label>Name <input name="name" required></label>
<label>Email <input name="email" type="email" required></label>
<label>Password <input name="password" type="password" minlength="8" required></label>
<button>Sign up</button></form>
<form id="signin"><h2>Sign in</h2>
<label>Email <input name="email" type="email" required></label>
<label>Password <input name="password" type="password" required></label>
<button>Sign in</button></form>
<button id="signout">Sign out</button>
<h2>Session</h2><pre id="session" aria-live="polite">loading…</pre>
<script type="module">
const base = ${JSON.stringify(basePath)};
const call = (path, body) => fetch(base + path, { method: body ? "POST" : "GET", credentials: "include",
  headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined })
  .then(async (r) => ({ status: r.status, data: await r.json().catch(() => null) }));
const show = async () => { const r = await call("/get-session"); document.getElementById("session").textContent = JSON.stringify(r.data, null, 2); };
for (const id of ["signup", "signin"]) document.getElementById(id).addEventListener("submit", async (e) => {
  e.preventDefault(); const body = Object.fromEntries(new FormData(e.target));
  const r = await call(id === "signup" ? "/sign-up/email" : "/sign-in/email", body);
  if (r.status !== 200) alert(r.data?.message ?? "Failed"); await show(); });
document.getElementById("signout").addEventListener("click", async () => { await call("/sign-out", {}); await show(); });
show();
</script></main></body></html>`;
}
