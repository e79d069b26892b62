"""camelcade in English, German, French and Danish: choosing a language, typed command
words, and (for developers) building the catalogues.

The words themselves are ``camelcade.core.words`` (``t``, ``tn``, ``pt`` and
``language(code)``), which reads the compiled catalogues with the standard library alone.
This package is what the front ends use around them: :mod:`.languages` (which languages
exist, and which one a person asked for), :mod:`.commands` (the words a person types at
a prompt, in their language), and the build tools :mod:`.build` and :mod:`.extract`,
which need Babel and run only when catalogues are extracted or compiled.
"""

from camelcade.i18n.languages import (
    ENV_VARIABLE,
    Language,
    choose,
    codes,
    first_spoken,
    from_accept_language,
    from_environment,
    languages,
    normalise,
    require,
    translated_codes,
)

__all__ = ["ENV_VARIABLE", "Language", "choose", "codes", "first_spoken", "from_accept_language",
           "from_environment", "languages", "normalise", "require", "translated_codes"]
