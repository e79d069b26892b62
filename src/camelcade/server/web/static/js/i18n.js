// The web app's words in the page's language. The server serves each page in a language
// (its address's ?lang, the setting below, the browser's Accept-Language) and says which
// in <html lang>; this module reads that language's messages from /i18n/<lang>.json (the
// same gettext catalogue as the terminal's, compiled for the browser) before the page's
// module runs: every page module starts with `await ready;`. English is the source and the
// fallback: a message without translation is said in English.
//
//   t("{name} joined.", { name })            a sentence, placeholders named
//   tn("one move", "{count} moves", n)       a counted sentence, the language's own forms
//   N_("show this list of keys")             marks text kept as data; translate() says it

export const lang = document.documentElement.lang || "en";
const COOKIE = "camelcade_lang";
let catalogue = { messages: {}, plural_categories: ["one", "other"] };

async function load() {
  if (lang === "en") return;
  try {
    const response = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
    if (response.ok) catalogue = await response.json();
  } catch {
    // offline or refused: the page speaks English rather than nothing
  }
}

export const ready = load();
const plurals = new Intl.PluralRules(lang);

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function translate(message) {
  const found = catalogue.messages[message];
  return typeof found === "string" && found ? found : message;
}

export function t(message, values = {}) {
  return fill(translate(message), values);
}

export function tn(singular, plural, count, values = {}) {
  const forms = catalogue.messages[singular];
  let text = count === 1 ? singular : plural;
  if (Array.isArray(forms)) {
    // the catalogue's forms are in gettext's order; CLDR's category picks one (a category
    // the catalogue has no form of, French "many", takes the last: "other")
    const index = catalogue.plural_categories.indexOf(plurals.select(count));
    text = forms[index < 0 ? forms.length - 1 : index] || text;
  }
  return fill(text, { count, ...values });
}

export function N_(message) {
  return message;
}

// The language setting: a cookie the server reads for every page. Choosing a language in
// the header's form keeps it (and ?lang=xx in an address keeps it too).
export function chooseLanguage(code) {
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
}

const asked = new URLSearchParams(location.search).get("lang");
if (asked) chooseLanguage(asked);
const picker = document.getElementById("cc-lang");
if (picker) {
  picker.addEventListener("change", () => {
    chooseLanguage(picker.value);
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url);
  });
}
