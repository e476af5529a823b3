"""Cards and packs: the French 52 (with a joker), stripped packs, several packs together,
and the 1856 Yankee Notion 50.

A card is its canonical code string. French cards are rank then suit (`AS`, `10D`,
`QC`), the joker is `JK`. Yankee Notion cards are the rank digit then the suit letter:
`F` faces, `L` flags, `E` eagles, `S` stars, `H` shields, so `0F` is John Smith.
Parsing is case-insensitive, accepts `T` for ten and refuses anything else with a
sentence a player can read. The Yankee Notion pack is told apart from the French one by
the game: `2H` names a card in both packs, so every parse and name says which pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from bot.games.errors import IllegalAction
from bot.games.messages import Message, message


class Pack(StrEnum):
    """Which kind of cards a game uses."""

    FRENCH = "french"
    YANKEE = "yankee"


FRENCH_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_SUITS: tuple[str, ...] = ("S", "H", "D", "C")
FRENCH_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
FRENCH_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
FRENCH_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER = "JK"

YANKEE_SUITS: tuple[str, ...] = ("F", "L", "E", "S", "H")
YANKEE_SUIT_NAMES = {"F": "faces", "L": "flags", "E": "eagles", "S": "stars", "H": "shields"}
YANKEE_SUIT_SINGULAR = {"F": "face", "L": "flag", "E": "eagle", "S": "star", "H": "shield"}
FACE_NAMES: tuple[str, ...] = (
    "John Smith",
    "Mrs Sally Smith",
    "The Baby",
    "An Old Maid",
    "An Old Bachelor",
    "Sweet Seventeen",
    "Parson",
    "Ruth, the Quakeress",
    "Ezekiel, Ruth's husband",
    "The Watchman",
)


def french_pack(*, joker: bool = False, without: Iterable[str] = ()) -> tuple[str, ...]:
    """The 52-card French pack in suit order, optionally with a joker and less some cards."""
    removed = {parse_card(code, Pack.FRENCH) for code in without}
    cards = [r + s for s in FRENCH_SUITS for r in FRENCH_RANKS]
    if joker:
        cards.append(JOKER)
    return tuple(c for c in cards if c not in removed)


def piquet_pack() -> tuple[str, ...]:
    """The 32-card piquet/euchre pack: sevens up to aces."""
    return french_pack(without=[r + s for s in FRENCH_SUITS for r in FRENCH_RANKS[1:6]])


def yankee_pack(*, without_ranks: Iterable[int] = ()) -> tuple[str, ...]:
    """The 50-card Yankee Notion pack in suit order, less any whole ranks (e.g. the zeros)."""
    skip = set(without_ranks)
    return tuple(f"{r}{s}" for s in YANKEE_SUITS for r in range(10) if r not in skip)


def packs(pack: Sequence[str], count: int) -> tuple[str, ...]:
    """Several copies of one pack shuffled together (the same code appears count times)."""
    return tuple(pack) * count


def parse_card(text: str, pack: Pack) -> str:
    """The canonical code of a card typed by a player, or IllegalAction saying why not."""
    raw = text.strip().upper()
    if not raw:
        example = "7E" if pack is Pack.YANKEE else "QH"
        raise IllegalAction(
            message("card.refusal.none", "Name a card, for example {code}.", code=example)
        )
    if pack is Pack.YANKEE:
        if len(raw) == 2 and "0" <= raw[0] <= "9" and raw[1] in YANKEE_SUITS:
            return raw
        raise IllegalAction(
            message(
                "card.refusal.not_yankee",
                "'{typed}' is not a Yankee Notion card: write the rank 0-9 then the suit "
                "letter F, L, E, S or H (faces, flags, eagles, stars, shields), like 7E.",
                typed=text.strip(),
            )
        )
    if raw in (JOKER, "JOKER"):
        return JOKER
    rank, suit = raw[:-1], raw[-1:]
    rank = "10" if rank in ("T", "1O") else rank
    if rank in FRENCH_RANKS and suit in FRENCH_SUITS:
        return rank + suit
    raise IllegalAction(
        message(
            "card.refusal.not_french",
            "'{typed}' is not a card: write the rank (A, 2-10 or T, J, Q, K) then the "
            "suit letter S, H, D or C, like 10H or QS.",
            typed=text.strip(),
        )
    )


def parse_cards(codes: Iterable[str], pack: Pack) -> tuple[str, ...]:
    """Parse several card codes with parse_card."""
    return tuple(parse_card(c, pack) for c in codes)


def rank_of(card: str) -> int:
    """The numeric rank of a Yankee Notion card (0-9)."""
    return int(card[0])


def suit_of(card: str) -> str:
    """The suit letter of a card."""
    return card[-1]


def is_face(card: str) -> bool:
    """Whether a Yankee Notion card is one of the Faces."""
    return card[-1] == "F"


def french_short(card: str) -> str:
    """A French card in a few characters, its suit as a symbol: 'K♥', '10♠'."""
    return card if card == JOKER else card[:-1] + FRENCH_SYMBOLS[card[-1]]


_FRENCH_SUITS = {
    "S": message("card.suit.spades", "spades"),
    "H": message("card.suit.hearts", "hearts"),
    "D": message("card.suit.diamonds", "diamonds"),
    "C": message("card.suit.clubs", "clubs"),
}
_FRENCH_SUIT = {
    "S": message("card.suit.spade", "spade"),
    "H": message("card.suit.heart", "heart"),
    "D": message("card.suit.diamond", "diamond"),
    "C": message("card.suit.club", "club"),
}
_YANKEE_SUITS = {
    "F": message("card.suit.faces", "faces"),
    "L": message("card.suit.flags", "flags"),
    "E": message("card.suit.eagles", "eagles"),
    "S": message("card.suit.stars", "stars"),
    "H": message("card.suit.shields", "shields"),
}
_YANKEE_SUIT = {
    "F": message("card.suit.face", "face"),
    "L": message("card.suit.flag", "flag"),
    "E": message("card.suit.eagle", "eagle"),
    "S": message("card.suit.star", "star"),
    "H": message("card.suit.shield", "shield"),
}
_FACES = (
    message("card.face.john-smith", "John Smith"),
    message("card.face.sally-smith", "Mrs Sally Smith"),
    message("card.face.baby", "The Baby"),
    message("card.face.old-maid", "An Old Maid"),
    message("card.face.old-bachelor", "An Old Bachelor"),
    message("card.face.sweet-seventeen", "Sweet Seventeen"),
    message("card.face.parson", "Parson"),
    message("card.face.ruth", "Ruth, the Quakeress"),
    message("card.face.ezekiel", "Ezekiel, Ruth's husband"),
    message("card.face.watchman", "The Watchman"),
)
_JOKER = message("card.joker", "the joker")


def suit_name(suit: str, pack: Pack) -> Message:
    """A suit's name, plural as a trump or a lead is named: 'hearts', 'eagles'."""
    return (_YANKEE_SUITS if pack is Pack.YANKEE else _FRENCH_SUITS)[suit]


