import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * The provider's storage: a Map per provider, gone with it. Given explicitly so that the
 * library's warning about its own development adapter does not fill the test output.
 */
export function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expires: number | undefined }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry?.expires !== undefined && entry.expires <= Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key = (id: string) => `${this.name}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), {
        payload,
        expires: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
      });
      if (payload.uid)
        store.set(`${this.name}:uid:${payload.uid}`, { payload, expires: undefined });
      if (payload.userCode) {
        store.set(`${this.name}:userCode:${payload.userCode}`, { payload, expires: undefined });
      }
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      return live(`${this.name}:uid:${uid}`);
    }
    async findByUserCode(userCode: string) {
      return live(`${this.name}:userCode:${userCode}`);
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}
