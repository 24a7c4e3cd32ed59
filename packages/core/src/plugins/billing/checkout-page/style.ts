/** Minimal, readable styles with visible focus and sufficient contrast. */
export const CHECKOUT_PAGE_STYLE = `
body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f6f7f9;color:#1f2328}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.1rem;color:#57606a;margin:0 0 1rem}h2{font-size:1.25rem;margin:.25rem 0}
dl{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem}dd{margin:0;text-align:right}
fieldset{border:0;padding:0;margin:1rem 0}legend{font-weight:600;margin-bottom:.5rem}
.field{display:flex;flex-direction:column;margin:.5rem 0}.field.check{flex-direction:row;gap:.5rem;align-items:center}
.field.inline{flex-direction:row;gap:.5rem;align-items:flex-end}.field.inline .field{flex:1}
label{font-size:.9rem;margin-bottom:.25rem}
input,select{font:inherit;padding:.55rem .6rem;border:1px solid #8c959f;border-radius:.4rem}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#cf222e}
.error{color:#cf222e;font-size:.85rem;margin:.2rem 0 0;min-height:0}.hint{color:#57606a;font-size:.8rem;margin:.2rem 0 0}
button{font:inherit;padding:.65rem 1rem;border:0;border-radius:.4rem;background:#0969da;color:#fff;cursor:pointer}
button:disabled{opacity:.6}
:focus-visible{outline:3px solid #fb8500;outline-offset:2px}
.status{min-height:1.2rem;font-weight:600}
[hidden]{display:none!important}
.form-error{background:#ffebe9;border:1px solid #ff8182;color:#82071e;border-radius:.4rem;padding:.65rem .8rem;margin:0 0 1rem;font-weight:600}
.form-error:focus{outline:3px solid #cf222e;outline-offset:2px}
.req{color:#cf222e}
#authenticate{border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin-top:1rem}
`;
