import { type Precompiled, SchemaSet } from './schema-set.js';

type ForEachSchema = (doc: Record<string, unknown>, visit: (schema: unknown) => void) => void;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A path template (`/v1/chains/{chainId}`) as an anchored regex; each `{variable}` matches
 * one segment, or only its listed values when `allowed` names them.
 */
export function templateRegex(
  template: string,
  allowed: (name: string) => string[] | undefined = () => undefined,
  trailingSlash = false,
): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegex(part);
      names.push(name);
      const values = allowed(name);
      return values ? `(${values.map(escapeRegex).join('|')})` : '([^/]+)';
    })
    .join('');
  return { regex: new RegExp(`^${source}${trailingSlash ? '/?' : ''}$`), names };
}

/** A bundled spec document and the ajv schema sets made from it, one per mode, created once. */
export class SpecDocument {
  /** The schema sets created so far, by id (one per strict/coerce combination). */
  readonly sets = new Map<string, SchemaSet>();

  constructor(
    readonly name: string,
    readonly doc: Record<string, unknown>,
    /** Validators compiled ahead of time, by schema set id and key. */
    readonly precompiled: Precompiled,
    private readonly forEachSchema: ForEachSchema,
  ) {}

  /** The four sets by `strict * 2 + coerce`, so that the hot path builds no id string. */
  readonly #bySwitch: (SchemaSet | undefined)[] = [];

  schemas({ strict, coerce = false }: { strict: boolean; coerce?: boolean }): SchemaSet {
    const slot = (strict ? 2 : 0) + (coerce ? 1 : 0);
    const known = this.#bySwitch[slot];
    if (known) return known;
    const id = `${this.name}-${strict}-${coerce}.json`;
    let set = this.sets.get(id);
    if (!set) {
      const precompiled = this.precompiled[id];
      set = new SchemaSet(id, this.doc, this.forEachSchema, {
        strict,
        coerce,
        ...(precompiled ? { precompiled } : {}),
      });
      this.sets.set(id, set);
    }
    this.#bySwitch[slot] = set;
    return set;
  }
}
