import { afterEach, describe, expect, it, vi } from "vitest";
import { createAddressGuard, refusedHostReason } from "../../../src/plugins/billing/webhooks/address-guard";
import { parseIPv4, parseIPv6 } from "../../../src/plugins/billing/webhooks/ip-address";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("IP address parser", () => {
  it.each([
    ["127.0.0.1", 0x7f000001],
    ["2130706433", 0x7f000001],
    ["0x7f000001", 0x7f000001],
    ["0x7f.1", 0x7f000001],
    ["0177.0.0.1", 0x7f000001],
    ["017700000001", 0x7f000001],
    ["127.1", 0x7f000001],
    ["127.0.1", 0x7f000001],
    ["10.0.0.1.", 0x0a000001],
    ["0", 0],
    ["0x", 0],
    ["255.255.255.255", 0xffffffff],
    ["8.8.8.8", 0x08080808],
  ])("IPv4 %s", (text, value) => {
    expect(parseIPv4(text)).toBe(value);
  });

  it.each([
    "256.0.0.1",
    "1.2.3.4.5",
    "08.0.0.1",
    "1.2.3.256",
    "4294967296",
    "example.com",
    "",
    "1..2",
    "0x1g",
  ])("not IPv4: %j", (text) => {
    expect(parseIPv4(text)).toBeNull();
  });

  it.each([
    ["::1", 1n],
    ["[::1]", 1n],
    ["::", 0n],
    ["0:0:0:0:0:0:0:1", 1n],
    ["::ffff:127.0.0.1", 0xffff7f000001n],
    ["::ffff:7f00:1", 0xffff7f000001n],
    ["fe80::1%eth0", (0xfe80n << 112n) | 1n],
    ["2001:db8::8:800:200c:417a", 0x20010db80000000000080800200c417an],
  ])("IPv6 %s", (text, value) => {
    expect(parseIPv6(text)).toBe(value);
  });

  it.each(["1:2:3:4:5:6:7:8:9", "::1::", "12345::", "::ffff:1.2.3", "g::1", "127.0.0.1", ":::"])(
    "not IPv6: %j",
    (text) => {
      expect(parseIPv6(text)).toBeNull();
    },
  );
});

describe("refused hosts (no DNS)", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f.1", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["localhost", "loopback"],
    ["api.localhost", "loopback"],
    ["0.0.0.0", "this-network"],
    ["10.1.2.3", "private (10.0.0.0/8)"],
    ["172.16.0.1", "private (172.16.0.0/12)"],
    ["172.31.255.255", "private (172.16.0.0/12)"],
    ["192.168.1.1", "private (192.168.0.0/16)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["169.254.169.254", "link-local (169.254.0.0/16)"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback (::1)"],
    ["::", "unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local (fe80::/10)"],
    ["febf::1", "link-local (fe80::/10)"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped link-local"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::192.168.0.1", "NAT64 private"],
    ["2002:7f00:1::", "6to4 loopback"],
    ["2002:c0a8:101::1", "6to4 private"],
  ])("%s is refused (%s)", (host, reason) => {
    expect(refusedHostReason(host)).toContain(reason);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "169.253.255.255",
    "11.0.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "2002:808:808::1",
    "2001::1",
    "merchant.example",
    "localhost.example.com",
  ])("%s is allowed", (host) => {
    expect(refusedHostReason(host)).toBeNull();
  });
});

describe("address guard", () => {
  it("refuses private URLs at create/update with a clear 400, unless allowed", () => {
    const guard = createAddressGuard({ allowPrivateAddresses: false });
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://[::1]/",
      "http://2130706433/",
      "http://localhost/",
    ]) {
      expect(
        refusal(() => guard.assertAllowedUrl(url)),
        url,
      ).toMatch(/Webhook URLs may not point to a loopback/);
    }
    expect(refusal(() => guard.assertAllowedUrl("http://169.254.169.254/latest"))).toMatch(/link-local/);
    expect(guard.assertAllowedUrl("https://merchant.example/hooks")).toBe("https://merchant.example/hooks");
    const open = createAddressGuard({ allowPrivateAddresses: true });
    expect(open.assertAllowedUrl("http://127.0.0.1:8080/x")).toBe("http://127.0.0.1:8080/x");
  });

  it("defaults: allowed outside production, refused when NODE_ENV=production", () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(createAddressGuard().allowPrivate).toBe(true);
    vi.stubEnv("NODE_ENV", "production");
    expect(createAddressGuard().allowPrivate).toBe(false);
    expect(refusal(() => createAddressGuard().assertAllowedUrl("http://10.0.0.1/"))).toMatch(/private/);
  });

  it("checks every resolved address at delivery (injected resolver)", async () => {
    const answers: Record<string, string[]> = {
      "public.example": ["93.184.216.34", "2606:2800:220:1::1"],
      "rebind.example": ["93.184.216.34", "10.0.0.7"],
      "metadata.example": ["::ffff:169.254.169.254"],
    };
    const guard = createAddressGuard({
      allowPrivateAddresses: false,
      resolveHost: async (host) => {
        const found = answers[host];
        if (!found) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
        return found;
      },
    });
    expect(await guard.deliveryRefusal("https://public.example/hooks")).toBeNull();
    expect(await guard.deliveryRefusal("https://rebind.example/hooks")).toBe(
      "rebind.example resolves to 10.0.0.7, a private (10.0.0.0/8) address",
    );
    expect(await guard.deliveryRefusal("https://metadata.example/")).toContain("IPv4-mapped link-local");
    expect(await guard.deliveryRefusal("https://nowhere.example/")).toContain(
      "could not resolve nowhere.example",
    );
    expect(await guard.deliveryRefusal("http://127.0.0.1/")).toContain("loopback");
  });
});

/** The field message of the 400 an address check throws (the table message is generic). */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    const body = (error as { body?: { code?: string; issues?: { message: string }[] } }).body;
    expect(body?.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
    return body?.issues?.[0]?.message ?? "";
  }
  throw new Error("expected the address to be refused");
}
