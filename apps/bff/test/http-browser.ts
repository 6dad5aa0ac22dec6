/**
 * Test support (not shipped): a browser reduced to what a sign-in through a provider needs over
 * real HTTP: cookies per host (with their path, `HttpOnly` ignored as a browser's scripts would
 * not matter here), redirects followed one by one, and form posts. Every hop is recorded.
 */

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** One answer on the way, before its redirect was followed. */
export interface Hop {
  method: string;
  url: string;
  status: number;
  location: string | null;
  setCookie: string[];
}

export class HttpBrowser {
  readonly hops: Hop[] = [];
  private jar = new Map<string, StoredCookie[]>();

  /** The cookies the browser holds for a host, by name. */
  cookies(url: string): Record<string, string> {
    const { host } = new URL(url);
    return Object.fromEntries((this.jar.get(host) ?? []).map((c) => [c.name, c.value]));
  }

  setCookie(url: string, name: string, value: string): void {
    this.store(new URL(url), [`${name}=${value}; Path=/`]);
  }

  forget(url: string, name: string): void {
    const { host } = new URL(url);
    this.jar.set(
      host,
      (this.jar.get(host) ?? []).filter((c) => c.name !== name),
    );
  }

  private store(url: URL, setCookies: string[]): void {
    const list = this.jar.get(url.host) ?? [];
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const path = attr('path') ?? '/';
      const expired = attr('max-age') === '0' || /1970/.test(attr('expires') ?? '');
      const rest = list.filter((c) => !(c.name === name && c.path === path));
      list.length = 0;
      list.push(...rest);
      if (!expired && value !== '') list.push({ name, value, path });
    }
    this.jar.set(url.host, list);
  }

  private cookieHeader(url: URL): string | undefined {
    const list = (this.jar.get(url.host) ?? []).filter((c) => url.pathname.startsWith(c.path));
    return list.length ? list.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** One request, no redirect followed. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    const setCookie = response.headers.getSetCookie();
    this.store(target, setCookie);
    this.hops.push({
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      url,
      status: response.status,
      location: response.headers.get('location'),
      setCookie,
    });
    return response;
  }

  /**
   * Follows redirects from `url` until an answer that is not one, or until `stop` says the next
   * address is where the test wants to step in. Returns the last answer and its address.
   */
  async follow(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
    stop: (next: URL) => boolean = () => false,
  ): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      const next = new URL(location, current);
      if (stop(next)) return { response, url: next.toString() };
      await response.arrayBuffer();
      current = next.toString();
      response = await this.request(current);
    }
    return { response, url: current };
  }
}

/** The `action` of the first form of an HTML page, resolved against its address. */
export function formAction(html: string, pageUrl: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on ${pageUrl}: ${html.slice(0, 300)}`);
  return new URL(action.replace(/&amp;/g, '&'), pageUrl).toString();
}

/** The hidden inputs of the first form, by name. */
export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(match[0])?.[1];
    const value = /value="([^"]*)"/.exec(match[0])?.[1];
    if (name) out[name] = value ?? '';
  }
  return out;
}
