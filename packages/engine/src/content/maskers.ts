// The maskers: where the mask stage (mask-stage.ts) runs. In this thread, numbering values in the
// caller's session; in a worker, finding values and leaving their numbering to the calling thread
// (`maskedFrom`), so numbers follow the caller's order whichever thread found them.
import { assembleMask, type MaskFinding, prepareMask } from '../mask/mask';
import { loadMaskRules, type MaskRules } from '../mask/rules';
import { DEFAULT_LIMITS, type MaskLimits, tooLarge } from '../mask/scan';
import type { KnownValue, KnownValues, MaskSession } from '../mask/session';
import type { MaskedText, Masker, MaskOutcome, PendingMask } from './mask-stage';
import { maskingUnavailable, type Withheld, withheldByMasking } from './withheld';

/**
 * A masker over rules that load once: the first call waits for them, later calls run at once (a
 * bulk executor masks thousands of files in a row). Rules that fail to load withhold every file
 * this masker is given (the next masker asks for them again).
 */
function withRules(
  rules: () => Promise<MaskRules>,
  limits: MaskLimits,
  run: (rules: MaskRules, text: string, path: string, utf8?: Buffer) => MaskOutcome,
): Masker {
  let loaded: MaskRules | undefined;
  let pending: Promise<MaskRules> | undefined;
  return {
    on: true,
    limit: { bytes: limits.maxBytes, why: tooLarge(limits) },
    mask(text, path, utf8) {
      if (loaded) return run(loaded, text, path, utf8);
      pending ??= rules();
      return pending.then(
        (r) => {
          loaded = r;
          return run(r, text, path, utf8);
        },
        (error) => ({ withheld: maskingUnavailable(error) }),
      );
    },
  };
}

/** Masks in this thread, numbering values in `session`; the rules load on first use. */
export function maskHere(
  session: MaskSession,
  rules: () => Promise<MaskRules> = () => loadMaskRules(),
  limits: MaskLimits = DEFAULT_LIMITS,
): Masker {
  // The session's known values: a value masked in an earlier file is masked here too.
  return withRules(rules, limits, (loaded, text, path, utf8) =>
    outcome(
      assembleMask(prepareMask(text, path, loaded, session.key, limits, utf8, session.known()), session),
    ),
  );
}

export interface PreparedOptions {
  limits?: MaskLimits;
  /** The caller's session's known values when the work was handed over (masked wherever they occur). */
  known?: KnownValues;
  /** Hand every file back prepared, values found or not, for the caller to look in for the values it learned since. */
  always?: boolean;
}

/**
 * Finds values in this thread and leaves their numbering to the caller (a worker: numbers follow
 * the caller's order, whichever thread found them). Values found in one file are looked for in the
 * files this masker is given after it, as the caller's session would. A file without values goes
 * on as it is, unless `always`.
 */
export function maskPrepared(
  key: Buffer,
  rules: () => Promise<MaskRules>,
  { limits = DEFAULT_LIMITS, known, always = false }: PreparedOptions = {},
): Masker {
  // The caller's known values, then those found here; `knownChecked` stays a prefix of the caller's.
  const base = known?.values.length ?? 0;
  const values: KnownValue[] = known ? [...known.values] : [];
  const seen = new Set(values.map((v) => v.identity));
  return withRules(rules, limits, (loaded, text, path, utf8) => {
    const prepared = prepareMask(
      text,
      path,
      loaded,
      key,
      limits,
      utf8,
      values.length ? { values } : undefined,
    );
    if (prepared.withheld !== undefined) return { withheld: prepared.withheld };
    prepared.knownChecked = base;
    for (const m of prepared.marks)
      if (m.anchor !== undefined && !seen.has(m.identity)) {
        seen.add(m.identity);
        values.push({ anchor: m.anchor, length: m.length, identity: m.identity, rule: m.rule });
      }
    return prepared.marks.length || always ? { prepared } : { text, findings: [] };
  });
}

function outcome(r: { text: string; findings: MaskFinding[]; withheld?: string }): MaskOutcome {
  return r.withheld !== undefined ? { withheld: r.withheld } : { text: r.text, findings: r.findings };
}

/** A pending file numbered in `session`: the mask stage finished on the calling thread. */
export function maskedFrom(pending: PendingMask, session: MaskSession): MaskedText | Withheld {
  const r = assembleMask(pending.prepared, session);
  if (r.withheld !== undefined) return withheldByMasking(pending.path, r.withheld, pending.hash);
  return {
    kind: 'masked',
    path: pending.path,
    ...(pending.target ? { target: pending.target } : {}),
    text: r.text,
    hash: pending.hash,
    findings: r.findings,
    masked: true,
  };
}
