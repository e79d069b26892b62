"""The shared words: whole translatable sentences, plural forms, lists, repeated events."""

from __future__ import annotations

import gettext

from camelcade.core.words import (
    Counted,
    Sentence,
    and_list,
    group_repeats,
    language,
    set_catalogue_loader,
    t,
    tn,
    worded_once,
)

DRAWS = {"{seat} draws a card.": Counted("{seat} draws {count} card.",
                                        "{seat} draws {count} cards.")}


def test_sentences_keep_their_message_and_values() -> None:
    said = t("{seat} draws a card.", seat="Yellow")
    assert said == "Yellow draws a card." and isinstance(said, Sentence)
    assert said.message == "{seat} draws a card." and dict(said.values) == {"seat": "Yellow"}


def test_plural_forms_are_chosen_by_number() -> None:
    assert tn("{count} point", "{count} points", 1) == "1 point"
    assert tn("{count} point", "{count} points", 0) == "0 points"
    assert tn("{seat} wins with {count} point.", "{seat} wins with {count} points.", 7,
              seat="Red") == "Red wins with 7 points."


def test_lists_read_as_people_say_them() -> None:
    assert and_list([]) == ""
    assert and_list(["Red"]) == "Red"
    assert and_list(["Red", "Yellow"]) == "Red and Yellow"
    assert and_list(["Red", "Yellow", "Orange"]) == "Red, Yellow and Orange"


def test_a_run_of_the_same_event_is_told_once_counted() -> None:
    yellow = [t("{seat} draws a card.", seat="Yellow")] * 3
    red = t("{seat} draws a card.", seat="Red")
    moved = t("{seat} moves.", seat="Red")
    told = group_repeats([*yellow, red, moved, moved], DRAWS)
    assert told == ["Yellow draws 3 cards.", "Red draws a card.", "Red moves.", "Red moves."]


class _German(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return {"{seat} draws a card.": "{seat} zieht eine Karte."}.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "{count} Punkt" if n == 1 else "{count} Punkte"


def test_the_current_language_picks_the_catalogue_and_falls_back_to_english() -> None:
    set_catalogue_loader(lambda code: _German() if code == "de" else None)
    try:
        with language("de"):
            assert t("{seat} draws a card.", seat="Gelb") == "Gelb zieht eine Karte."
            assert tn("{count} point", "{count} points", 2) == "2 Punkte"
        with language("fr"):
            assert t("{seat} draws a card.", seat="Jaune") == "Jaune draws a card."
        assert t("{seat} draws a card.", seat="Red") == "Red draws a card."
    finally:
        set_catalogue_loader(None)  # the packaged catalogues again, as a fresh process has


def test_a_gathered_run_tells_its_different_values_together() -> None:
    own = {"You draw {card}.": Counted("You draw {card}.", "You draw {card}.", gather="card")}
    draws = [t("You draw {card}.", card=card) for card in ("oasis 2", "mirage 1", "the storm")]
    other = t("{seat} draws a card.", seat="Yellow")
    assert group_repeats([*draws, other], own) == [
        "You draw oasis 2, mirage 1 and the storm.", "Yellow draws a card."]
    assert group_repeats(draws[:1], own) == ["You draw oasis 2."]


def test_a_counted_message_may_itself_be_plural_aware() -> None:
    paid = tn("{seat} pays {count} coin.", "{seat} pays {count} coins.", 1, seat="Red")
    forms = {"{seat} pays {count} coin.": Counted("{seat} pays a coin {count} time.",
                                                 "{seat} pays a coin {count} times.")}
    assert group_repeats([paid, paid], forms) == ["Red pays a coin 2 times."]


def test_a_remembered_sentence_is_keyed_by_exact_type_and_language() -> None:
    """Sentences are remembered by their values, but ``True == 1 == 1.0`` as keys and not
    as text, and each language (each catalogue) has its own."""
    assert t("{n} left", n=1) == "1 left"
    assert t("{n} left", n=True) == "True left"
    assert t("{n} left", n=1.0) == "1.0 left"
    assert t("{n} left", n=[1]) == "[1] left"  # unhashable: made, not remembered
    assert tn("{count} point", "{count} points", True) == "True point"
    assert tn("{count} point", "{count} points", 1) == "1 point"
    set_catalogue_loader(lambda code: _German() if code == "de" else None)
    try:
        with language("de"):
            assert t("{seat} draws a card.", seat="Gelb") == "Gelb zieht eine Karte."
        set_catalogue_loader(lambda code: None)  # a new loader: nothing is remembered
        with language("de"):
            assert t("{seat} draws a card.", seat="Gelb") == "Gelb draws a card."
    finally:
        set_catalogue_loader(None)  # the packaged catalogues again, for the tests after


def test_a_remembered_sentence_keeps_its_message_and_values() -> None:
    first = t("{seat} draws a card.", seat="Red")
    again = t("{seat} draws a card.", seat="Red")
    assert again == first and again.message == first.message and again.values == first.values
    other = t("{seat} moves.", seat="Red")
    assert other.message == "{seat} moves."


def test_text_worded_once_is_made_once_per_language() -> None:
    made: list[str] = []

    def make(seat: str) -> str:
        made.append(seat)
        return str(t("{seat} draws a card.", seat=seat))

    set_catalogue_loader(lambda code: _German() if code == "de" else None)
    try:
        assert worded_once(("draws", "Rot"), make, "Rot") == "Rot draws a card."
        assert worded_once(("draws", "Rot"), make, "Rot") == "Rot draws a card."
        with language("de"):
            assert worded_once(("draws", "Rot"), make, "Rot") == "Rot zieht eine Karte."
        assert made == ["Rot", "Rot"]
    finally:
        set_catalogue_loader(None)  # the packaged catalogues again, for the tests after
