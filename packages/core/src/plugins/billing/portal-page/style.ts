import { INVOICE_STYLE } from "./invoice-html";

/** Portal styles: readable, visible focus, sufficient contrast; printing shows only the content. */
export const PORTAL_PAGE_STYLE = `
body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f6f7f9;color:#1f2328;line-height:1.45}
main{max-width:48rem;margin:2rem auto;padding:1.5rem 2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.top{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem;flex-wrap:wrap;border-bottom:1px solid #d0d7de;padding-bottom:1rem}
.top h1{font-size:1.5rem;margin:0}.merchant{color:#57606a;margin:0;font-weight:600}.who{margin:.25rem 0 0;color:#57606a}
nav.sections ul{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem 1rem;padding:0;margin:1rem 0}
h2{font-size:1.2rem;margin:1.75rem 0 .75rem}h3{font-size:1.05rem;margin:0}
.card{border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin:.75rem 0}
.card-head{display:flex;justify-content:space-between;gap:.5rem;align-items:center;flex-wrap:wrap}
.card dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.75rem 0}
.card dt{color:#57606a}.card dd{margin:0}
.badge{display:inline-block;padding:.1rem .55rem;border-radius:1rem;background:#dafbe1;color:#116329;font-size:.85rem;font-weight:600}
.badge.warn{background:#fff8c5;color:#7d4e00}.badge.off{background:#eaeef2;color:#424a53}
.actions{display:flex;gap:.5rem;flex-wrap:wrap}
nav.actions{margin-bottom:1.5rem}
button,.button{font:inherit;padding:.5rem .9rem;border:1px solid #0969da;border-radius:.4rem;background:#0969da;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:#fff;color:#0969da}
button.danger{background:#cf222e;border-color:#cf222e}
button:disabled{opacity:.6;cursor:progress}
form.panel{border-top:1px solid #d0d7de;margin-top:1rem;padding-top:1rem}
.field{display:flex;flex-direction:column;margin:.5rem 0;max-width:28rem}
label{font-size:.9rem;margin-bottom:.25rem;font-weight:600}
select,textarea,input{font:inherit;padding:.5rem .6rem;border:1px solid #8c959f;border-radius:.4rem}
[aria-invalid=true]{border-color:#cf222e;box-shadow:0 0 0 1px #cf222e}
.error{color:#a40e26;font-size:.9rem;margin:.25rem 0 0}.error:empty{display:none}
.req{color:#a40e26}
fieldset{border:1px solid #d0d7de;border-radius:.4rem;margin:.75rem 0;padding:.25rem .9rem .5rem;max-width:28rem}legend{font-weight:600;padding:0 .25rem}
button.small,.button.small{padding:.25rem .6rem;font-size:.9rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.key-row{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.75rem 0}
.key-label{font-weight:600;font-size:.9rem}
code.key{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border:1px solid #d0d7de;border-radius:.3rem;padding:.3rem .5rem;word-break:break-all}
ul.files,ul.methods{list-style:none;padding:0;margin:.5rem 0}ul.files li,ul.methods li{display:flex;align-items:center;gap:.6rem;padding:.35rem 0;border-bottom:1px solid #eaeef2}
.note{white-space:pre-line;background:#f6f8fa;border-left:3px solid #0969da;padding:.5rem .75rem;margin:.75rem 0}
.negative{color:#a40e26}
textarea{min-height:4.5rem}
.hint{color:#57606a;font-size:.85rem;margin:.2rem 0 .5rem}
table.list{width:100%;border-collapse:collapse}
table.list th,table.list td{padding:.45rem .35rem;border-bottom:1px solid #d0d7de;text-align:left;vertical-align:top}
table.list .num,.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.list caption{text-align:left;caption-side:bottom;padding-top:.5rem}
.preview h4{margin:0 0 .5rem}.preview p{margin:.5rem 0}
.preview{background:#f6f8fa;border:1px solid #d0d7de;border-radius:.4rem;padding:.75rem;margin:.75rem 0}
.preview table{width:100%;border-collapse:collapse}.preview td{padding:.2rem 0}
.status{font-weight:600;color:#116329;margin:.5rem 0 0}.status:not(:empty){background:#dafbe1;border:1px solid #4ac26b;border-radius:.4rem;padding:.65rem .8rem;margin:1rem 0 0}
.form-error{background:#ffebe9;border:1px solid #ff8182;color:#82071e;border-radius:.4rem;padding:.65rem .8rem;margin:1rem 0 0;font-weight:600}
.pager{display:flex;gap:1rem;margin:.75rem 0}
.empty{color:#57606a}
a{color:#0969da}
:focus-visible{outline:3px solid #fb8500;outline-offset:2px}
[hidden]{display:none!important}
${INVOICE_STYLE}
@media print{.top a,nav.sections,.actions,form.panel,.status,.form-error{display:none!important}}
`;
