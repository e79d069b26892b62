// A seat name, counted as the server counts it: in user-perceived characters (grapheme
// clusters), not in the UTF-16 code units HTML's maxlength counts, so 👨‍👩‍👧 is one
// character and a name in any script is as long as it looks. The limit is the server's
// own (<meta name="camelcade-name-chars">, from names.py): one rule, page and server.
// The name a person used is kept in this browser and offered for their next match.

import { t, tn } from "./i18n.js";
import { saveSetting, settings } from "./store.js";

const meta = (name) => Number(document.querySelector(`meta[name="${name}"]`)?.content);
export const NAME_CHARS = meta("camelcade-name-chars") || 32;
const MAXLENGTH = meta("camelcade-name-maxlength") || 16 * NAME_CHARS;  // a backstop only
const segmenter = typeof Intl.Segmenter === "function"
  ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

export function characters(text) {
  return segmenter ? [...segmenter.segment(text)].length : [...text].length;
}

// Why the server would refuse this length, in the page's language and its own words;
// "" when the name fits. (Other problems, a control character say, the server tells.)
export function nameProblem(text) {
  const count = characters(text.trim());
  if (count <= NAME_CHARS) return "";
  return tn("This name is {count} character long; a name can have at most {limit}.",
    "This name is {count} characters long; a name can have at most {limit}.", count, { limit: NAME_CHARS });
}

// Ties a name box to its hint: the name used last time is filled in, the hint says how
// many characters are left as one types, or why the name is too long (the box is then
// marked invalid). Returns the name to send (null when empty) and a way to keep it.
export function nameBox(input, hint) {
  input.maxLength = MAXLENGTH;
  if (!input.value) input.value = settings().name || "";
  const update = () => {
    const problem = nameProblem(input.value);
    const left = NAME_CHARS - characters(input.value.trim());
    hint.textContent = problem || tn("{count} character left.", "{count} characters left.", left);
    hint.classList.toggle("cc-error", Boolean(problem));
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };
  input.addEventListener("input", update);
  update();
  return {
    name: () => input.value.trim() || null,
    problem: () => nameProblem(input.value),
    keep: () => saveSetting("name", input.value.trim()),
  };
}