def suit_singular(suit: str, pack: Pack) -> Message:
    """A suit's name for one card of it: 'a heart', 'an eagle' say it so."""
    return (_YANKEE_SUIT if pack is Pack.YANKEE else _FRENCH_SUIT)[suit]


def face_name(rank: int) -> Message:
    """A Yankee Notion Face by its rank: John Smith (0) to the Watchman (9)."""
    return _FACES[rank]


def card_name(card: str, pack: Pack) -> Message:
    """A card's name in words: 'John Smith', 'the 7 of eagles', 'the queen of hearts'."""
    if pack is Pack.YANKEE:
        rank = int(card[0])
        if card[1] == "F":
            return _FACES[rank]
        return message(
            "card.name.yankee", "the {rank} of {suit}", rank=rank, suit=_YANKEE_SUITS[card[1]]
        )
    if card == JOKER:
        return _JOKER
    rank_text, suit = card[:-1], _FRENCH_SUITS[card[-1]]
    # A court card's name is its own sentence: the words for it, and their gender, differ.
    if rank_text == "A":
        return message("card.name.ace", "the ace of {suit}", suit=suit)
    if rank_text == "J":
        return message("card.name.jack", "the jack of {suit}", suit=suit)
    if rank_text == "Q":
        return message("card.name.queen", "the queen of {suit}", suit=suit)
    if rank_text == "K":
        return message("card.name.king", "the king of {suit}", suit=suit)
    return message("card.name.french", "the {rank} of {suit}", rank=int(rank_text), suit=suit)


def stacked_deck(deck: Iterable[str], pack_cards: Sequence[str], pack: Pack) -> tuple[str, ...]:
    """A stacked first deal as canonical codes: exactly the game's pack, in the given order."""
    cards = parse_cards(deck, pack)
    if sorted(cards) != sorted(pack_cards):
        raise IllegalAction(
            f"A stacked deck must hold each of the {len(pack_cards)} cards of the pack"
            " exactly once."
        )
    return cards
