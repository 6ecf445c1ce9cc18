/**
 * The name a signer types against the name the form was sent to. The form records the signatory
 * from the request; the typed name is kept as what they typed, and one that does not resemble the
 * signatory's asks them to confirm before signing.
 */

/** A name's words for comparison, with case, accents and punctuation left aside: "José O'Neil-Ruiz" → jose, oneil, ruiz. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Two words name the same part of a name: the same word, or one is the other's initial. */
function wordsMatch(a: string, b: string): boolean {
  return a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));
}

/** Whether every word of `few` matches a different word of `many`, in any order. */
function allMatched(few: readonly string[], many: readonly string[], used: boolean[] = []): boolean {
  const [first, ...rest] = few;
  if (first === undefined) return true;
  return many.some((word, i) => {
    if (used[i] || !wordsMatch(first, word)) return false;
    used[i] = true;
    if (allMatched(rest, many, used)) return true;
    used[i] = false;
    return false;
  });
}

/**
 * Whether a typed name resembles the signatory's: the same words whatever their case, accents and
 * order, where an initial stands for its word ("J. Lee", "Lee, Jo") and a middle name may be added
 * or left out ("Jo Ann Lee"). At least two words must match (one, for a one-word name), one of
 * them whole: "Jo" or "J. L." alone does not name Jo Lee.
 */
export function namesResemble(typed: string, signatory: string): boolean {
  const a = nameWords(typed);
  const b = nameWords(signatory);
  if (a.length === 0 || b.length === 0) return false;
  if (a.join('') === b.join('')) return true;
  const [few, many] = a.length <= b.length ? [a, b] : [b, a];
  if (few.length < Math.min(2, many.length)) return false;
  return few.some((w) => w.length > 1 && many.includes(w)) && allMatched(few, many);
}

/**
 * The typed name where it reads differently from the signatory's (beyond case, accents, spacing
 * and punctuation), to be shown beside it as "typed: …"; null where it is the same name.
 */
export function typedNameNote(typed: string, signatory: string): string | null {
  return nameWords(typed).join(' ') === nameWords(signatory).join(' ') ? null : typed.trim();
}

/** "Jo Lee (typed: Mallory Impostor)" where the typed name differs, otherwise the name alone. */
export function nameWithTyped(signatory: string, typed: string | null | undefined): string {
  const note = typed ? typedNameNote(typed, signatory) : null;
  return note ? `${signatory.trim()} (typed: ${note})` : signatory.trim();
}
