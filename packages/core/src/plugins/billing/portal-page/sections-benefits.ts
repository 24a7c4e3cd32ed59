import type { PortalBenefits } from "../portal/benefits";
import { escapeHtml, formatDate, humanize } from "./format";
import { defineSection } from "./section";

type Data = Awaited<ReturnType<PortalBenefits["benefits"]>>;
type Grant = Data["grants"][number];
type Key = Data["licenseKeys"][number];
type File = Data["downloadables"][number];

const number = new Intl.NumberFormat("en-US");

/** "20 B", "1.4 MB": file sizes for people. */
export function fileSize(bytes: number) {
  const units = ["B", "KB", "MB", "GB"];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit++;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
}

const PROVIDERS: Record<string, string> = { discord: "Discord", github_repository: "GitHub" };

function waiting(g: Grant) {
  const provider = PROVIDERS[g.type];
  if (provider && g.waitingFor === "no_linked_account")
    return `Connect your ${provider} account to this shop's app to receive this benefit. It is granted as soon as the account is linked.`;
  if (provider) return `We are setting up your ${provider} access. Please check again in a few minutes.`;
  return "This benefit is being prepared. Please check again in a few minutes.";
}

/** A key, masked; its buttons are described by the benefit's heading (`titleId`). */
function keyCard(k: Key, titleId: string) {
  const id = escapeHtml(k.id);
  const about = ` aria-describedby="${escapeHtml(titleId)}"`;
  const activations = k.activations ?? [];
  const limit = k.limitActivations;
  const rows = activations
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.label)}</td><td>${formatDate(a.createdAt)}</td><td><button type="button" class="secondary small" data-action="deactivate" data-key="${id}" data-id="${escapeHtml(a.id)}" aria-label="Deactivate ${escapeHtml(a.label)}">Deactivate</button></td></tr>`,
    )
    .join("");
  const table = k.canDeactivate
    ? activations.length
      ? `<table class="list"><caption class="hint">Deactivate a device to free its place for another one.</caption><thead><tr><th scope="col">Device</th><th scope="col">Activated</th><th scope="col"><span class="sr-only">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p class="empty">No device is activated with this key.</p>`
    : "";
  return `<div class="license" data-license="${id}">
<div class="key-row"><span class="key-label" id="key-label-${id}">License key</span>
<code class="key" id="key-${id}" aria-labelledby="key-label-${id}" data-masked="${escapeHtml(k.displayKey)}">${escapeHtml(k.displayKey)}</code>
<button type="button" class="secondary small" data-action="reveal" data-id="${id}" aria-pressed="false" aria-controls="key-${id}"${about}>Show key</button>
<button type="button" class="secondary small" data-action="copy" data-id="${id}"${about}>Copy key</button></div>
<dl><dt>Status</dt><dd>${escapeHtml(humanize(k.status))}</dd>
${k.expiresAt ? `<dt>Expires</dt><dd>${formatDate(k.expiresAt)}</dd>` : ""}
${k.limitUsage !== null ? `<dt>Usage</dt><dd>${number.format(k.usage)} of ${number.format(k.limitUsage)}</dd>` : ""}
${limit !== null ? `<dt>Activations</dt><dd>${activations.length} of ${limit} devices</dd>` : ""}</dl>
${table}</div>`;
}

const fileItem = (f: File) =>
  `<li><a class="button secondary small" href="${escapeHtml(f.downloadUrl)}" download="${escapeHtml(f.name)}" aria-label="Download ${escapeHtml(f.name)}">Download</a> <span>${escapeHtml(f.name)}</span> <span class="hint">${escapeHtml(fileSize(f.size))}</span></li>`;

function grantBody(g: Grant, data: Data) {
  if (g.status === "pending") return `<p class="hint">${escapeHtml(waiting(g))}</p>`;
  if (g.type === "custom") return g.note ? `<p class="note">${escapeHtml(g.note)}</p>` : "";
  if (g.type === "license_keys")
    return data.licenseKeys
      .filter((k) => k.benefitId === g.benefitId)
      .map((k) => keyCard(k, `benefit-${g.id}-title`))
      .join("");
  if (g.type === "downloadables") {
    const files = data.downloadables.filter((f) => f.benefitId === g.benefitId);
    return files.length
      ? `<ul class="files">${files.map(fileItem).join("")}</ul><p class="hint">Download links are valid for a limited time; reload this page for fresh ones.</p>`
      : `<p class="empty">No files are available right now.</p>`;
  }
  if (g.type === "github_repository")
    return `<p>You have access to the GitHub repository <strong>${escapeHtml(g.repository ?? "")}</strong>${g.account ? ` as ${escapeHtml(g.account)}` : ""}.</p>`;
  if (g.type === "discord") return `<p>Your Discord role is active.</p>`;
  if (g.type === "meter_credit" && g.units !== null && g.units !== undefined)
    return `<p>${number.format(g.units)} units are credited to your usage balance (see Usage).</p>`;
  return "";
}

const badge = (g: Grant) =>
  g.status === "granted"
    ? `<span class="badge">Active</span>`
    : `<span class="badge warn">Waiting for you</span>`;

export const benefitsSection = defineSection<Data>({
  id: "benefits",
  title: "Benefits",
  load: ({ actions, access }) => actions.benefits(access),
  render: (data) =>
    data.grants.length
      ? data.grants
          .map(
            (
              g,
            ) => `<article class="card" data-benefit="${escapeHtml(g.id)}" aria-labelledby="benefit-${escapeHtml(g.id)}-title">
<div class="card-head"><h3 id="benefit-${escapeHtml(g.id)}-title">${escapeHtml(g.description || humanize(g.type))}</h3>${badge(g)}</div>
${grantBody(g, data)}</article>`,
          )
          .join("")
      : `<p class="empty">You have no benefits yet.</p>`,
});

type Usage = Awaited<ReturnType<PortalBenefits["usage"]>>;

export const usageSection = defineSection<Usage>({
  id: "usage",
  title: "Usage",
  load: ({ actions, access }) => actions.usage(access),
  render: (data) =>
    data.items.length
      ? `<table class="list" aria-label="Usage by meter"><thead><tr><th scope="col">Meter</th><th scope="col" class="num">Used</th><th scope="col" class="num">Credited</th><th scope="col" class="num">Balance</th></tr></thead><tbody>${data.items
          .map(
            (m) =>
              `<tr data-meter="${escapeHtml(m.meterId)}"><th scope="row">${escapeHtml(m.name)}</th><td class="num">${number.format(m.consumedUnits)}</td><td class="num">${number.format(m.creditedUnits)}</td><td class="num${m.balance < 0 ? " negative" : ""}">${number.format(m.balance)}</td></tr>`,
          )
          .join("")}</tbody></table>`
      : `<p class="empty">No usage recorded yet.</p>`,
});
